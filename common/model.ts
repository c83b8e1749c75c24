/**
 * The shapes the renderer sees. Nothing here is secret: no token, no header, no raw response.
 */
import type { AppErrorShape } from './errors';
import type { AccountId, Origin } from './brand';
import type { AccountRuntime } from './runtime';
import type { LeftOut } from './left-out';

/**
 * One account's teams as they cross the bridge: a column per field, so 2,000 teams are a few
 * arrays rather than 2,000 objects. Nothing the renderer can derive is sent: not the account id
 * (the table sits in its account), not what a role may do (common/roles.ts), not the avatar URL
 * in full (its common start is sent once). Read it with `teamsOf()` (common/team-table.ts).
 */
export interface TeamTable {
  readonly id: readonly string[];
  readonly name: readonly string[];
  readonly slug: readonly string[];
  /** Team type names, each once; `type` holds an index into it per team, -1 for none. */
  readonly types: readonly string[];
  readonly type: readonly number[];
  /** The numeric role (common/roles.ts), or null when the server did not say. */
  readonly role: readonly (number | null)[];
  /** What every avatar URL here starts with, e.g. `https://www.gravatar.com/avatar/`. */
  readonly avatarBase: string;
  /** The rest of each absolute https avatar URL after `avatarBase`; null for none. */
  readonly avatar: readonly (string | null)[];
  readonly instanceCount: readonly (number | null)[];
  readonly memberCount: readonly (number | null)[];
  readonly deviceCount: readonly (number | null)[];
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

/** An account as the popover sees it: no token, ever. */
export interface AccountMeta {
  readonly id: AccountId;
  /** '' when the user gave none: the popover then shows `user @ host`. */
  readonly label: string;
  readonly origin: Origin;
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
  /** True when the teams shown come from the cache or an older refresh. */
  readonly stale: boolean;
  /** Teams the last list left out (could not be read, or past the cap); absent when none. */
  readonly teamsLeftOut?: LeftOut;
}

/** An account with its teams, as the teams service keeps it. */
export interface AccountTeams extends AccountMeta {
  readonly teams: TeamTable;
}

/** An account with its teams and their instances and devices: getState, addAccount. */
export interface AccountView extends AccountTeams {
  readonly runtime: AccountRuntime;
}

/** A push about one account: its teams only when they changed since main last sent them. */
export type AccountUpdate = AccountMeta & { readonly teams?: TeamTable };

/** The parts of the state that belong to no account. */
export interface AppInfo {
  readonly settings: Settings;
  readonly vault: VaultStatus;
  readonly notices: readonly Notice[];
}

/** What a rename resolves to: the name the server stored. */
export interface Renamed {
  readonly name: string;
}

export type { Settings } from './settings';
export { DEFAULT_SETTINGS } from './settings-defaults';
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

export interface AppState extends AppInfo {
  readonly accounts: readonly AccountView[];
}
