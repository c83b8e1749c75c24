/**
 * Settings › Accounts, under each account: its token's name, when it was made, when it expires
 * and what it may do (token health, common/token-health.ts), or, while the user's tokens could
 * not say which one the account is, "Which of your tokens is this?" with each token's name and
 * dates to pick from (the bridge's chooseToken; main checks the choice was among them). Only
 * what FlowFuse lists of a token is shown: never the token.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Account } from '../../common/state';
import {
  expiredWords,
  expiresInWords,
  tokenDay,
  tokenExpiry,
  tokenLimit,
  type TokenInfo,
} from '../../common/token-health';

export interface TokenDetailsContext {
  readonly now: number;
  readonly onChoose: (account: Account, token: TokenInfo) => void;
}

function expiresWords(token: TokenInfo, now: number): string {
  if (token.expiresAt === null) return 'Never';
  const expiry = tokenExpiry(token, now);
  const day = tokenDay(token.expiresAt, now);
  if (expiry.kind === 'expired')
    return expiredWords(expiry.at, now).replace('Token expired', 'Expired');
  if (expiry.kind === 'soon')
    return `${day} (${expiresInWords(expiry.days).replace('Token expires ', '')})`;
  return day;
}

function scopeWords(token: TokenInfo): string {
  if (token.readOnly === null && token.teams === null) return 'Everything your account may do';
  return tokenLimit(token)?.replace('This token is ', '') ?? 'Everything your account may do';
}

/** "laptop · expires 12 Dec", for a choice. */
function choiceWords(token: TokenInfo, now: number): string {
  const made = token.createdAt === null ? '' : ` · made ${tokenDay(token.createdAt, now)}`;
  const expires =
    token.expiresAt === null ? ' · never expires' : ` · expires ${tokenDay(token.expiresAt, now)}`;
  return `${token.name === '' ? 'Unnamed token' : token.name}${made}${expires}`;
}

export function renderTokenDetails(
  account: Account,
  ctx: TokenDetailsContext,
): TemplateResult | typeof nothing {
  const token = account.tokenInfo;
  if (token !== null) {
    return html`<dl class="token-details" aria-label="Token">
      <dt>Token</dt>
      <dd>${token.name === '' ? 'Unnamed' : token.name}</dd>
      <dt>Created</dt>
      <dd>
        ${token.createdAt === null ? 'Not said by the server' : tokenDay(token.createdAt, ctx.now)}
      </dd>
      <dt>Expires</dt>
      <dd>${expiresWords(token, ctx.now)}</dd>
      <dt>Scope</dt>
      <dd>${scopeWords(token)}</dd>
    </dl>`;
  }
  const choices = account.tokenChoices;
  if (choices === null) return nothing;
  return html`<fieldset class="token-choice">
    <legend>Which of your tokens is this?</legend>
    <p class="hint">
      FlowFuse does not say which token is calling. Pick the one you pasted so Teamtray can warn
      before it expires.
    </p>
    ${choices.map(
      (choice) =>
        html`<button
          class="btn small"
          @click=${() => {
            ctx.onChoose(account, choice);
          }}
        >
          ${choiceWords(choice, ctx.now)}
        </button>`,
    )}
  </fieldset>`;
}
