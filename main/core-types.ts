/**
 * The seam between the plain-TypeScript core and the Electron layer. The Electron layer builds
 * the adapters (async safeStorage cipher, electron-store files, net.fetch, shell), hands them to
 * createCore(), and wires the result to ipcMain and the tray. Tests hand in Node's fetch, conf
 * files in a temp folder and a real AES cipher.
 */
import type { Result } from '../common/errors';
import type { EventName, EventPayloads, Method } from '../common/contract';
import type { Origin } from '../common/brand';
import type { AttentionCounts } from '../common/attention';
import type { FocusTarget } from '../common/runtime';
import type { Settings } from '../common/model';
import type { Logger } from './log';
import type { ActionTiming } from './runtime/instance-actions';
import type { NotifierPort } from './runtime/runtime-watcher';
import type { Cipher } from './vault/cipher';
import type { CallLimitRules } from './ipc/call-limits';

/** What the core asks of the desktop shell. */
export interface ShellPort {
  /** Opens a URL the core built from a saved account, in the user's browser. */
  openInBrowser(url: string): Promise<void>;
  /** Hides the popover (Esc in the renderer). */
  hideWindow(): void;
  /** Shows the log file in the OS file manager (Settings, the tray menu). */
  showLogFile(): void;
  /** Puts text (a URL main built) on the system clipboard (Electron 45's clipboard is async). */
  copyText(text: string): Promise<void>;
  /** Quits the app (the popover's menu; the tray menu has its own Quit). */
  quit(): void;
  /**
   * Applies settings that live in the OS (launch at login, global shortcut). Throws an AppError
   * (e.g. the shortcut is taken) to refuse the change; nothing is saved then.
   */
  applySettings(next: Settings, previous: Settings): Promise<void>;
}

/** Where the core keeps its files: a folder (conf in tests) or electron-store in the app. */
export interface StoreFactories {
  /** The settings file (accounts, ciphertext, settings): electron-store `config.json`. */
  readonly settings: StoreFactory;
  /** The last-known teams: electron-store `teams-cache.json`. */
  readonly cache: StoreFactory;
}

/** Creates a conf-compatible store; throws on a corrupt or schema-violating file. */
export type StoreFactory = (options: StoreFactoryOptions) => ConfLike;

export interface StoreFactoryOptions {
  readonly configName: string;
  readonly schema: Record<string, unknown>;
  readonly defaults: Record<string, unknown>;
  /** The app's version: conf records it in the file and runs the migrations up to it. */
  readonly projectVersion: string;
  /** conf's `migrations`: steps keyed by the app version that first needs them. */
  readonly migrations?: StoreMigrations;
}

export type StoreMigrations = Readonly<Record<string, (store: ConfLike) => void>>;

/** The part of conf / electron-store the core uses. */
export interface ConfLike {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
  readonly path: string;
}

export interface CoreDeps {
  readonly fetch: typeof globalThis.fetch;
  readonly cipher: Cipher;
  readonly stores: StoreFactories;
  readonly shell: ShellPort;
  readonly log: Logger;
  /** The app's version (package.json): the settings files record it, and migrate up to it. */
  readonly appVersion: string;
  readonly now?: () => number;
  /** Per-call HTTP limits; tests shorten them. */
  readonly http?: { readonly timeoutMs?: number; readonly totalTimeoutMs?: number };
  /** The desktop's notifications (Electron's Notification in the app). */
  readonly notifier: NotifierPort;
  /** How an action is followed until it settles; tests shorten it. */
  readonly actionTiming?: ActionTiming;
  /** The limits on probes, pages opened and refreshes (handlers/call-limits.ts); tests widen them. */
  readonly limits?: Partial<CallLimitRules>;
  /** How long adding an account may wait for the server (ACCOUNT_CHECK_LIMIT_MS); tests shorten it. */
  readonly accountCheckMs?: number;
}

export type TrayStatus = 'ok' | 'attention' | 'offline';

/** One account with something that needs the user, for the tray's tooltip. */
export interface TrayAccountAttention {
  /** What the account is called (common/account-title.ts). */
  readonly title: string;
  readonly counts: AttentionCounts;
}

/** The tray's status and how many things need the user (common/attention.ts counts them). */
export interface TraySummary {
  readonly status: TrayStatus;
  /** Instances in trouble, devices offline (when they count) and accounts needing a token. */
  readonly count: number;
  /** The accounts with something that needs the user, in the model's order. */
  readonly perAccount: readonly TrayAccountAttention[];
}

export interface Core {
  /** Validates the payload with the contract's schema, runs the handler, never throws. */
  dispatch(method: Method, payload: unknown): Promise<Result<unknown>>;
  /** Pushes for the renderer. */
  onEvent(listener: <E extends EventName>(event: E, payload: EventPayloads[E]) => void): () => void;
  /** The tray icon: attention when something needs the user, offline when no server answers. */
  trayStatus(): TrayStatus;
  /** The status with how many need the user, per account (the tray's count and tooltip). */
  traySummary(): TraySummary;
  /** Hears each new summary (a new status, count or per-account count). */
  onTraySummary(listener: (summary: TraySummary) => void): () => void;
  /** Refreshes every account (tray menu, resume, unlock, the interval). */
  refreshAll(): Promise<void>;
  settings(): Settings;
  /** The saved servers' origins, now (main's own checks, such as client certificates). */
  savedOrigins(): readonly Origin[];
  dispose(): void;
  /** A notification's "Snooze 1 hour": its item's notifications are silent for an hour. */
  snooze(target: FocusTarget): void;
}
