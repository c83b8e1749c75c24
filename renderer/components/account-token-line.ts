/**
 * Token health in an account's header (common/token-health.ts): "Token expires in 3 days ·
 * Replace" while the token still works and is within 7 days of its expiry, and "Which of your
 * tokens is this? · Choose" while the user's tokens could not say which one this account is
 * (the choice is made in Settings › Accounts, where each token's name and dates are listed), or
 * what a read-only or team-limited token may not do.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { accountNeedsToken } from '../../common/attention';
import type { Account } from '../../common/state';
import { expiresInWords, tokenDay, tokenExpiry, tokenLimit } from '../../common/token-health';
import { clockIcon, keyIcon } from './icons';

export interface TokenLineContext {
  readonly now: number;
  readonly onReplaceToken: (account: Account) => void;
  readonly onChooseToken: (account: Account) => void;
}

export function renderTokenLine(
  account: Account,
  ctx: TokenLineContext,
): TemplateResult | typeof nothing {
  if (accountNeedsToken(account.status)) return nothing;
  const expiry = tokenExpiry(account.tokenInfo, ctx.now);
  if (expiry.kind === 'soon' && account.tokenInfo?.expiresAt != null) {
    return html`<p
      class="account-token ${expiry.threshold === 1 ? 'danger' : ''}"
      title=${`Expires on ${tokenDay(account.tokenInfo.expiresAt, ctx.now)}`}
    >
      ${clockIcon}<span>${expiresInWords(expiry.days)}</span>
      <span aria-hidden="true">·</span>
      <button
        class="link"
        @click=${() => {
          ctx.onReplaceToken(account);
        }}
      >
        Replace
      </button>
    </p>`;
  }
  if (account.tokenInfo === null && account.tokenChoices !== null) {
    return html`<p class="account-token">
      ${keyIcon}<span>Which of your tokens is this?</span>
      <span aria-hidden="true">·</span>
      <button
        class="link"
        @click=${() => {
          ctx.onChooseToken(account);
        }}
      >
        Choose
      </button>
    </p>`;
  }
  // FlowFuse 2.32+: a read-only or team-limited token says so; the rows offer what it may not do
  // disabled, with the same words.
  const limit = tokenLimit(account.tokenInfo);
  if (limit !== null)
    return html`<p class="account-token info">${keyIcon}<span>${limit}</span></p>`;
  return nothing;
}
