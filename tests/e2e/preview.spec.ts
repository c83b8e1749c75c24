/**
 * `npm run preview` (scripts/preview.ts): the built popover in Chromium with the real core behind
 * the bridge, against the sample server. Run as a person runs it, as a child process.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { pngHeader } from '../packaging/png';

const ROOT = join(import.meta.dirname, '..', '..');
const run = promisify(execFile);

interface Ran {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

async function preview(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<Ran> {
  const tsx = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  try {
    const done = await run(process.execPath, [tsx, 'scripts/preview.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout: done.stdout, stderr: done.stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof failed.code === 'number' ? failed.code : -1,
      stdout: failed.stdout ?? '',
      stderr: failed.stderr ?? '',
    };
  }
}

test('draws the sample server’s teams and saves the picture at the size asked', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'teamtray-preview-'));
  try {
    const file = join(dir, 'popover.png');
    const ran = await preview(['--screenshot', file, '--width', '260', '--dark']);
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
    // The sample user has six teams; at 560 px at least the first few rows are drawn.
    expect(ran.stdout).toMatch(
      /saved .*popover\.png \(260 × 560, [1-9]\d* team rows, http:\/\/127\.0\.0\.1:\d+\)/,
    );
    const header = pngHeader(await readFile(file));
    expect([header.width, header.height]).toEqual([260, 560]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('says in one line what to do where there is no display', async () => {
  test.skip(process.platform !== 'linux', 'only Linux decides by DISPLAY and WAYLAND_DISPLAY');
  const ran = await preview([], { DISPLAY: '', WAYLAND_DISPLAY: '' });
  expect(ran.code).toBe(1);
  expect(ran.stderr.trim().split('\n')).toEqual([
    expect.stringMatching(/^preview: no display here; .*xvfb-run.*--screenshot/),
  ]);
});

test('refuses a server without its token, before starting anything', async () => {
  const ran = await preview(['--server', 'http://127.0.0.1:1', '--screenshot', 'x.png'], {
    TEAMTRAY_PREVIEW_TOKEN: '',
  });
  expect(ran.code).toBe(2);
  expect(ran.stderr).toMatch(/--server and TEAMTRAY_PREVIEW_TOKEN go together/);
});

test('refuses a token on the command line, where the shell and `ps` would keep it', async () => {
  const ran = await preview(['--server', 'http://127.0.0.1:1', '--token', 'ffpat_x']);
  expect(ran.code).toBe(2);
  expect(ran.stderr).toMatch(/set TEAMTRAY_PREVIEW_TOKEN instead/);
  expect(ran.stderr).not.toContain('ffpat_x');
});
