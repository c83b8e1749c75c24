/**
 * The saved FlowFuse accounts. Every change that touches the network checks first (is this
 * FlowFuse, does the token work, is this account already saved) and only then writes: the token
 * to the vault, then the list to the settings file. When any step fails nothing is left behind.
 *
 * Checks run outside the lock so a slow server does not hold up other edits; the duplicate test
 * and the writes run inside it, so two adds of the same account cannot both get through.
 */
import { asAccountId, asToken, type Origin, type Token } from '../../common/brand';
import { AppError, isAppError } from '../../common/errors';
import { hostOf, normalizeBaseUrl } from '../flowfuse/base-url';
import type { ApiUser, ClientFactory } from '../flowfuse/types';
import type { Logger } from '../log';
import type { KeytarVault } from '../vault/token-vault';
import { checkToken, cleanLabel, looksLikeFlowFuseToken } from './account-fields';
import type { AccountListStore } from './settings-file';
import type { AddAccountInput, AccountRegistry, SavedAccount, UpdateAccountInput } from './types';

/** The vault service under which tokens are kept; the account is the account id. */
export const TOKEN_SERVICE = 'teamtray';
export const TOKEN_REFUSED_MESSAGE =
  'FlowFuse refused this token: it may be mistyped, expired or revoked.';

export interface AccountRegistryOptions {
  readonly store: AccountListStore;
  readonly vault: KeytarVault;
  readonly clientFactory: ClientFactory;
  readonly newId: () => string;
  readonly log: Logger;
}

interface Verified {
  readonly user: ApiUser;
  readonly version: string | null;
}

export class SavedAccountRegistry implements AccountRegistry {
  readonly #store: AccountListStore;
  readonly #vault: KeytarVault;
  readonly #clientFactory: ClientFactory;
  readonly #newId: () => string;
  readonly #log: Logger;
  readonly #listeners = new Set<() => void>();
  #accounts: readonly SavedAccount[];
  #lock: Promise<unknown> = Promise.resolve();

  constructor(options: AccountRegistryOptions) {
    this.#store = options.store;
    this.#vault = options.vault;
    this.#clientFactory = options.clientFactory;
    this.#newId = options.newId;
    this.#log = options.log;
    this.#accounts = freezeList(options.store.readAccounts());
  }

  list(): readonly SavedAccount[] {
    return this.#accounts;
  }

  get(id: string): SavedAccount | undefined {
    return this.#accounts.find((account) => account.id === id);
  }

  async add(input: AddAccountInput): Promise<SavedAccount> {
    const allowHttp = input.allowHttp ?? false;
    const origin = normalizeBaseUrl(input.url, { allowHttp });
    const token = checkToken(input.token);
    const label = cleanLabel(input.label ?? '');
    const verified = await this.#verify(origin, token, allowHttp);

    return this.#exclusive(async () => {
      this.#refuseDuplicate(origin, verified.user.id, null);
      const id = asAccountId(this.#newId());
      if (this.get(id) !== undefined) throw new AppError('internal', 'Could not make a new id.');
      const account: SavedAccount = Object.freeze({
        id,
        label,
        origin,
        allowHttp,
        userId: verified.user.id,
        username: verified.user.username,
        version: verified.version,
      });
      await this.#storeToken(id, token);
      try {
        this.#save([...this.#accounts, account]);
      } catch (error) {
        await this.#forgetToken(id);
        throw error;
      }
      return account;
    });
  }

  async update(input: UpdateAccountInput): Promise<SavedAccount> {
    const current = this.#require(input.id);
    const allowHttp = input.allowHttp ?? current.allowHttp;
    // Re-normalised even when unchanged: withdrawing http consent must fail for an http origin.
    const origin = normalizeBaseUrl(input.url ?? current.origin, { allowHttp });
    const newToken = input.token === undefined ? null : checkToken(input.token);
    const label = input.label === undefined ? undefined : cleanLabel(input.label);

    // A saved token only ever goes to the origin it was saved for (or its https upgrade): another
    // host or port needs it pasted again.
    if (newToken === null && !mayReuseToken(current.origin, origin)) {
      throw new AppError(
        'invalid_token',
        'Paste the token again for the new address: Teamtray only sends a saved token to the server it was saved for.',
      );
    }

    let verified: Verified | null = null;
    if (origin !== current.origin || newToken !== null) {
      const token = newToken ?? (await this.tokenFor(current.id));
      if (token === null) {
        throw new AppError(
          'invalid_token',
          'Teamtray no longer holds the token for this server: paste it again to change the address.',
        );
      }
      verified = await this.#verify(origin, token, allowHttp);
    }

    return this.#exclusive(async () => {
      const latest = this.#require(input.id);
      // Another edit landed while we checked the server: what we verified may no longer apply.
      if (latest.origin !== current.origin || (verified !== null && latest !== current)) {
        throw new AppError('invalid_request', 'This server was changed meanwhile. Try again.');
      }
      if (verified !== null) this.#refuseDuplicate(origin, verified.user.id, latest.id);
      const next: SavedAccount = Object.freeze({
        id: latest.id,
        label: label ?? latest.label,
        origin,
        allowHttp,
        userId: verified === null ? latest.userId : verified.user.id,
        username: verified === null ? latest.username : verified.user.username,
        version: verified === null ? latest.version : verified.version,
      });
      const previousToken = newToken === null ? null : await this.#heldToken(latest.id);
      if (newToken !== null) await this.#storeToken(latest.id, newToken);
      try {
        this.#save(this.#accounts.map((account) => (account.id === latest.id ? next : account)));
      } catch (error) {
        if (newToken !== null) await this.#restoreToken(latest.id, previousToken);
        throw error;
      }
      return next;
    });
  }

  async remove(id: string): Promise<void> {
    await this.#exclusive(async () => {
      const existing = this.#require(id);
      this.#save(this.#accounts.filter((account) => account.id !== existing.id));
      await this.#forgetToken(existing.id);
    });
  }

  reorder(ids: readonly string[]): void {
    const byId = new Map(this.#accounts.map((account) => [account.id as string, account]));
    const next = ids.flatMap((id) => {
      const account = byId.get(id);
      return account === undefined ? [] : [account];
    });
    if (
      ids.length !== byId.size ||
      next.length !== ids.length ||
      new Set(ids).size !== ids.length
    ) {
      throw new AppError('invalid_request', 'The new order must list every saved server once.');
    }
    if (next.every((account, index) => account === this.#accounts[index])) return;
    this.#save(next);
  }

  async tokenFor(id: string): Promise<Token | null> {
    if (this.get(id) === undefined) return null;
    const token = await this.#heldToken(id);
    return token === null ? null : asToken(token);
  }

  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Is this FlowFuse (probe, no token), and whose token is this (whoAmI)? */
  async #verify(origin: Origin, token: Token, allowHttp: boolean): Promise<Verified> {
    let version: string | null;
    try {
      ({ version } = await this.#clientFactory({ origin, token: null, allowHttp }).probe());
    } catch (error) {
      throw this.#asAppError(error, 'probe');
    }
    let user: ApiUser;
    try {
      user = await this.#clientFactory({ origin, token, allowHttp }).whoAmI();
    } catch (error) {
      if (isAppError(error) && error.code === 'unauthorized') {
        const hint = looksLikeFlowFuseToken(token) ? '' : ' FlowFuse tokens start with "ffpat_".';
        throw new AppError('unauthorized', `${TOKEN_REFUSED_MESSAGE}${hint}`, { cause: error });
      }
      throw this.#asAppError(error, 'whoAmI');
    }
    if (user.id === '') {
      throw new AppError('bad_response', 'The server did not say whose token this is.');
    }
    return { user, version };
  }

  #refuseDuplicate(origin: Origin, userId: string, exceptId: string | null): void {
    const other = this.#accounts.find(
      (account) =>
        account.id !== exceptId && account.origin === origin && account.userId === userId,
    );
    if (other !== undefined) {
      throw new AppError(
        'duplicate_account',
        `This account on ${hostOf(origin)} is already saved as "${other.label}".`,
      );
    }
  }

  #require(id: string): SavedAccount {
    const account = this.get(id);
    if (account === undefined) {
      throw new AppError('unknown_account', 'This server is no longer saved.');
    }
    return account;
  }

  /** Runs one change at a time; a failed change does not block the next. */
  #exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#lock.then(task);
    this.#lock = run.catch(() => undefined);
    return run;
  }

  #save(accounts: readonly SavedAccount[]): void {
    const next = freezeList(accounts);
    try {
      this.#store.writeAccounts(next);
    } catch (error) {
      this.#log.error('registry: could not write the saved servers', { error });
      throw new AppError(
        'storage_unavailable',
        'Teamtray could not write its settings file, so nothing was changed.',
        { cause: error },
      );
    }
    this.#accounts = next;
    for (const listener of this.#listeners) {
      try {
        listener();
      } catch (error) {
        this.#log.error('registry: a change listener failed', { error });
      }
    }
  }

  async #storeToken(id: string, token: Token): Promise<void> {
    try {
      await this.#vault.setPassword(TOKEN_SERVICE, id, token);
    } catch (error) {
      this.#log.error('registry: could not store a token', { id, error });
      if (isAppError(error) && error.code === 'storage_unavailable') throw error;
      throw new AppError(
        'storage_unavailable',
        'Teamtray could not store the token, so nothing was saved.',
        { cause: error },
      );
    }
  }

  async #heldToken(id: string): Promise<string | null> {
    try {
      return await this.#vault.getPassword(TOKEN_SERVICE, id);
    } catch (error) {
      this.#log.warn('registry: could not read a token', { id, error });
      return null;
    }
  }

  async #forgetToken(id: string): Promise<void> {
    try {
      await this.#vault.deletePassword(TOKEN_SERVICE, id);
    } catch (error) {
      // The account is gone; the orphan is pruned at the next start.
      this.#log.warn('registry: could not delete a token', { id, error });
    }
  }

  async #restoreToken(id: string, previous: string | null): Promise<void> {
    if (previous === null) {
      await this.#forgetToken(id);
      return;
    }
    try {
      await this.#vault.setPassword(TOKEN_SERVICE, id, previous);
    } catch (error) {
      this.#log.error('registry: could not put the previous token back', { id, error });
    }
  }

  #asAppError(error: unknown, step: string): AppError {
    if (isAppError(error)) return error;
    this.#log.error(`registry: ${step} failed unexpectedly`, { error });
    return new AppError('internal', 'Something went wrong while checking this server.', {
      cause: error,
    });
  }
}

export function createAccountRegistry(options: AccountRegistryOptions): SavedAccountRegistry {
  return new SavedAccountRegistry(options);
}

function freezeList(accounts: readonly SavedAccount[]): readonly SavedAccount[] {
  return Object.freeze(accounts.map((account) => Object.freeze(account)));
}

/** The same origin, or the same host moving from http to https. */
export function mayReuseToken(saved: string, next: string): boolean {
  if (saved === next) return true;
  const from = new URL(saved);
  const to = new URL(next);
  return from.protocol === 'http:' && to.protocol === 'https:' && from.hostname === to.hostname;
}
