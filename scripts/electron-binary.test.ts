/**
 * How `npm start` and the `_electron` suite get Electron's binary: present, fetched on first use,
 * or (only when the fetch fails) one line saying why.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  downloadHost,
  electronPackage,
  ensureElectronBinary,
  type BinarySource,
  type Download,
  type ElectronBinary,
} from './electron-binary';

const MISSING: ElectronBinary = { path: null, reason: '/x/dist is missing' };
const PRESENT: ElectronBinary = { path: '/x/dist/electron', reason: null };

function source(
  located: ElectronBinary[],
  download: Download,
): BinarySource & {
  downloads: number;
} {
  const fake = {
    downloads: 0,
    locate: () => located.shift() ?? MISSING,
    download: () => {
      fake.downloads += 1;
      return download;
    },
  };
  return fake;
}

describe('ensureElectronBinary', () => {
  it('uses the binary that is there, without downloading', () => {
    const fake = source([PRESENT], { ok: true });
    expect(ensureElectronBinary(fake)).toEqual(PRESENT);
    expect(fake.downloads).toBe(0);
  });

  it('downloads a missing binary once, as the electron package does, then uses it', () => {
    const fake = source([MISSING, PRESENT], { ok: true });
    expect(ensureElectronBinary(fake)).toEqual(PRESENT);
    expect(fake.downloads).toBe(1);
  });

  it('says why when the download fails', () => {
    const fake = source([MISSING], { ok: false, reason: 'TypeError: fetch failed' });
    expect(ensureElectronBinary(fake)).toEqual({
      path: null,
      reason: 'the download failed: TypeError: fetch failed',
    });
  });

  it('says why when the download claims success but left no binary', () => {
    const fake = source([MISSING, MISSING], { ok: true });
    expect(ensureElectronBinary(fake).reason).toBe('the download finished but /x/dist is missing');
  });
});

describe('downloadHost', () => {
  it('is GitHub’s releases host unless a mirror is set', () => {
    expect(downloadHost({})).toBe('github.com');
  });

  it.each([
    ['ELECTRON_MIRROR', 'https://mirror.example.com/electron/', 'mirror.example.com'],
    ['npm_config_electron_mirror', 'http://127.0.0.1:9/', '127.0.0.1:9'],
  ])('reads %s as @electron/get does', (name, value, host) => {
    expect(downloadHost({ [name]: value })).toBe(host);
  });

  it('names a mirror that is not a URL as it was written', () => {
    expect(downloadHost({ ELECTRON_MIRROR: 'not a url' })).toBe('not a url');
  });
});

const root = join(import.meta.dirname, '..');
const installed = electronPackage().locate().path !== null;

describe.skipIf(installed)('npm start where the download cannot succeed', () => {
  // A mirror on a closed loopback port: the download fails at once, network or not.
  const env = {
    ...process.env,
    ELECTRON_MIRROR: 'http://127.0.0.1:9/',
    electron_config_cache: join(root, 'tests', 'artifacts', 'electron-cache-none'),
    FORCE_COLOR: '0',
  };

  /** Runs a script as npm does, where the download cannot succeed: its exit and its lines. */
  const closedNetwork = (script: string) => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
      cwd: root,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    const lines = run.stderr.split('\n').filter((line) => line !== '');
    return { status: run.status, stdout: run.stdout, lines };
  };

  it('tries electron/install.js, then prints one line and exits 1', () => {
    expect(electronPackage(env).download().ok).toBe(false);
    expect(closedNetwork('scripts/start.ts')).toEqual({
      status: 1,
      stdout: '',
      lines: [
        expect.stringMatching(
          /^teamtray: Electron's binary is not installed and the download failed: .+ \(from 127\.0\.0\.1:9\); with network access \(or ELECTRON_MIRROR set\) run npm start again, or see the popover in a browser with npm run preview\.$/,
        ),
      ],
    });
  });

  it('npm run dev says the same in one line, naming itself, before electron-vite starts', () => {
    expect(closedNetwork('scripts/dev.ts')).toEqual({
      status: 1,
      stdout: '',
      lines: [
        expect.stringMatching(
          /^teamtray: Electron's binary is not installed .* run npm run dev again, or see the popover in a browser with npm run preview\.$/,
        ),
      ],
    });
  });
});
