/**
 * The model's transitions for token health (common/token-health.ts): the user's tokens, when
 * their list could not say which one an account is, are put to the user once; the choice (or a
 * token learnt otherwise) arrives with the saved account (`accountSaved`) and ends the question,
 * as a Replace of the token does (`tokenReplaced`).
 * A read-only token's inbox says it needs a token that may write (`inboxNeedsWrite`).
 * Part of the model's one table (transitions.ts).
 */
import { dequal } from 'dequal/lite';
import { castDraft, type Draft } from 'immer';
import type { AccountId } from '../../common/brand';
import { INBOX_NEEDS_WRITE, type TokenInfo, type TokenWarned } from '../../common/token-health';
import type { Account, TeamtrayState } from '../../common/state';
import { findAccount } from './find';

type Recipe<P> = (draft: Draft<TeamtrayState>, payload: P) => void;
const transition = <P>(recipe: Recipe<P>): Recipe<P> => recipe;

export const tokenTransitions = {
  /** The list holds several tokens: ask which one this account is (unless it is known). */
  tokenChoicesRead: transition<{
    readonly accountId: AccountId;
    readonly choices: readonly TokenInfo[];
  }>((draft, { accountId, choices }) => {
    const account = findAccount(draft, accountId);
    if (account === undefined || account.tokenInfo !== null) return;
    if (!dequal(account.tokenChoices, choices)) account.tokenChoices = castDraft(choices);
  }),
  /**
   * The user replaced the account's token: the question about the old token's list is withdrawn
   * at once (a choice from it would name the old token), and asked again, if it must be, once
   * the new token's list is read (`tokenChoicesRead`).
   */
  tokenReplaced: transition<{ readonly accountId: AccountId }>((draft, { accountId }) => {
    const account = findAccount(draft, accountId);
    if (account !== undefined && account.tokenChoices !== null) account.tokenChoices = null;
  }),
  /**
   * An expiry warning was told of the account's token (main/tokens/token-reminder.ts): at once
   * here, so the next check does not tell it again, and saved with the account (accountSaved
   * brings the same back), so a restart does not either.
   */
  tokenWarned: transition<{ readonly accountId: AccountId; readonly warned: TokenWarned }>(
    (draft, { accountId, warned }) => {
      const account = findAccount(draft, accountId);
      if (account !== undefined) warnedAs(account, warned);
    },
  ),
  /**
   * The account's token may not read the inbox (read-only: FlowFuse 2.32+ answers 403 on every
   * `/user/notifications` route): the server has one, and it says it needs a token that may
   * write, instead of an empty list or an error. The next read with a new token puts it right.
   */
  inboxNeedsWrite: transition<{ readonly accountId: AccountId }>((draft, { accountId }) => {
    const account = findAccount(draft, accountId);
    if (account === undefined) return;
    const { inbox } = account;
    if (inbox.supported !== true) inbox.supported = true;
    if (inbox.notifications.length > 0) inbox.notifications = [];
    if (inbox.error?.code !== 'forbidden' || inbox.error.message !== INBOX_NEEDS_WRITE) {
      inbox.error = { code: 'forbidden', message: INBOX_NEEDS_WRITE };
    }
  }),
};

/** Sets the account's last warning told, only when it differs (no patch for the same). */
export function warnedAs(account: Draft<Account>, warned: TokenWarned | null): void {
  if (!dequal(account.tokenWarned ?? null, warned)) account.tokenWarned = warned;
}
