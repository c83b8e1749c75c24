/**
 * The popover's views around a form or a page: a head with Back and a title (where the focus
 * goes on the way in: tt-app), and the account form.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Account } from '../../common/state';
import { hostOf } from '../state/account-names';
import type { Store, View } from '../state/store';
import { backIcon } from './icons';

export function viewHead(store: Store, title: string, back: View): TemplateResult {
  return html`<div class="view-head">
    <button
      class="icon-btn"
      aria-label="Back"
      title="Back (Esc)"
      @click=${() => {
        store.navigate(back);
      }}
    >
      ${backIcon}
    </button>
    <h1 tabindex="-1">${title}</h1>
  </div>`;
}

export function formView(
  store: Store,
  title: string,
  mode: 'add' | 'edit' | 'token',
  account: Account | null,
  onSaved: () => void,
): TemplateResult {
  const lead =
    mode === 'token' && account !== null
      ? html`<p class="lead">
          ${
            account.status === 'unauthorized'
              ? `${hostOf(account)} refused the saved token: it expired or was revoked.`
              : 'Teamtray does not hold this account’s token right now.'
          }
          Paste a new one; the account and its place in the list stay as they are.
        </p>`
      : nothing;
  return html`${viewHead(store, title, store.formReturn)}
    <div
      class="view-body"
      @tt-saved=${onSaved}
      @tt-cancel=${() => {
        store.navigate(store.formReturn);
      }}
    >
      ${lead}
      <tt-account-form .mode=${mode} .account=${account}></tt-account-form>
    </div>`;
}
