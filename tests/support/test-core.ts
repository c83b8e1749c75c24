/**
 * The real core with test adapters: Node's fetch, conf files in a temp folder, a real AES-256-GCM
 * cipher and a shell that records what it was asked to do. Used by the core's tests, the browser
 * end-to-end harness and the benchmark.
 */
import type { Settings } from '../../common/model';
import { createCore, type CoreOptions } from '../../main/core';
import type { Core } from '../../main/core-types';
import type { ShellPort } from '../../main/shell/port';
import type { CallLimitRules } from '../../main/ipc/call-limits';
import { createMemoryLogger } from './memory-logger';
import type { AppNotification, NotifierPort } from '../../main/runtime/runtime-watcher';
import type { Cipher } from '../../main/vault/cipher';
import { createAesCipher } from './aes-cipher';
import { APP_VERSION } from './app-version';
import { confStoreFactories, makeTempDir } from './conf-store';

export interface RecordingShell extends ShellPort {
  readonly opened: string[];
  readonly applied: Settings[];
  /** What was put on the clipboard, oldest first. */
  readonly copied: string[];
  hidden: number;
  /** How often the log file was shown. */
  logFileShown: number;
  quits: number;
  /** When set, applySettings throws it (e.g. a shortcut that is taken). */
  refuseWith: Error | null;
}

export function createRecordingShell(): RecordingShell {
  const shell: RecordingShell = {
    opened: [],
    applied: [],
    copied: [],
    hidden: 0,
    logFileShown: 0,
    quits: 0,
    refuseWith: null,
    openInBrowser(url) {
      shell.opened.push(url);
      return Promise.resolve();
    },
    hideWindow() {
      shell.hidden += 1;
    },
    showLogFile() {
      shell.logFileShown += 1;
    },
    copyText(text) {
      shell.copied.push(text);
      return Promise.resolve();
    },
    quit() {
      shell.quits += 1;
    },
    applySettings(next) {
      if (shell.refuseWith !== null) return Promise.reject(shell.refuseWith);
      shell.applied.push(next);
      return Promise.resolve();
    },
  };
  return shell;
}

/** A notifier that keeps what it was asked to show. */
export interface RecordingNotifier extends NotifierPort {
  readonly shown: AppNotification[];
}

function createRecordingNotifier(): RecordingNotifier {
  const shown: AppNotification[] = [];
  return { shown, notify: (notification) => shown.push(notification) };
}

/** Follows an action quickly, so a test sees it settle in well under a second. */
const FAST_ACTIONS = { firstPollMs: 50, timeoutMs: 5_000 } as const;

export interface TestCore {
  readonly core: Core;
  readonly notifier: RecordingNotifier;
  readonly dir: string;
  readonly shell: RecordingShell;
  readonly log: ReturnType<typeof createMemoryLogger>;
  readonly cipher: Cipher;
  /**
   * A second core over the same folder and cipher, as after a restart: the cores running so far
   * are disposed first (as on quit), which writes what they still held for the teams cache.
   */
  restart(options?: Partial<CoreOptions>): Promise<Core>;
  close(): Promise<void>;
}

export interface TestCoreOptions extends Partial<CoreOptions> {
  /** Reuse a folder (e.g. with a prepared or damaged file). */
  readonly dir?: string;
}

/**
 * Limits wide enough for tests that open pages or refresh in quick succession to prove something
 * else; the tests of the limits themselves pass `limits: CALL_LIMITS` (the app's own).
 */
const WIDE_LIMITS: CallLimitRules = {
  probes: { max: 1_000, windowMs: 60_000, gapMs: 0 },
  pages: { max: 1_000, windowMs: 60_000, gapMs: 0 },
  refreshes: { max: 1_000, windowMs: 60_000, gapMs: 0 },
  logReads: { max: 1_000, windowMs: 60_000, gapMs: 0 },
  marks: { max: 1_000, windowMs: 60_000, gapMs: 0 },
  copies: { max: 1_000, windowMs: 60_000, gapMs: 0 },
  deviceActions: { max: 1_000, windowMs: 60_000, gapMs: 0 },
  bulk: { max: 1_000, windowMs: 60_000, gapMs: 0 },
};

export async function startTestCore(options: TestCoreOptions = {}): Promise<TestCore> {
  const temp = options.dir === undefined ? await makeTempDir() : null;
  const dir = options.dir ?? temp?.dir ?? '';
  const log = createMemoryLogger();
  const shell = createRecordingShell();
  const notifier = createRecordingNotifier();
  const cipher = options.cipher ?? createAesCipher();
  const cores: Core[] = [];
  const build = async (extra: Partial<CoreOptions> = {}): Promise<Core> => {
    const core = await createCore({
      fetch: globalThis.fetch,
      cipher,
      stores: confStoreFactories(dir),
      shell,
      log,
      appVersion: APP_VERSION,
      notifier,
      actionTiming: FAST_ACTIONS,
      refreshOnStart: false,
      limits: WIDE_LIMITS,
      ...options,
      ...extra,
    });
    cores.push(core);
    return core;
  };
  const core = await build();
  return {
    core,
    notifier,
    dir,
    shell,
    log,
    cipher,
    async restart(extra) {
      for (const each of cores) each.dispose();
      return build(extra);
    },
    async close() {
      for (const each of cores) each.dispose();
      await temp?.cleanup();
    },
  };
}
