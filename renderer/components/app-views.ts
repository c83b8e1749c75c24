/**
 * The popover's views around a form or a page: a head with Back and a title (where the focus
 * goes on the way in: tt-app), and the account form's view, whose body loads on first use.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Account } from '../../common/state';
import type { Store, View } from '../state/store';
import type * as FormBody from './form-body';
import { backIcon } from './icons';
import { lazyModule } from './lazy-module';

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

const body = lazyModule<typeof FormBody>(() => import('./form-body'));

/** The account form's module (its body and the form element), loaded once. */
export function loadFormBody(): Promise<void> {
  return body.load();
}

/**
 * The account form's view: its head at once (where the focus goes on the way in), the form
 * under it once its module is in (./form-body.ts: a signal, so the app draws it then).
 */
export function formView(
  store: Store,
  title: string,
  mode: 'add' | 'edit' | 'token',
  account: Account | null,
  onSaved: () => void,
): TemplateResult {
  const module = body.loaded.value;
  if (module === null) loadFormBody().catch(() => undefined);
  return html`${viewHead(store, title, store.formReturn)}${
    module === null ? nothing : module.formBody(store, mode, account, onSaved)
  }`;
}
