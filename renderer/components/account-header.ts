/**
 * The header of one account's section: its title (the label, or user @ host), the host beside a
 * label, status, age, and the fix when broken.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { AppErrorShape } from '../../common/errors';
import { accountNeedsToken } from '../../common/attention';
import type { Account } from '../../common/state';
import { hostOf, titleOf } from '../state/account-names';
import { leftOutSentences } from '../../common/left-out';
import { showsError, type AccountRow, type NoteRow } from '../state/rows';
import { absoluteTime, relativeTime } from '../state/time';
import { clockIcon, keyIcon, refreshIcon } from './icons';
import { renderErrorDetails } from './error-details';
import { expiredWords, tokenExpiry } from '../../common/token-health';
import { renderTokenLine } from './account-token-line';

export interface AccountHeaderContext {
  readonly now: number;
  readonly refreshing: boolean;
  readonly searching: boolean;
  /**
   * The copy pinned over the top of the list while its section scrolls (list-sections.ts): not
   * a row of the list, and hidden from assistive technology, which reads the row itself.
   */
  readonly pinned?: boolean;
  readonly onRetry: (account: Account) => void;
  readonly onReplaceToken: (account: Account) => void;
  /** Opens Settings › Accounts, where the user says which of their tokens this is. */
  readonly onChooseToken?: (account: Account) => void;
}

interface Status {
  readonly text: string;
  readonly tone: 'ok' | 'warn' | 'danger' | 'muted';
}

/** `now`: a token refused after its known expiry says when it expired, not "or revoked". */
export function accountStatus(account: Account, now: number = Date.now()): Status {
  switch (account.status) {
    case 'loading':
      return { text: 'Refreshing', tone: 'muted' };
    case 'ok':
      return account.stale ? { text: 'Stale', tone: 'warn' } : { text: 'Online', tone: 'ok' };
    case 'unauthorized': {
      const expiry = tokenExpiry(account.tokenInfo, now);
      return expiry.kind === 'expired'
        ? { text: expiredWords(expiry.at, now), tone: 'danger' }
        : { text: 'Token expired or revoked', tone: 'danger' };
    }
    case 'token_unavailable':
      return { text: 'Token needed', tone: 'danger' };
    case 'unreachable':
      return { text: 'Unreachable', tone: 'warn' };
    case 'error':
      return { text: 'Error', tone: 'danger' };
  }
}

function versionTitle(account: Account): string {
  const parts = [
    account.version === null ? 'FlowFuse (version unknown)' : `FlowFuse ${account.version}`,
  ];
  if (account.username !== null) parts.push(`signed in as ${account.username}`);
  return parts.join(', ');
}

export function renderAccountHeader(row: AccountRow, ctx: AccountHeaderContext): TemplateResult {
  const { account } = row;
  const { title, showHost } = titleOf(account);
  const status = accountStatus(account, ctx.now);
  const version = versionTitle(account);
  const needsToken = accountNeedsToken(account.status);
  const canRetry = account.status === 'unreachable' || account.status === 'error';
  const loading = account.status === 'loading' || ctx.refreshing;
  // "Last": beside "Unreachable", a bare "Updated just now" would read as a contradiction.
  const age =
    account.lastSuccessAt === null
      ? 'Never updated'
      : `Last updated ${relativeTime(account.lastSuccessAt, ctx.now)}`;
  // Never listed and nothing cached: "Never updated · 0 teams" would read as "no teams".
  const notLoaded = account.lastSuccessAt === null && account.teams.length === 0;
  const teams = ctx.searching
    ? `${row.shown} of ${account.teams.length} teams`
    : `${account.teams.length} ${account.teams.length === 1 ? 'team' : 'teams'}`;
  const pinned = ctx.pinned ?? false;
  const line = html`<div class="account-line">
    <h2 class="account-label" title=${version}>${title}</h2>
    ${showHost ? html`<span class="host" title=${account.origin}>${hostOf(account)}</span>` : nothing}
    <span class="badge ${status.tone}" title=${version}>
      ${loading ? html`<span class="spinner mini" aria-hidden="true"></span>` : nothing}
      ${loading && account.status !== 'loading' ? 'Refreshing' : status.text}
    </span>
  </div>`;
  // Pinned: one line, name and status (ACCOUNT_PIN_HEIGHT); the rest is in the account's row.
  if (pinned) return html`<div class="account pinned">${line}</div>`;
  const body = html`${line}
    <div class="account-line sub">
      ${
        notLoaded
          ? html`<span class="age">Teams not loaded yet</span>`
          : html`<span
                class="age ${account.stale ? 'stale' : ''}"
                title=${account.lastSuccessAt === null ? '' : absoluteTime(account.lastSuccessAt)}
                >${account.stale ? clockIcon : nothing}${age}</span
              >
              <span aria-hidden="true">·</span>
              <span>${teams}</span>`
      }
      <span class="spacer"></span>
      ${
        needsToken
          ? html`<button
              class="btn small"
              @click=${() => {
                ctx.onReplaceToken(account);
              }}
            >
              ${keyIcon} Replace token
            </button>`
          : nothing
      }
      ${
        canRetry
          ? html`<button
              class="btn small"
              ?disabled=${loading}
              @click=${() => {
                ctx.onRetry(account);
              }}
            >
              ${refreshIcon} Retry
            </button>`
          : nothing
      }
    </div>
    ${renderTokenLine(account, {
      now: ctx.now,
      onReplaceToken: ctx.onReplaceToken,
      onChooseToken: ctx.onChooseToken ?? (() => undefined),
    })}
    ${
      showsError(account) && account.error !== null
        ? renderAccountError(accountError(account, account.error, ctx.now))
        : nothing
    }
    ${leftOutSentences('team', account.teamsLeftOut ?? undefined).map(
      (sentence) => html`<p class="account-left-out">${sentence}</p>`,
    )}`;
  return html`<div class="row account" role="listitem" data-kind="account" data-key=${row.key}>
    ${body}
  </div>`;
}

/**
 * The error said under the header: a token refused after its known expiry says the badge's words
 * ("Token expired on 12 Dec: a.example refused it."), not the server's "expired or revoked".
 */
export function accountError(account: Account, error: AppErrorShape, now: number): AppErrorShape {
  const expiry = tokenExpiry(account.tokenInfo, now);
  if (account.status !== 'unauthorized' || expiry.kind !== 'expired') return error;
  return {
    ...error,
    message: `${expiredWords(expiry.at, now)}: ${hostOf(account)} refused it. Replace token with a new one.`,
  };
}

/** The account's error in words; the technical detail (a page title, a system code) folded. */
function renderAccountError(error: AppErrorShape): TemplateResult {
  return html`<div class="account-error">
    <p>${error.message}</p>
    ${renderErrorDetails(error.detail)}
  </div>`;
}

export function renderNoteRow(row: NoteRow): TemplateResult {
  return html`<div class="row note" role="listitem" data-kind="note" data-key=${row.key}>
    <div class="note-box">${row.text}</div>
  </div>`;
}
