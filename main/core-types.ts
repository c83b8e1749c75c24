/**
 * The seam between the plain-TypeScript core and the Electron layer. The Electron layer builds
 * the adapters (async safeStorage cipher, electron-store files, a fetch over net.request, shell), hands them to
 * createCore(), and wires the result to ipcMain and the tray. Tests hand in Node's fetch, conf
 * files in a temp folder and a real AES cipher.
 */
import type { Result } from '../common/errors';
import type { EventName, EventPayloads, Method } from '../common/contract';
import type { Origin } from '../common/brand';
import type { FocusTarget } from '../common/runtime';
import type { Settings } from '../common/model';
import type { Logger } from './log';
import type { ActionTiming } from './runtime/instance-actions';
import type { NotifierPort } from './runtime/runtime-watcher';
import type { Cipher } from './vault/cipher';
import type { CallLimitRules } from './ipc/call-limits';
import type { ShellPort } from './shell/port';
import type { StoreFactories } from './store/store-factory';
import type { TrayStatus, TraySummary } from './tray/tray-status';

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
  /** The limits on probes, pages opened and refreshes (ipc/call-limits.ts); tests widen them. */
  readonly limits?: Partial<CallLimitRules>;
  /** How long adding an account may wait for the server (ACCOUNT_CHECK_LIMIT_MS); tests shorten it. */
  readonly accountCheckMs?: number;
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
