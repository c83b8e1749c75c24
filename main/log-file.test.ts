/** The log on disk, through electron-log's real file transport into a temp folder. */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NodeLogger } from 'electron-log';
import electronLog from 'electron-log/node';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from './log';
import { createFileLog, LOG_FILE_NAME, logLevel, MAX_LOG_BYTES } from './log-file';

const TOKEN = 'ffpat_4Xv9QmT2sLk8PzR1bN7wYc3HdJ6gFa0eUi5oKq2rMtS';
let dir: string;
let runs = 0;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'teamtray-log-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A fresh electron-log logger each test, so their settings do not meet. */
function fresh(): NodeLogger {
  runs += 1;
  return electronLog.create({ logId: `log-file-test-${runs}` });
}

describe('the log file', () => {
  it('writes the redacted lines, at the level asked, into main.log in the log folder', () => {
    const file = createFileLog({
      directory: () => dir,
      level: 'info',
      console: false,
      logger: fresh(),
    });
    const log = createLogger(file.sink);
    log.debug('not at info');
    log.info('refresh', { host: 'ff.example.com' });
    log.error(`server said Bearer ${TOKEN}`, { error: new Error(`bad ${TOKEN}`) });

    expect(file.path()).toBe(join(dir, LOG_FILE_NAME));
    const text = readFileSync(file.path(), 'utf8');
    expect(text).toMatch(
      /^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}\] \[info\] +refresh \{"host":"ff\.example\.com"\}$/m,
    );
    expect(text).toContain('[error] server said Bearer ***');
    expect(text).not.toContain('not at info');
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(TOKEN.slice('ffpat_'.length));
  });

  it.skipIf(process.platform === 'win32')('is readable by its owner only', () => {
    const file = createFileLog({
      directory: () => dir,
      level: 'info',
      console: false,
      logger: fresh(),
    });
    createLogger(file.sink).info('hello');
    expect(statSync(file.path()).mode & 0o777).toBe(0o600);
  });

  it('rotates to main.old.log past 1 MiB, keeping the file small', () => {
    const file = createFileLog({
      directory: () => dir,
      level: 'info',
      console: false,
      logger: fresh(),
    });
    const log = createLogger(file.sink);
    const line = 'x'.repeat(16 * 1024);
    for (let written = 0; written <= MAX_LOG_BYTES + line.length; written += line.length) {
      log.info(line);
    }
    log.info('after the rotation');
    expect(existsSync(join(dir, 'main.old.log'))).toBe(true);
    expect(statSync(file.path()).size).toBeLessThan(MAX_LOG_BYTES);
    expect(readFileSync(file.path(), 'utf8')).toContain('after the rotation');
  });

  it('follows the folder it is given at each write (the profile may move before the first)', () => {
    let folder = join(dir, 'first');
    const file = createFileLog({
      directory: () => folder,
      level: 'info',
      console: false,
      logger: fresh(),
    });
    folder = join(dir, 'moved');
    createLogger(file.sink).info('hello');
    expect(readFileSync(join(dir, 'moved', LOG_FILE_NAME), 'utf8')).toContain('hello');
  });

  it('logs info in a packaged app and debug in development, unless TEAMTRAY_LOG_LEVEL says', () => {
    expect(logLevel(true, {})).toBe('info');
    expect(logLevel(false, {})).toBe('debug');
    expect(logLevel(true, { TEAMTRAY_LOG_LEVEL: 'debug' })).toBe('debug');
    expect(logLevel(true, { TEAMTRAY_LOG_LEVEL: 'silly' })).toBe('info');
  });
});
