/**
 * What main keeps on disk, and the services over it. Ciphertext only: a token is never here
 * in plain text.
 */
import type { AccountId, Origin, Token } from '../../common/brand';
import type { Request } from '../../common/contract';
import type { Notice, Settings, VaultStatus } from '../../common/model';
import type { FlowFuseClient } from '../flowfuse/types';
import type { ListedTeam } from '../model/facts';
import type { TokenInfo, TokenWarned } from '../../common/token-health';

export interface SavedAccount {
  readonly id: AccountId;
  readonly label: string;
  readonly origin: Origin;
  /** Consent to plain http for a non-loopback host. */
  readonly allowHttp: boolean;
  /** FlowFuse user id and username of the token's owner (same origin + user twice is refused). */
  readonly userId: string | null;
  readonly username: string | null;
  readonly version: string | null;
  /**
   * Which of the user's tokens this is (id, name, dates, scope: never the token); null until
   * known. Absent in files written before token health (9a033e8): read as null.
   */
  readonly tokenInfo: TokenInfo | null;
  /**
   * The ids of the user's tokens `/user/tokens` listed at the last read with this account's
   * token; null (or absent, in files written before: f80a64b) until one was read. Ids, never a token.
   */
  readonly tokensListed?: readonly string[] | null;
  /**
   * The ids listed with the token this one replaced (a new token pasted in Settings, or through
   * the warning's Replace): the one token listed now that was not then is the one just created,
   * and so this one (main/tokens/token-identity.ts). Null when no token was replaced since.
   */
  readonly tokensBefore?: readonly string[] | null;
  /** The last expiry warning told of this account's token (main/tokens/token-reminder.ts). */
  readonly tokenWarned?: TokenWarned | null;
}

/** What the bridge's addAccount and updateAccount take (the contract's schemas say it once). */
export type AddAccountInput = Request<'addAccount'>;
export type UpdateAccountInput = Request<'updateAccount'>;

/** A saved account and the token saved for its address. */
export interface Credentials {
  readonly account: SavedAccount;
  readonly token: Token;
}

/** A saved account and a client that sends its token to the address it was saved for. */
export interface AccountClient {
  readonly account: SavedAccount;
  readonly client: FlowFuseClient;
}

export interface AccountRegistry {
  list(): readonly SavedAccount[];
  get(id: string): SavedAccount | undefined;
  /** Probe, then verify the token, then save. Nothing is saved when a step fails. */
  add(input: AddAccountInput): Promise<SavedAccount>;
  /** A new URL or token is verified the same way before anything changes. */
  update(input: UpdateAccountInput): Promise<SavedAccount>;
  /** Stops every add or update still checking the server: each rejects with `cancelled`. */
  cancelChecks(): void;
  /** Removes the account and deletes its token. */
  remove(id: string): Promise<void>;
  /** `ids` must be a permutation of the saved ids. */
  reorder(ids: readonly string[]): void;
  /**
   * The account and its token read together, never halfway through an edit (an edit stores the
   * new token, then the new address): a token only goes to the address it was saved for. Null
   * when the account is gone or its token is not held; rejects (storage_unavailable, in words)
   * when the token held was saved for another address.
   */
  credentialsFor(id: string): Promise<Credentials | null>;
  /**
   * The account's client, made from credentialsFor, for a read nobody waits on in words: null
   * whenever the token is not available (gone, not held, or saved for another address, which
   * the team list's read says). `account` is the account as its token was read: an answer is
   * about it only while registry.get(id) still has its origin.
   */
  clientFor(id: string): Promise<AccountClient | null>;
  /**
   * Saves which of the user's tokens the account is (token health), when it is still saved at
   * `origin` (the address the list was read from); false when it is not. Null forgets it.
   */
  setTokenInfo(id: string, origin: Origin, tokenInfo: TokenInfo | null): Promise<boolean>;
  /**
   * Saves what a read of `/user/tokens` with the account's token found: the ids listed, and
   * which token it is where that is now certain (the ids from before a Replace are then spent).
   * False when the account is no longer saved at `origin`.
   */
  setTokensRead(
    id: string,
    origin: Origin,
    read: { readonly listed: readonly string[]; readonly known: TokenInfo | null },
  ): Promise<boolean>;
  /** Saves the last expiry warning told of the account's token; false when not saved at `origin`. */
  setTokenWarned(id: string, origin: Origin, warned: TokenWarned): Promise<boolean>;
  /**
   * Binds every token stored alone (as every version up to 5d0a501 kept it) to its account's
   * server; run at start (open-stores.ts), a no-op once all are bound.
   */
  bindBareTokens(): Promise<void>;
  /**
   * Null when the token is not held (session-only mode after a restart, or undecryptable). To
   * send the token, take it from credentialsFor, with the address it belongs to.
   */
  tokenFor(id: string): Promise<Token | null>;
  onChange(listener: () => void): () => void;
}

export interface CachedTeams {
  readonly teams: readonly ListedTeam[];
  readonly lastSuccessAt: number;
  readonly version: string | null;
}

/** Last-known teams per account: non-secret, served at once on start. */
export interface TeamsCache {
  read(id: string): CachedTeams | undefined;
  write(id: string, entry: CachedTeams): void;
  delete(id: string): void;
}

export interface SettingsStore {
  get(): Settings;
  update(patch: Partial<Settings>): Settings;
}

export interface VaultStatusSource {
  status(): VaultStatus;
  /** Hears the status change (a keychain that stops answering): the model's `vaultChanged`. */
  onChange(listener: (status: VaultStatus) => void): () => void;
}

/** Things worth telling the user once, such as a settings file that was moved aside. */
export interface NoticeBoard {
  list(): readonly Notice[];
  add(notice: Omit<Notice, 'id'>): Notice;
  dismiss(id: string): void;
  /** Called after every add or dismiss that changed the list. */
  onChange(listener: () => void): () => void;
}
