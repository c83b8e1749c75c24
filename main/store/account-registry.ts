/**
 * The saved FlowFuse accounts. Every change that touches the network checks first (is this
 * FlowFuse, does the token work, is this account already saved) and only then writes: the token
 * to the vault, then the list to the settings file. When any step fails nothing is left behind.
 *
 * Checks run outside the lock so a slow server does not hold up other edits; the duplicate test
 * and the writes run inside it, so two adds of the same account cannot both get through.
 *
 * A token is kept bound to its account's server (../vault/bound-secret.ts): an address changed in
 * the settings file behind Teamtray's back finds the token refused, and the user pastes it again.
 */
import { dequal } from 'dequal/lite';
import { asAccountId, asToken, type Origin, type Token } from '../../common/brand';
import { AppError, isAppError } from '../../common/errors';
import { Emitter } from '../../common/emitter';
import { hostOf, normalizeBaseUrl } from '../flowfuse/base-url';
import type { ClientFactory } from '../flowfuse/types';
import type { Logger } from '../log';
import { bindSecret, openSecret } from '../vault/bound-secret';
import type { KeytarVault } from '../vault/token-vault';
import { ACCOUNT_CHECK_LIMIT_MS } from '../../common/account-check';
import { createCheckControl, mayReuseToken, verifyAccount, type Verified } from './account-checks';
import { checkToken, cleanLabel } from './account-fields';
import type { AccountListStore } from './settings-file';
import { tokenMemory, withoutTokenMemory } from './token-memory';
import type {
  AccountClient,
  AddAccountInput,
  AccountRegistry,
  Credentials,
  SavedAccount,
  UpdateAccountInput,
} from './types';

/** The vault service under which tokens are kept; the account is the account id. */
export const TOKEN_SERVICE = 'teamtray';

export interface AccountRegistryOptions {
  readonly store: AccountListStore;
  readonly vault: KeytarVault;
  readonly clientFactory: ClientFactory;
  readonly newId: () => string;
  readonly log: Logger;
  /** How long a check may wait for the server (default ACCOUNT_CHECK_LIMIT_MS). */
  readonly checkLimitMs?: number;
}

export function createAccountRegistry(options: AccountRegistryOptions): AccountRegistry {
  const { store, vault, log } = options;
  const changes = new Emitter<void>();
  let accounts: readonly SavedAccount[] = freezeList(store.readAccounts());
  let lock: Promise<unknown> = Promise.resolve();
  const checks = createCheckControl(options.checkLimitMs ?? ACCOUNT_CHECK_LIMIT_MS);

  const get = (id: string): SavedAccount | undefined =>
    accounts.find((account) => account.id === id);

  function require(id: string): SavedAccount {
    const account = get(id);
    if (account === undefined) {
      throw new AppError('unknown_account', 'This server is no longer saved.');
    }
    return account;
  }

  /** Runs one change at a time; a failed change does not block the next. */
  function exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = lock.then(task);
    lock = run.catch(() => undefined);
    return run;
  }

  function refuseDuplicate(origin: Origin, userId: string, exceptId: string | null): void {
    const other = accounts.find(
      (account) =>
        account.id !== exceptId && account.origin === origin && account.userId === userId,
    );
    if (other !== undefined) {
      const savedAs = other.label === '' ? '' : ` as "${other.label}"`;
      throw new AppError(
        'duplicate_account',
        `This account on ${hostOf(origin)} is already saved${savedAs}.`,
      );
    }
  }

  function save(next: readonly SavedAccount[]): void {
    const frozen = freezeList(next);
    try {
      store.writeAccounts(frozen);
    } catch (error) {
      log.error('registry: could not write the saved servers', { error });
      throw new AppError(
        'storage_unavailable',
        'Teamtray could not write its settings file, so nothing was changed.',
        { cause: error },
      );
    }
    accounts = frozen;
    changes.emit();
  }

  /** Stores `token` bound to `origin` (or `secret` as it was, to put a previous one back). */
  async function storeToken(id: string, origin: Origin, token: Token): Promise<void> {
    await storeSecret(id, bindSecret(origin, id, token));
  }

  async function storeSecret(id: string, secret: string): Promise<void> {
    try {
      await vault.setPassword(TOKEN_SERVICE, id, secret);
    } catch (error) {
      log.error('registry: could not store a token', { id, error });
      if (isAppError(error) && error.code === 'storage_unavailable') throw error;
      throw new AppError(
        'storage_unavailable',
        'Teamtray could not store the token, so nothing was saved.',
        { cause: error },
      );
    }
  }

  /** The vault's plain text for the account, as stored: null when it holds none. */
  async function heldToken(id: string): Promise<string | null> {
    try {
      return await vault.getPassword(TOKEN_SERVICE, id);
    } catch (error) {
      log.warn('registry: could not read a token', { id, error });
      return null;
    }
  }

  async function forgetToken(id: string): Promise<void> {
    try {
      await vault.deletePassword(TOKEN_SERVICE, id);
    } catch (error) {
      // The account is gone; the orphan is pruned at the next start.
      log.warn('registry: could not delete a token', { id, error });
    }
  }

  async function restoreToken(id: string, previous: string | null): Promise<void> {
    if (previous === null) {
      await forgetToken(id);
      return;
    }
    try {
      await vault.setPassword(TOKEN_SERVICE, id, previous);
    } catch (error) {
      log.error('registry: could not put the previous token back', { id, error });
    }
  }

  /**
   * The account's token, when the vault holds one saved for this account at this address. One
   * saved for another address (the settings file was edited) is refused with words that say
   * so, and is never sent; a bare token (written before tokens were bound) is taken as it is.
   */
  async function openToken(account: SavedAccount): Promise<Token | null> {
    const held = await heldToken(account.id);
    if (held === null) return null;
    const opened = openSecret(held);
    if (opened.kind === 'bare') return asToken(opened.token);
    if (
      opened.kind === 'bound' &&
      opened.origin === account.origin &&
      opened.account === account.id
    ) {
      return asToken(opened.token);
    }
    const savedFor =
      opened.kind === 'bound' ? ` It was saved for ${originWords(opened.origin)}.` : '';
    log.warn('registry: refused a token saved for another address', { id: account.id });
    throw new AppError(
      'storage_unavailable',
      `The saved token does not belong to ${hostOf(account.origin)}: the address was changed outside Teamtray.${savedFor} Paste the token again to reconnect.`,
    );
  }

  // Under the lock: an edit stores the new token and then the new address, and a reader between
  // the two would pair the new token with the old address.
  function credentialsFor(id: string): Promise<Credentials | null> {
    return exclusive(async () => {
      const account = get(id);
      if (account === undefined) return null;
      const token = await openToken(account);
      return token === null ? null : { account, token };
    });
  }

  async function clientFor(id: string): Promise<AccountClient | null> {
    const held = await credentialsFor(id).catch(() => null);
    if (held === null) return null;
    const { account, token } = held;
    const { origin, allowHttp } = account;
    return { account, client: options.clientFactory({ origin, token, allowHttp }) };
  }

  async function tokenFor(id: string): Promise<Token | null> {
    return (await credentialsFor(id))?.token ?? null;
  }

  async function add(input: AddAccountInput): Promise<SavedAccount> {
    const allowHttp = input.allowHttp ?? false;
    const origin = normalizeBaseUrl(input.url, { allowHttp });
    const token = checkToken(input.token);
    const label = cleanLabel(input.label ?? '');
    const verified = await checks.run(origin, (signal) =>
      verifyAccount(options, origin, token, allowHttp, signal),
    );

    return exclusive(async () => {
      refuseDuplicate(origin, verified.user.id, null);
      const id = asAccountId(options.newId());
      if (get(id) !== undefined) throw new AppError('internal', 'Could not make a new id.');
      const account: SavedAccount = Object.freeze({
        id,
        label,
        origin,
        allowHttp,
        userId: verified.user.id,
        username: verified.user.username,
        version: verified.version,
        // Which token it is is learnt after (main/tokens/token-service.ts).
        tokenInfo: null,
      });
      await storeToken(id, origin, token);
      try {
        save([...accounts, account]);
      } catch (error) {
        await forgetToken(id);
        throw error;
      }
      return account;
    });
  }

  async function update(input: UpdateAccountInput): Promise<SavedAccount> {
    const current = require(input.id);
    const allowHttp = input.allowHttp ?? current.allowHttp;
    // Re-normalised even when unchanged: withdrawing http consent must fail for an http origin.
    const origin = normalizeBaseUrl(input.url ?? current.origin, { allowHttp });
    const newToken = input.token === undefined ? null : checkToken(input.token);
    const label = input.label === undefined ? undefined : cleanLabel(input.label);

    // A saved token only ever goes to the origin it was saved for (or its https upgrade):
    // another host or port needs it pasted again.
    if (newToken === null && !mayReuseToken(current.origin, origin)) {
      throw new AppError(
        'invalid_token',
        'Paste the token again for the new address: Teamtray only sends a saved token to the server it was saved for.',
      );
    }

    let verified: Verified | null = null;
    if (origin !== current.origin || newToken !== null) {
      const token = newToken ?? (await tokenFor(current.id));
      if (token === null) {
        throw new AppError(
          'invalid_token',
          'Teamtray no longer holds the token for this server: paste it again to change the address.',
        );
      }
      verified = await checks.run(origin, (signal) =>
        verifyAccount(options, origin, token, allowHttp, signal),
      );
    }

    return exclusive(async () => {
      const latest = require(input.id);
      // Another edit landed while we checked the server: what we verified may no longer apply.
      if (latest.origin !== current.origin || (verified !== null && latest !== current)) {
        throw new AppError('invalid_request', 'This server was changed meanwhile. Try again.');
      }
      if (verified !== null) refuseDuplicate(origin, verified.user.id, latest.id);
      const next: SavedAccount = Object.freeze({
        id: latest.id,
        label: label ?? latest.label,
        origin,
        allowHttp,
        userId: verified === null ? latest.userId : verified.user.id,
        username: verified === null ? latest.username : verified.user.username,
        version: verified === null ? latest.version : verified.version,
        // A new token is another token: which one it is is learnt again. What the old one
        // listed is kept as "before": a token listed now and not then is the one just created.
        tokenInfo: newToken === null ? latest.tokenInfo : null,
        ...tokenMemory(
          newToken === null
            ? latest
            : { tokensBefore: latest.tokensListed ?? latest.tokensBefore ?? null },
        ),
      });
      // The token is stored anew, bound to the new address, when either changed.
      const token = newToken ?? (origin === latest.origin ? null : await openToken(latest));
      const previousToken = token === null ? null : await heldToken(latest.id);
      if (token !== null) await storeToken(latest.id, origin, token);
      try {
        save(accounts.map((account) => (account.id === latest.id ? next : account)));
      } catch (error) {
        if (token !== null) await restoreToken(latest.id, previousToken);
        throw error;
      }
      return next;
    });
  }

  return {
    list: () => accounts,
    get,
    add,
    update,
    cancelChecks: () => {
      checks.cancelAll();
    },
    async remove(id) {
      await exclusive(async () => {
        const existing = require(id);
        save(accounts.filter((account) => account.id !== existing.id));
        await forgetToken(existing.id);
      });
    },
    reorder(ids) {
      const byId = new Map(accounts.map((account) => [account.id as string, account]));
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
      if (next.every((account, index) => account === accounts[index])) return;
      save(next);
    },
    credentialsFor,
    clientFor,
    tokenFor,
    setTokenInfo: (id, origin, tokenInfo) =>
      exclusive(() => {
        const latest = get(id);
        // Gone, or moved to another server meanwhile: what was read is not about it any more.
        if (latest === undefined || latest.origin !== origin) return Promise.resolve(false);
        if (!dequal(latest.tokenInfo, tokenInfo)) {
          save(accounts.map((account) => (account.id === id ? { ...latest, tokenInfo } : account)));
        }
        return Promise.resolve(true);
      }),
    setTokensRead: (id, origin, { listed, known }) =>
      exclusive(() => {
        const latest = get(id);
        if (latest === undefined || latest.origin !== origin) return Promise.resolve(false);
        const next: SavedAccount = Object.freeze({
          ...withoutTokenMemory(latest),
          ...tokenMemory({
            tokensListed: [...listed],
            // Known now: the ids from before a Replace have said what they could.
            tokensBefore: known === null ? latest.tokensBefore : null,
            tokenWarned: latest.tokenWarned,
          }),
          ...(known === null ? {} : { tokenInfo: known }),
        });
        if (!dequal(latest, next)) {
          save(accounts.map((account) => (account.id === id ? next : account)));
        }
        return Promise.resolve(true);
      }),
    setTokenWarned: (id, origin, warned) =>
      exclusive(() => {
        const latest = get(id);
        if (latest === undefined || latest.origin !== origin) return Promise.resolve(false);
        if (!dequal(latest.tokenWarned ?? null, warned)) {
          const next = Object.freeze({ ...latest, tokenWarned: warned });
          save(accounts.map((account) => (account.id === id ? next : account)));
        }
        return Promise.resolve(true);
      }),
    bindBareTokens: () =>
      exclusive(async () => {
        let bound = 0;
        for (const account of accounts) {
          const held = await heldToken(account.id);
          if (held === null || openSecret(held).kind !== 'bare') continue;
          try {
            await storeToken(account.id, account.origin, asToken(held));
            bound += 1;
          } catch {
            // storeToken logged it; the bare token still opens, and is bound at the next start.
          }
        }
        if (bound > 0) log.info('registry: bound saved tokens to their servers', { count: bound });
      }),
    // A listener that throws must not undo a change already written, nor keep it from the others.
    onChange: (listener) =>
      changes.on(() => {
        try {
          listener();
        } catch (error) {
          log.error('registry: a change listener failed', { error });
        }
      }),
  };
}

/** The host a bound secret names, for the words of a refusal. */
function originWords(origin: string): string {
  try {
    return new URL(origin).host;
  } catch {
    return 'another address';
  }
}

function freezeList(accounts: readonly SavedAccount[]): readonly SavedAccount[] {
  return Object.freeze(accounts.map((account) => Object.freeze(account)));
}
