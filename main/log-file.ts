/**
 * The log on disk: the core's Logger (main/log.ts, which redacts every line) writes through
 * electron-log's file transport. One file, `main.log`, in the folder Electron names for logs
 * (`app.getPath('logs')`: ~/Library/Logs/Teamtray on macOS, `<userData>/logs` on Windows and
 * Linux), rotated at 1 MiB to `main.old.log` (electron-log keeps one old file), mode 0600 like
 * the settings files.
 *
 * electron-log's Node flavour, not `electron-log/main`: the main flavour registers an
 * `__ELECTRON_LOG__` listener and handler on ipcMain when imported (any page could write into
 * the log through it) and, in development, sends every main-process line to every window
 * (src/main/index.js, src/node/transports/ipc.js). We need neither: the file transport is the
 * same in both. Plain Node: no Electron import, so the secrecy tests run it on a real file.
 */
import { join } from 'node:path';
import type { NodeLogger } from 'electron-log';
import electronLog from 'electron-log/node';
import type { LogLevel, LogSink } from './log';

export const LOG_FILE_NAME = 'main.log';
export const MAX_LOG_BYTES = 1024 * 1024;

export interface FileLogOptions {
  /** The log folder, asked at each write: the profile may still move before the first line. */
  readonly directory: () => string;
  /** The least severe level written to the file. */
  readonly level: LogLevel;
  /** Also to the console, from this level (development), or not at all. */
  readonly console: LogLevel | false;
  /** An electron-log logger (tests give each run their own); electron-log's default otherwise. */
  readonly logger?: NodeLogger;
}

export interface FileLog {
  /** Hand to createLogger(): the lines arrive already redacted. */
  readonly sink: LogSink;
  /** Where the file is (for "Show log file"). */
  path(): string;
}

export function createFileLog(options: FileLogOptions): FileLog {
  const logger = options.logger ?? electronLog;
  const file = logger.transports.file;
  file.level = options.level;
  file.maxSize = MAX_LOG_BYTES;
  file.resolvePathFn = () => join(options.directory(), LOG_FILE_NAME);
  file.writeOptions = { flag: 'a', mode: 0o600, encoding: 'utf8' };
  file.format = '[{y}-{m}-{d} {h}:{i}:{s}.{ms}] [{level}] {text}';
  logger.transports.console.level = options.console;
  logger.transports.remote.level = false;
  return {
    sink: (level, line) => {
      logger[level](line);
    },
    path: () => file.getFile().path,
  };
}

const LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];

/** `info` in a packaged app and `debug` in development; TEAMTRAY_LOG_LEVEL overrides either. */
export function logLevel(
  isPackaged: boolean,
  env: Readonly<Record<string, string | undefined>>,
): LogLevel {
  const asked = env.TEAMTRAY_LOG_LEVEL as LogLevel | undefined;
  if (asked !== undefined && LEVELS.includes(asked)) return asked;
  return isPackaged ? 'info' : 'debug';
}
