/**
 * Shapes main and the renderer share beside the model's tree (common/state.ts): an account's
 * status, the settings, the vault's mode, notices, and what a rename answers. Nothing here is
 * secret: no token, no header, no raw response.
 */

export type AccountStatus =
  | 'loading'
  | 'ok'
  /** The token was refused: the user must paste a new one. */
  | 'unauthorized'
  | 'unreachable'
  | 'error'
  /** The token could not be decrypted or is not held this session. */
  | 'token_unavailable';

/** What a rename resolves to: the name the server stored. */
export interface Renamed {
  readonly name: string;
}

export type { Settings } from './settings';
export { DEFAULT_SETTINGS } from './settings-defaults';

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
