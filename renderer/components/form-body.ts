/**
 * The account form's view under its head (add, edit, a new token): the lead that says why a new
 * token is asked for, and the form itself (tt-account-form, defined by this module's import).
 * Loaded when the view is first shown, or with the other parts once the list is idle
 * (lazy-parts.ts): not on the first screen (issue 30). ./app-views.ts draws the head before it.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Account } from '../../common/state';
import { hostOf } from '../state/account-names';
import type { Store } from '../state/store';
import './tt-account-form';

export function formBody(
  store: Store,
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
  return html`<div
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
