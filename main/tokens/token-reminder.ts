/**
 * Token health's notifications: one when an account's token comes within 7 days of its expiry,
 * one more at the last day (common/token-health.ts), while the token still works. The threshold
 * is crossed by the clock, not by a change of the model, so this is a clock check (every
 * CHECK_EVERY_MS, and at each change of the model, where a token learnt or chosen is checked at
 * once) beside the news of changes (main/runtime/news.ts, a pure function of a change).
 *
 * Each threshold of each token is told once: what was told is a fact of the model (the account's
 * `tokenWarned`, set at once by the `tokenWarned` transition) and is saved with the account, so
 * a restart inside the last 7 days does not tell it again. Account notifications off
 * (`notifyAccounts`), quiet hours and a snooze of everything keep it quiet; it is told when they
 * end, as the tray and the account's row say it meanwhile.
 */
import { accountNeedsToken } from '../../common/attention';
import { accountTitle } from '../../common/account-title';
import type { AccountId, Origin } from '../../common/brand';
import type { Unsubscribe } from '../../common/emitter';
import { expiresInWords, tokenDay, tokenExpiry, type TokenWarned } from '../../common/token-health';
import { hostOf } from '../flowfuse/base-url';
import type { Model } from '../model/model';
import { silenced } from '../runtime/news';
import { shownName } from '../runtime/notification-text';
import type { NotifierPort } from '../runtime/runtime-watcher';

/** How often the clock is checked: a day's threshold is told within this long of it. */
const CHECK_EVERY_MS = 15 * 60 * 1000;

export interface TokenReminderDeps {
  readonly model: Model;
  readonly notifier: NotifierPort;
  readonly now: () => number;
  /** Saves the warning told with the account (the registry's setTokenWarned). */
  readonly remember: (
    accountId: AccountId,
    origin: Origin,
    warned: TokenWarned,
  ) => Promise<unknown>;
  /** Runs `check` every `ms` until stopped (setInterval in the app; tests pass their own). */
  readonly every?: (check: () => void, ms: number) => () => void;
}

export interface TokenReminder {
  readonly stop: Unsubscribe;
  /** Checks every account's token against the clock now. */
  check(): void;
}

const realEvery = (check: () => void, ms: number): (() => void) => {
  const timer = setInterval(check, ms);
  timer.unref();
  return () => {
    clearInterval(timer);
  };
};

export function watchTokenExpiry(deps: TokenReminderDeps): TokenReminder {
  const { model, notifier, now } = deps;

  function check(): void {
    const state = model.state();
    const at = now();
    if (!state.settings.notifyAccounts || silenced(state.settings, null, at)) return;
    for (const account of state.accounts) {
      const token = account.tokenInfo;
      if (token === null || token.expiresAt === null || accountNeedsToken(account.status)) continue;
      const expiry = tokenExpiry(token, at);
      if (expiry.kind !== 'soon') continue;
      // The 1-day warning says the 7-day one as well: one notification, not two at once.
      const last = account.tokenWarned ?? null;
      if (last !== null && last.tokenId === token.id && last.threshold <= expiry.threshold)
        continue;
      const warned: TokenWarned = { tokenId: token.id, threshold: expiry.threshold };
      model.apply('tokenWarned', { accountId: account.id, warned });
      // Not saved (the file cannot be written): still told once in this run, as the model has it.
      void deps.remember(account.id, account.origin, warned).catch(() => undefined);
      const title = accountTitle({ ...account, host: hostOf(account.origin) }).title;
      notifier.notify({
        title: expiresInWords(expiry.days),
        body: `${shownName(title)}: “${shownName(token.name)}” expires on ${tokenDay(token.expiresAt, at)}. Replace it before FlowFuse refuses it.`,
        target: { accountId: account.id, teamId: null, item: null },
      });
    }
  }

  const stopTimer = (deps.every ?? realEvery)(check, CHECK_EVERY_MS);
  const stopChanges = model.subscribe((change) => {
    const { name } = change;
    // After this change has reached every listener: the check may apply a transition itself.
    if (name === 'accountSaved' || name === 'settingsSaved' || name === 'listed') {
      queueMicrotask(check);
    }
  });
  return {
    stop: () => {
      stopTimer();
      stopChanges();
    },
    check,
  };
}
