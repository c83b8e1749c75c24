/**
 * Asks main for the state before anything else runs. main.ts imports this module first, so the
 * bundle evaluates it before Lit and the components: the request travels while they load.
 */
import { findApi } from './api';
import { store } from './state/store';

performance.mark('teamtray:boot');
const api = findApi();
if (api === null) {
  store.loadError = {
    code: 'internal',
    message: 'This window was opened without Teamtray’s bridge. Open it from the tray icon.',
  };
} else {
  void store.connect(api);
}
