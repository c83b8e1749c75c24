/**
 * What changed in the files between versions, as conf migrations: conf records the app version in
 * each file and runs the steps above it, once. A step gets the raw file, before sanitising.
 */
import type { StoreMigrations } from './store-factory';
import { asOrigin } from '../../common/brand';
import { hostOf } from '../flowfuse/base-url';
import { isRecord } from './sanitize';

/** What 0.1.0 filled in for an account saved without a label. */
function legacyDefaultLabel(origin: string): string | null {
  try {
    return origin === 'https://app.flowfuse.com' ? 'FlowFuse Cloud' : hostOf(asOrigin(origin));
  } catch {
    return null;
  }
}

export const SETTINGS_MIGRATIONS: StoreMigrations = {
  /**
   * 0.1.0 called a saved server an "instance" and kept its own `version` key (conf keeps the
   * version now). A label that was only 0.1.0's default (the host) becomes "no label", so the
   * header can say `user @ host` instead of the host twice.
   */
  '0.2.0': (store) => {
    const legacy = store.get('instances');
    if (legacy !== undefined) {
      const accounts = Array.isArray(legacy)
        ? (legacy as readonly unknown[]).map((entry) => {
            if (!isRecord(entry) || typeof entry.origin !== 'string') return entry;
            return entry.label === legacyDefaultLabel(entry.origin)
              ? { ...entry, label: '' }
              : entry;
          })
        : legacy;
      store.set('accounts', accounts);
      store.delete('instances');
    }
    store.delete('version');
  },
};

export const TEAMS_CACHE_MIGRATIONS: StoreMigrations = {
  /** conf keeps the version now. The entries (keyed by account id) did not change. */
  '0.2.0': (store) => {
    store.delete('version');
  },
};
