/**
 * Adds an account, edits one, or replaces its token. Main verifies before anything is saved;
 * this form validates what it can, shows the wait, and turns each error into an action.
 */
import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import type { AppErrorShape, Result } from '../../common/errors';
import type { AccountView } from '../../common/model';
import { ACTION_LABEL, helpFor, type ErrorAction } from '../state/error-help';
import { store } from '../state/store';
import { externalIcon } from './icons';
import { sharedStyles } from './shared.styles';
import { accountFormStyles } from './tt-account-form.styles';

export type FormMode = 'add' | 'edit' | 'token';

const DEFAULT_URL = 'https://app.flowfuse.com';

interface Fields {
  url: string;
  label: string;
  token: string;
}

type FieldErrors = Partial<Record<keyof Fields, string>>;

export class TtAccountForm extends LitElement {
  static override properties = {
    mode: { type: String },
    account: { attribute: false },
    cancellable: { type: Boolean },
    busy: { state: true },
    error: { state: true },
    fieldErrors: { state: true },
    consentAsked: { state: true },
    showToken: { state: true },
  };

  static override styles = [sharedStyles, accountFormStyles];

  declare mode: FormMode;
  declare account: AccountView | null;
  declare cancellable: boolean;
  declare busy: boolean;
  declare error: AppErrorShape | null;
  declare fieldErrors: FieldErrors;
  /** Set when main said insecure_http: the consent panel shows until answered. */
  declare consentAsked: boolean;
  declare showToken: boolean;

  private fields: Fields = { url: DEFAULT_URL, label: '', token: '' };
  /** The address the user allowed plain http for (consent does not carry to another one). */
  private httpConsentFor: string | null = null;
  /** What to re-run once the user allows http. */
  private afterConsent: (() => void) | null = null;
  /** What "Try again" re-runs. */
  private retry: (() => void) | null = null;

  constructor() {
    super();
    this.mode = 'add';
    this.account = null;
    this.cancellable = true;
    this.busy = false;
    this.error = null;
    this.fieldErrors = {};
    this.consentAsked = false;
    this.showToken = false;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('account') || changed.has('mode')) {
      const account = this.account;
      this.fields = {
        url: account?.origin ?? DEFAULT_URL,
        label: account?.label ?? '',
        token: '',
      };
      this.httpConsentFor = account?.allowHttp === true ? account.origin : null;
      this.error = null;
      this.fieldErrors = {};
      this.consentAsked = false;
    }
  }

  protected override firstUpdated(): void {
    this.focusField(this.mode === 'token' ? 'token' : this.mode === 'edit' ? 'label' : 'url');
  }

  protected override render(): TemplateResult {
    const { mode } = this;
    const submitText = mode === 'add' ? 'Add account' : mode === 'token' ? 'Save token' : 'Save';
    return html`<form novalidate @submit=${this.onSubmit}>
      <fieldset ?disabled=${this.busy} aria-busy=${this.busy ? 'true' : 'false'}>
        ${mode === 'token' ? nothing : this.renderUrlAndLabel()} ${this.renderToken()}
      </fieldset>
      ${this.consentAsked ? this.renderConsent() : nothing}
      ${this.error !== null && !this.consentAsked ? this.renderError(this.error) : nothing}
      <div class="buttons">
        ${
          this.cancellable
            ? html`<button type="button" class="btn" @click=${this.onCancel}>Cancel</button>`
            : nothing
        }
        <button type="submit" class="btn primary" ?disabled=${this.busy}>
          ${
            this.busy
              ? html`<span class="spinner" aria-hidden="true"></span> Checking…`
              : submitText
          }
        </button>
      </div>
      <span class="visually-hidden" role="status"
        >${this.busy ? 'Checking the server and the token…' : ''}</span
      >
    </form>`;
  }

  private renderUrlAndLabel(): TemplateResult {
    return html`<div class="field">
        <label for="url">Server address</label>
        <input
          id="url"
          name="url"
          class="input"
          type="url"
          inputmode="url"
          autocomplete="url"
          spellcheck="false"
          maxlength="2048"
          required
          placeholder=${DEFAULT_URL}
          .value=${live(this.fields.url)}
          aria-invalid=${this.fieldErrors.url === undefined ? 'false' : 'true'}
          aria-describedby="url-note"
          @input=${this.onField}
        />
        <span id="url-note" class=${this.fieldErrors.url === undefined ? 'hint' : 'field-error'}
          >${this.fieldErrors.url ?? 'FlowFuse Cloud, or the address of your own server.'}</span
        >
      </div>
      <div class="field">
        <label for="label">Label <span class="optional">(optional)</span></label>
        <input
          id="label"
          name="label"
          class="input"
          autocomplete="off"
          maxlength="100"
          placeholder="e.g. Cloud, Staging, Home lab"
          .value=${live(this.fields.label)}
          @input=${this.onField}
        />
      </div>`;
  }

  private renderToken(): TemplateResult {
    const { mode } = this;
    const note =
      this.fieldErrors.token ??
      (mode === 'edit'
        ? 'Leave blank to keep the current token.'
        : 'Kept encrypted on this computer.');
    return html`<div class="field">
      <label for="token">${mode === 'edit' ? 'New access token' : 'Access token'}</label>
      <div class="token-wrap">
        <input
          id="token"
          name="token"
          class="input"
          type=${this.showToken ? 'text' : 'password'}
          autocomplete="off"
          spellcheck="false"
          maxlength="512"
          placeholder="ffpat_…"
          ?required=${mode !== 'edit'}
          .value=${live(this.fields.token)}
          aria-invalid=${this.fieldErrors.token === undefined ? 'false' : 'true'}
          aria-describedby="token-note"
          @input=${this.onField}
          @paste=${this.onPasteToken}
        />
        <button
          type="button"
          class="btn small"
          aria-pressed=${this.showToken ? 'true' : 'false'}
          @click=${() => {
            this.showToken = !this.showToken;
          }}
        >
          ${this.showToken ? 'Hide' : 'Show'}
        </button>
      </div>
      <span id="token-note" class=${this.fieldErrors.token === undefined ? 'hint' : 'field-error'}
        >${note}</span
      >
      <div class="token-help">
        <span class="hint">No token yet?</span>
        <button type="button" class="btn small" @click=${this.onOpenTokenPage}>
          ${externalIcon} Open token page
        </button>
      </div>
    </div>`;
  }

  private renderConsent(): TemplateResult {
    return html`<div class="callout warn" role="alert">
      <strong>Send the token over plain http?</strong>
      <p>
        ${this.error?.message ?? 'This server does not use https.'} Anyone on the network between
        you and the server could read the token. Continue only on a network you trust.
      </p>
      <div class="buttons">
        <button type="button" class="btn primary" @click=${this.onAllowHttp}>
          Allow http for this server
        </button>
        <button type="button" class="btn" @click=${this.onDenyHttp}>Use https instead</button>
      </div>
    </div>`;
  }

  private renderError(error: AppErrorShape): TemplateResult {
    const help = helpFor(error);
    return html`<div class="callout error" role="alert">
      <strong>${help.title}</strong>
      <p>${error.message}</p>
      ${
        help.action === 'none' || help.action === 'allow-http'
          ? nothing
          : html`<div class="buttons">
              <button
                type="button"
                class="btn small"
                @click=${() => {
                  this.runAction(help.action);
                }}
              >
                ${ACTION_LABEL[help.action]}
              </button>
            </div>`
      }
    </div>`;
  }

  // --- events -------------------------------------------------------------------------------

  private readonly onField = (event: InputEvent): void => {
    const input = event.target as HTMLInputElement;
    const name = input.name as keyof Fields;
    this.fields = { ...this.fields, [name]: input.value };
    if (name === 'url' && this.consentAsked) {
      this.consentAsked = false;
      this.error = null;
    }
    if (this.fieldErrors[name] !== undefined)
      this.fieldErrors = { ...this.fieldErrors, [name]: undefined };
  };

  /** Tokens copied from a page often carry spaces or a line break around them. */
  private readonly onPasteToken = (event: ClipboardEvent): void => {
    const text = event.clipboardData?.getData('text') ?? '';
    if (text === '' || text === text.trim()) return;
    event.preventDefault();
    const input = event.target as HTMLInputElement;
    input.setRangeText(text.trim(), input.selectionStart ?? 0, input.selectionEnd ?? 0, 'end');
    input.dispatchEvent(new InputEvent('input', { bubbles: true }));
  };

  private readonly onCancel = (): void => {
    this.dispatchEvent(new CustomEvent('tt-cancel', { bubbles: true, composed: true }));
  };

  private readonly onOpenTokenPage = (): void => {
    const run = (): void => {
      const request =
        this.account !== null &&
        this.mode !== 'add' &&
        this.fields.url.trim() === this.account.origin
          ? { accountId: this.account.id }
          : { url: this.fields.url.trim() || DEFAULT_URL, allowHttp: this.allowHttp() };
      void store.connected.openTokenPage(request).then((result) => {
        this.handleFailure(result, run);
      });
    };
    run();
  };

  private readonly onSubmit = (event: SubmitEvent): void => {
    event.preventDefault();
    const errors = this.validate();
    this.fieldErrors = errors;
    const first = (['url', 'token'] as const).find((name) => errors[name] !== undefined);
    if (first !== undefined) {
      this.focusField(first);
      return;
    }
    void this.save();
  };

  private allowHttp(): boolean {
    const url = this.mode === 'token' ? (this.account?.origin ?? '') : this.fields.url.trim();
    return this.httpConsentFor !== null && this.httpConsentFor === url;
  }

  private readonly onAllowHttp = (): void => {
    this.httpConsentFor =
      this.mode === 'token' ? (this.account?.origin ?? '') : this.fields.url.trim();
    this.consentAsked = false;
    this.error = null;
    const next = this.afterConsent;
    this.afterConsent = null;
    next?.();
  };

  private readonly onDenyHttp = (): void => {
    this.consentAsked = false;
    this.error = null;
    this.afterConsent = null;
    this.fields = {
      ...this.fields,
      url: this.fields.url.trim().replace(/^http:\/\//i, 'https://'),
    };
    this.focusField('url');
  };

  // --- work ---------------------------------------------------------------------------------

  private validate(): FieldErrors {
    const errors: FieldErrors = {};
    const url = this.fields.url.trim();
    const token = this.fields.token.trim();
    if (this.mode !== 'token') {
      if (url === '') errors.url = 'Enter the address of your FlowFuse server.';
      else if (/\s/.test(url)) errors.url = 'An address cannot contain spaces.';
    }
    if (token === '' && this.mode !== 'edit') {
      errors.token = 'Paste an access token from FlowFuse.';
    } else if (token === '' && this.movesHost(url)) {
      // Main never sends a saved token to another server.
      errors.token = 'A new address needs its own token: paste one for that server.';
    } else if (/\s/.test(token)) {
      errors.token = 'A token has no spaces: copy it again in one piece.';
    }
    return errors;
  }

  /**
   * True when an edit points the account at another server. The same origin, or its upgrade
   * from http to https, keeps the saved token (as main's registry does).
   */
  private movesHost(url: string): boolean {
    if (this.mode !== 'edit' || this.account === null) return false;
    const next = originOf(url);
    const saved = this.account.origin;
    return next !== saved && next !== saved.replace(/^http:/, 'https:');
  }

  private async save(): Promise<void> {
    this.busy = true;
    this.error = null;
    this.consentAsked = false;
    const url = this.fields.url.trim();
    const label = this.fields.label.trim();
    const token = this.fields.token.trim();
    const allowHttp = this.allowHttp() ? true : undefined;
    let result: Result<AccountView>;
    try {
      if (this.mode === 'add') {
        result = await store.connected.addAccount({
          url,
          token,
          ...(label === '' ? {} : { label }),
          ...(allowHttp === undefined ? {} : { allowHttp }),
        });
      } else {
        const account = this.account;
        if (account === null) return;
        result = await store.connected.updateAccount({
          id: account.id,
          ...(this.mode === 'edit' && label !== account.label ? { label } : {}),
          ...(this.mode === 'edit' && originOf(url) !== account.origin ? { url } : {}),
          ...(token === '' ? {} : { token }),
          ...(allowHttp === undefined ? {} : { allowHttp }),
        });
      }
    } finally {
      this.busy = false;
    }
    if (result.ok) {
      this.fields = { ...this.fields, token: '' };
      this.dispatchEvent(
        new CustomEvent<AccountView>('tt-saved', {
          detail: result.value,
          bubbles: true,
          composed: true,
        }),
      );
      return;
    }
    this.handleFailure(result, () => void this.save());
  }

  private handleFailure(result: Result<unknown>, again: () => void): void {
    if (result.ok) return;
    this.error = result.error;
    if (result.error.code === 'insecure_http') {
      this.afterConsent = again;
      this.consentAsked = true;
      return;
    }
    this.retry = again;
  }

  private runAction(action: ErrorAction): void {
    switch (action) {
      case 'retry':
        this.error = null;
        this.retry?.();
        break;
      case 'replace-token':
        this.fields = { ...this.fields, token: '' };
        this.error = null;
        this.focusField('token');
        break;
      case 'fix-url':
        this.focusField(this.mode === 'token' ? 'token' : 'url');
        break;
      case 'allow-http':
      case 'none':
        break;
    }
  }

  private focusField(name: keyof Fields): void {
    void this.updateComplete.then(() => {
      const input = this.renderRoot.querySelector<HTMLInputElement>(`#${name}`);
      input?.focus();
      if (name !== 'token') input?.select();
    });
  }
}

/** The origin a typed address stands for (https when no scheme), or the text when unparsable. */
function originOf(text: string): string {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  try {
    return new URL(withScheme).origin;
  } catch {
    return text;
  }
}

customElements.define('tt-account-form', TtAccountForm);

declare global {
  interface HTMLElementTagNameMap {
    'tt-account-form': TtAccountForm;
  }
}
