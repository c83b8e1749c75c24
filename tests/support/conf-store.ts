/**
 * The test side of the store seam: `conf` files in a folder, as electron-store keeps them in
 * the app, with the same options (0600, atomic writes, no silent clearing of a bad file).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Conf, { type Schema } from 'conf';
import type { StoreFactories, StoreFactory } from '../../main/store/store-factory';

export function confStoreFactory(directory: string): StoreFactory {
  return (options) =>
    new Conf<Record<string, unknown>>({
      cwd: directory,
      projectName: 'teamtray-test',
      configName: options.configName,
      schema: options.schema as Schema<Record<string, unknown>>,
      defaults: options.defaults,
      projectVersion: options.projectVersion,
      ...(options.migrations === undefined ? {} : { migrations: options.migrations }),
      configFileMode: 0o600,
      // We move a bad file aside ourselves and tell the user; conf would silently empty it.
      clearInvalidConfig: false,
      accessPropertiesByDotNotation: false,
    });
}

export function confStoreFactories(directory: string): StoreFactories {
  const factory = confStoreFactory(directory);
  return { settings: factory, cache: factory };
}

/** A fresh folder under the OS temp folder, and a function that removes it. */
export async function makeTempDir(
  prefix = 'teamtray-',
): Promise<{ readonly dir: string; readonly cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}
