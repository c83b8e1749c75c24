/**
 * Opens a JSON store (electron-store in the app, conf in tests) so that the app always starts:
 * a file that is not JSON, or that the schema rejects, is moved aside as
 * `<name>.corrupt-<timestamp>.json` and a fresh file is opened in its place. The caller tells the
 * user, naming the backup. Writes stay conf's own, which are atomic; the file mode is 0600.
 *
 * conf records the app version in the file and runs the migrations up to it. A file that a newer
 * version of the app wrote is never opened through conf (which would write our defaults into it):
 * it is read into memory, left untouched on disk, and the caller says so.
 */
import { chmodSync, existsSync, readFileSync, renameSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import semver from 'semver';
import type { ConfLike, StoreFactory, StoreFactoryOptions } from './store-factory';
import type { Logger } from '../log';
import { createMemoryStore } from './memory-store';
import { isRecord } from './sanitize';

/** Owner read and write only: the settings file holds ciphertext, and nobody else needs it. */
export const STORE_FILE_MODE = 0o600;

export interface StoreRecovery {
  /** The file that could not be read. */
  readonly path: string;
  /** Where its bytes are now. */
  readonly backupPath: string;
  /** What was wrong with it, in words that finish "because ...". */
  readonly problem: string;
}

export interface OpenedStore {
  readonly store: ConfLike;
  readonly recovery: StoreRecovery | null;
  /** The version that wrote a file newer than this app; the store then lives in memory only. */
  readonly newerVersion: string | null;
}

export interface OpenStoreOptions extends StoreFactoryOptions {
  readonly log: Logger;
  readonly now?: () => Date;
}

export function openStore(factory: StoreFactory, options: OpenStoreOptions): OpenedStore {
  const { log, now = () => new Date() } = options;
  const factoryOptions: StoreFactoryOptions = {
    configName: options.configName,
    schema: options.schema,
    defaults: options.defaults,
    projectVersion: options.projectVersion,
    ...(options.migrations === undefined ? {} : { migrations: options.migrations }),
  };
  const path = locate(factory, options.configName, log);
  const newer = path === null ? null : newerFile(path, options.projectVersion);
  if (newer !== null && path !== null) {
    log.warn('store: a newer version wrote this file; it is left untouched', {
      path,
      version: newer.version,
    });
    return {
      store: createMemoryStore({ ...options.defaults, ...newer.data }, path),
      recovery: null,
      newerVersion: newer.version,
    };
  }
  let firstError: unknown;
  try {
    return {
      store: restrictMode(factory(factoryOptions), log),
      recovery: null,
      newerVersion: null,
    };
  } catch (error) {
    firstError = error;
  }
  // A file we may not read (EACCES, EISDIR...) may be fine: moving it would lose it for nothing.
  if (hasErrorCode(firstError)) throw firstError;
  if (path === null || !existsSync(path)) throw firstError;

  const problem = diagnose(path);
  const backupPath = moveAside(path, now());
  log.warn('store: a damaged file was moved aside', { path, backupPath, problem });
  try {
    return {
      store: restrictMode(factory(factoryOptions), log),
      recovery: { path, backupPath, problem },
      newerVersion: null,
    };
  } catch (retryError) {
    // A fresh file failing too means the old file was not the problem: put it back.
    renameSync(backupPath, path);
    throw retryError;
  }
}

/**
 * Where the factory keeps `configName`. The factory throws before it can tell us, so we ask it
 * for a sibling that does not exist: conf and electron-store create no file for a store with
 * no defaults, and the sibling's folder and extension are the ones we need.
 */
function locate(factory: StoreFactory, configName: string, log: Logger): string | null {
  try {
    const probe = factory({
      configName: `${configName}.locate`,
      schema: {},
      defaults: {},
      projectVersion: '0.0.0',
    });
    return join(dirname(probe.path), `${basename(configName)}${extname(probe.path)}`);
  } catch (error) {
    log.error('store: could not find where a damaged file lives', { configName, error });
    return null;
  }
}

/** Where conf keeps the version that last migrated the file. */
const RECORDED_VERSION_KEY = '__internal__';

/**
 * The file's data and the version conf recorded in it, when that version is newer than ours.
 * A file we cannot read or parse is not "newer": the normal path reports it.
 */
function newerFile(
  path: string,
  projectVersion: string,
): { readonly version: string; readonly data: Record<string, unknown> } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8').replace(/^\uFEFF/, ''));
  } catch {
    return null;
  }
  if (!isRecord(parsed)) return null;
  const internal = parsed[RECORDED_VERSION_KEY];
  const migrations = isRecord(internal) ? internal.migrations : undefined;
  const version = isRecord(migrations) ? migrations.version : undefined;
  if (typeof version !== 'string' || semver.valid(version) === null) return null;
  if (!semver.gt(version, projectVersion)) return null;
  const data = Object.fromEntries(
    Object.entries(parsed).filter(([key]) => key !== RECORDED_VERSION_KEY),
  );
  return { version, data };
}

function diagnose(path: string): string {
  try {
    JSON.parse(readFileSync(path, 'utf8').replace(/^\uFEFF/, ''));
  } catch {
    return 'it is not valid JSON';
  }
  return 'its contents do not have the expected layout';
}

/** `settings.json` -> `settings.corrupt-2025-01-31T120000.000Z.json` (no colons, for Windows). */
export function backupPathFor(path: string, at: Date, attempt = 0): string {
  const extension = extname(path);
  const stem = basename(path, extension);
  const stamp = at.toISOString().replaceAll(':', '');
  const suffix = attempt === 0 ? '' : `-${attempt}`;
  return join(dirname(path), `${stem}.corrupt-${stamp}${suffix}${extension}`);
}

function moveAside(path: string, at: Date): string {
  let backupPath = backupPathFor(path, at);
  // Two recoveries in the same millisecond must not overwrite the first backup.
  for (let attempt = 1; existsSync(backupPath); attempt += 1) {
    backupPath = backupPathFor(path, at, attempt);
  }
  renameSync(path, backupPath);
  tryChmod(backupPath);
  return backupPath;
}

/** conf sets the mode only when it writes: a file from an older build keeps its mode otherwise. */
function restrictMode(store: ConfLike, log: Logger): ConfLike {
  if (existsSync(store.path) && !tryChmod(store.path)) {
    log.warn('store: could not restrict the file mode', { path: store.path });
  }
  return store;
}

function tryChmod(path: string): boolean {
  try {
    chmodSync(path, STORE_FILE_MODE);
    return true;
  } catch {
    return false;
  }
}

function hasErrorCode(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    error.code.startsWith('E')
  );
}
