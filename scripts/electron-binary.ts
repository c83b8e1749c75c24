/**
 * Where Electron's binary is, fetching it first when it is missing, the way the `electron` package
 * itself does: its index.js runs its own install.js (`@electron/get` downloads the zip, then
 * path.txt names the executable) the first time `require('electron')` finds no binary. Used by
 * `npm start` (scripts/start.ts) and the `_electron` suite (tests/electron/), which both read
 * path.txt themselves and so would never trigger that download.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export type ElectronBinary =
  | { readonly path: string; readonly reason: null }
  | { readonly path: null; readonly reason: string };

export type Download = { readonly ok: true } | { readonly ok: false; readonly reason: string };

export interface BinarySource {
  /** The binary, when it is there. */
  locate(): ElectronBinary;
  /** Fetches it (electron's install.js); the reason in a few words when that fails. */
  download(): Download;
}

/** Finds the binary, downloading it once when it is missing; the reason when there is none. */
export function ensureElectronBinary(source: BinarySource): ElectronBinary {
  const found = source.locate();
  if (found.path !== null) return found;
  const download = source.download();
  if (!download.ok) return { path: null, reason: `the download failed: ${download.reason}` };
  const after = source.locate();
  return after.path !== null
    ? after
    : { path: null, reason: `the download finished but ${after.reason}` };
}

/** Where @electron/get downloads from unless a mirror is set (its BASE_URL). */
const ELECTRON_RELEASES = 'https://github.com/electron/electron/releases/download/';

/**
 * The host the download tries, read from the same variables @electron/get reads for its mirror
 * (its artifact-utils.js mirrorVar: .npmrc's, package.json's, then ELECTRON_MIRROR), so the
 * failure line can name it.
 */
export function downloadHost(env: NodeJS.ProcessEnv = process.env): string {
  const mirror = [
    env.npm_config_electron_mirror,
    env.NPM_CONFIG_ELECTRON_MIRROR,
    env.npm_package_config_electron_mirror,
    env.ELECTRON_MIRROR,
  ].find((value) => value !== undefined && value !== '');
  try {
    return new URL(mirror ?? ELECTRON_RELEASES).host;
  } catch {
    return mirror ?? new URL(ELECTRON_RELEASES).host;
  }
}

/** The `electron` package in node_modules, as the package itself finds and fetches its binary. */
export function electronPackage(
  env: NodeJS.ProcessEnv = process.env,
  resolveFrom: string = import.meta.url,
): BinarySource {
  const packageDir = (): string | null => {
    try {
      return dirname(createRequire(resolveFrom).resolve('electron/package.json'));
    } catch {
      return null;
    }
  };
  return {
    locate(): ElectronBinary {
      const dir = packageDir();
      if (dir === null)
        return { path: null, reason: 'the electron package is not installed (npm ci)' };
      const pathFile = join(dir, 'path.txt');
      if (!existsSync(pathFile)) return { path: null, reason: `${join(dir, 'dist')} is missing` };
      const binary = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
      return existsSync(binary)
        ? { path: binary, reason: null }
        : { path: null, reason: `${binary} is missing` };
    },
    download(): Download {
      const dir = packageDir();
      if (dir === null)
        return { ok: false, reason: 'the electron package is not installed (npm ci)' };
      const run = spawnSync(process.execPath, [join(dir, 'install.js')], {
        env,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 15 * 60_000,
      });
      if (run.status === 0) return { ok: true };
      // install.js prints the error's stack: its first line says what went wrong.
      const said = `${run.stderr}\n${run.stdout}`.split('\n').find((line) => line.trim() !== '');
      return {
        ok: false,
        reason: said?.trim() ?? run.error?.message ?? `exit ${run.status ?? '?'}`,
      };
    },
  };
}
