/**
 * The core's StoreFactory over electron-store: one JSON file per configName in userData, validated
 * with the core's schema, written atomically with mode 0600 (only ciphertext is ever in it, but a
 * settings file still belongs to its user alone).
 *
 * clearInvalidConfig stays false: a corrupt or schema-violating file throws, and the core moves it
 * aside with a timestamp and tells the user, instead of electron-store silently emptying it.
 */
import { ipcMain } from 'electron';
import Store, { type Schema } from 'electron-store';
import type { ConfLike, StoreFactory, StoreFactoryOptions } from '../store-factory';
import { STORE_FILE_MODE } from '../open-store';

// electron-store answers a synchronous 'electron-store-get-data' IPC message (the userData path)
// for stores created in a renderer. We create none there, and no channel outside the contract
// should answer the page.
const ELECTRON_STORE_CHANNEL = 'electron-store-get-data';

export function createStoreFactory(cwd?: string): StoreFactory {
  return (options: StoreFactoryOptions): ConfLike => {
    const store = new Store<Record<string, unknown>>({
      name: options.configName,
      // The core hands a plain JSON-schema map per key, which is conf's Schema shape.
      schema: options.schema as Schema<Record<string, unknown>>,
      defaults: options.defaults,
      // electron-store would default to app.getVersion(); the core passes the same, explicitly.
      projectVersion: options.projectVersion,
      ...(options.migrations === undefined ? {} : { migrations: options.migrations }),
      configFileMode: STORE_FILE_MODE,
      clearInvalidConfig: false,
      watch: false,
      ...(cwd === undefined ? {} : { cwd }),
    });
    // ipcMain is undefined outside Electron (tests).
    (ipcMain as typeof ipcMain | undefined)?.removeAllListeners(ELECTRON_STORE_CHANNEL);
    return store;
  };
}
