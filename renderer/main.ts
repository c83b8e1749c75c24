/** The renderer's entry: connect the store to the preload's API, then let <tt-app> render. */
import { findApi } from './api';
import { store } from './state/store';
import './components/tt-app';

const api = findApi();
if (api === null) {
  store.loadError = {
    code: 'internal',
    message: 'This window was opened without Teamtray’s bridge. Open it from the tray icon.',
  };
} else {
  void store.connect(api);
}
