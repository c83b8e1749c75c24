/**
 * The shapes the renderer sees. Nothing here is secret: no token, no header, no raw response.
 */
import type { AppErrorShape } from './errors';
import type { AccountId, Origin } from './brand';

export interface TeamView {
  readonly accountId: AccountId;
  readonly id: string;
  readonly name: string;
  readonly slug: string;
  /** Always absolute (`https:` added to scheme-less gravatar URLs), or null. */
  readonly avatarUrl: string | null;
  readonly typeName: string | null;
  /** The numeric role, or null when the server did not say. */
  readonly role: number | null;
  readonly instanceCount: number | null;
  readonly memberCount: number | null;
  readonly deviceCount: number | null;
  /** False only when the role says the user is not an owner; null role means "try and see". */
  readonly canRename: boolean;
  /** Why rename is not offered, in words, when canRename is false. */
  readonly renameBlockedReason: string | null;
}

export type AccountStatus =
  | 'loading'
  | 'ok'
  /** The token was refused: the user must paste a new one. */
  | 'unauthorized'
  | 'unreachable'
  | 'error'
  /** The token could not be decrypted or is not held this session. */
  | 'token_unavailable';

export interface AccountView {
  readonly id: AccountId;
  readonly label: string;
  readonly origin: Origin;
  /** Host (and port) for display. */
  readonly host: string;
  /** True when the user consented to plain http for a non-loopback host. */
  readonly allowHttp: boolean;
  /** The FlowFuse username the token belongs to, when known. */
  readonly username: string | null;
  readonly status: AccountStatus;
  readonly error: AppErrorShape | null;
  /** Epoch ms of the last successful team list. */
  readonly lastSuccessAt: number | null;
  /** Platform version from `/api/json`, when known. */
  readonly version: string | null;
  readonly teams: readonly TeamView[];
  /** True when the teams shown come from the cache or an older refresh. */
  readonly stale: boolean;
}

export { DEFAULT_SETTINGS, type Settings, type ThemeSetting } from './settings';
import type { Settings } from './settings';

export interface VaultStatus {
  /** `persistent`: tokens encrypted with the OS keychain; `session`: kept in memory only. */
  readonly mode: 'persistent' | 'session';
  /** Why tokens are session-only, in words, when mode is `session`. */
  readonly reason: string | null;
}

/** Something the user should know that is not tied to one account (e.g. a settings file was reset). */
export interface Notice {
  readonly id: string;
  readonly level: 'info' | 'warning';
  readonly message: string;
}

export interface AppState {
  readonly accounts: readonly AccountView[];
  readonly settings: Settings;
  readonly vault: VaultStatus;
  readonly notices: readonly Notice[];
}
