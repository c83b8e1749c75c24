/**
 * The app's one store, asking main for the state before anything else runs. main.ts imports this
 * module first, so the bundle evaluates it before Lit and the components: the request travels
 * while they load. tt-app provides this store to every element under it (state/store-context.ts).
 */
import { findApi } from './api';
import { nextFrame } from './state/frame-pushes';
import { Store } from './state/store';

performance.mark('teamtray:boot');

export const store = new Store();

const api = findApi();
if (api === null) {
  store.fail({
    code: 'internal',
    message: 'This window was opened without Teamtray’s bridge. Open it from the tray icon.',
  });
} else {
  // main's pushes applied once per frame: a refresh's many derive the rows once a frame.
  void store.connect(api, { frames: nextFrame });
}
