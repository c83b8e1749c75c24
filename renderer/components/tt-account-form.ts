/**
 * Adds an account, edits one, or replaces its token. Main verifies before anything is saved;
 * this form checks what it can (account-input), shows the wait, and turns each error into an
 * action.
 */
import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { ACCOUNT_CHECK_LIMIT_MS } from '../../common/account-check';
import type { AppErrorShape, Result } from '../../common/errors';
import type { SavedAccountRef } from '../../common/contract';
import type { Account } from '../../common/state';
import {
  addRequest,
  checkFields,
  consentAddress,
  firstInvalid,
  initialFields,
  tokenPageRequest,
  updateRequest,
  type FieldErrors,
  type FieldName,
  type Fields,
  type FormMode,
} from '../state/account-input';
import { helpFor, plainHttpAddress, type ErrorAction } from '../state/form-error-help';
import { StoreConsumer } from '../state/store-context';
import { CONSENT_ID, ERROR_ID, renderFormError, renderHttpConsent } from './account-form-callouts';
import { HttpConsentController } from './http-consent-controller';
import { RetryWaitController } from './retry-wait-controller';
import {
  renderAddressFields,
  renderFormButtons,
  renderTokenField,
  revealFailure,
  type AccountFieldsContext,
} from './account-form-fields';
import { sharedStyles } from './shared.styles';
import { accountFormStyles } from './tt-account-form.styles';

/** The longest main waits for the server while checking, in whole seconds. */
const LIMIT_S = Math.round(ACCOUNT_CHECK_LIMIT_MS / 1000);

export class TtAccountForm extends LitElement {
  static override properties = {
    mode: { type: String },
    account: { attribute: false },
    cancellable: { type: Boolean },
    busy: { state: true },
    error: { state: true },
    fieldErrors: { state: true },
    showToken: { state: true },
    waited: { state: true },
  };

  static override styles = [sharedStyles, accountFormStyles];

  declare mode: FormMode;
  declare account: Account | null;
  declare cancellable: boolean;
  declare busy: boolean;
  declare error: AppErrorShape | null;
  declare fieldErrors: FieldErrors;
  declare showToken: boolean;
  /** Whole seconds main has been checking the server (shown beside the limit). */
  declare waited: number;
  private waitTimer: ReturnType<typeof setInterval> | undefined;

  private fields: Fields = initialFields(null);
  /** Asked when main says insecure_http; the question shows until answered. */
  private readonly stored = new StoreConsumer(this);
  private readonly consent = new HttpConsentController(this);
  /** How long Try again waits when main's limit said so. */
  private readonly wait = new RetryWaitController(this);
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
    this.showToken = false;
    this.waited = 0;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.stopWaitClock();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('account') || changed.has('mode')) {
      const { account } = this;
      this.fields = initialFields(account);
      this.consent.reset(account?.allowHttp === true ? account.origin : null);
      this.error = null;
      this.fieldErrors = {};
    }
  }

  protected override firstUpdated(): void {
    this.focusField(this.mode === 'token' ? 'token' : this.mode === 'edit' ? 'label' : 'url');
  }

  protected override render(): TemplateResult {
    // Main's error sits under the field it is about (or above the buttons when none is).
    const error = this.consent.asking ? null : this.error;
    const at = error === null ? null : this.errorField(error);
    const callout =
      error === null
        ? nothing
        : renderFormError(error, {
            onAction: this.runAction,
            httpAddress: plainHttpAddress(this.fields.url),
            waitSeconds: this.wait.secondsLeft(),
          });
    const fields: AccountFieldsContext = {
      mode: this.mode,
      fields: this.fields,
      errors: this.fieldErrors,
      showToken: this.showToken,
      onField: this.onField,
      onToggleToken: this.onToggleToken,
      onOpenTokenPage: this.onOpenTokenPage,
      urlCallout: at === 'url' ? callout : nothing,
      tokenCallout: at === 'token' ? callout : nothing,
    };
    return html`<form novalidate @submit=${this.onSubmit}>
      <slot name="intro"></slot>
      <fieldset ?disabled=${this.busy} aria-busy=${this.busy ? 'true' : 'false'}>
        ${this.mode === 'token' ? nothing : renderAddressFields(fields)} ${renderTokenField(fields)}
      </fieldset>
      ${this.consent.asking ? renderHttpConsent(this.error, this.onAllowHttp, this.onDenyHttp) : nothing}
      ${at === null ? callout : nothing}
      ${renderFormButtons({
        mode: this.mode,
        busy: this.busy,
        cancellable: this.cancellable,
        // While the http question is open its own button is the one primary action.
        primary: !this.consent.asking,
        onCancel: this.onCancel,
        onStop: this.onStop,
        wait: this.busy ? `Waiting ${this.waited} s (at most ${LIMIT_S} s)` : null,
      })}
      <span class="visually-hidden" role="status"
        >${this.busy ? `Checking the server and the token, for at most ${LIMIT_S} seconds…` : ''}</span
      >
    </form>`;
  }

  // --- events -------------------------------------------------------------------------------

  private readonly onField = (event: InputEvent): void => {
    const input = event.target as HTMLInputElement;
    const name = input.name as FieldName;
    this.fields = { ...this.fields, [name]: input.value };
    if (name === 'url' && this.consent.asking) {
      // The question was about the address being changed.
      this.consent.drop();
      this.error = null;
    }
    if (this.fieldErrors[name] !== undefined)
      this.fieldErrors = { ...this.fieldErrors, [name]: undefined };
  };

  private readonly onToggleToken = (): void => {
    this.showToken = !this.showToken;
  };

  private readonly onCancel = (): void => {
    this.dispatchEvent(new CustomEvent('tt-cancel', { bubbles: true, composed: true }));
  };

  private readonly onStop = (): void => {
    void this.stored.store.connected.cancelAccountCheck();
  };

  private readonly onOpenTokenPage = (): void => {
    const run = (): void => {
      const request = tokenPageRequest(this.mode, this.fields, this.account, this.allowHttp());
      void this.stored.store.connected.openTokenPage(request).then((result) => {
        this.handleFailure(result, run);
      });
    };
    run();
  };

  private readonly onSubmit = (event: SubmitEvent): void => {
    event.preventDefault();
    // A new attempt: what main said about the last one no longer holds.
    this.error = null;
    this.consent.drop();
    const errors = checkFields(this.mode, this.fields, this.account);
    this.fieldErrors = errors;
    const first = firstInvalid(errors);
    if (first !== undefined) {
      this.focusField(first);
      return;
    }
    void this.save();
  };

  private readonly onAllowHttp = (): void => {
    this.error = null;
    this.consent.allow(consentAddress(this.mode, this.fields, this.account));
  };

  private readonly onDenyHttp = (): void => {
    this.consent.drop();
    this.error = null;
    this.fields = {
      ...this.fields,
      url: this.fields.url.trim().replace(/^http:\/\//i, 'https://'),
    };
    this.focusField('url');
  };

  private readonly runAction = (action: ErrorAction): void => {
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
      case 'use-http': {
        const address = plainHttpAddress(this.fields.url);
        if (address === null) break;
        this.fields = { ...this.fields, url: address };
        this.error = null;
        void this.save();
        break;
      }
      case 'allow-http':
      case 'none':
        break;
    }
  };

  // --- work ---------------------------------------------------------------------------------

  private allowHttp(): boolean {
    return this.consent.allows(consentAddress(this.mode, this.fields, this.account));
  }

  private async save(): Promise<void> {
    const { mode, account } = this;
    if (mode !== 'add' && account === null) return;
    this.busy = true;
    this.error = null;
    this.consent.drop();
    this.startWaitClock();
    const { store } = this.stored;
    let result: Result<SavedAccountRef>;
    try {
      result =
        mode === 'add' || account === null
          ? await store.connected.addAccount(addRequest(this.fields, this.allowHttp()))
          : await store.connected.updateAccount(
              updateRequest(mode, this.fields, account, this.allowHttp()),
            );
    } finally {
      this.busy = false;
      this.stopWaitClock();
    }
    if (!result.ok && result.error.code === 'cancelled') {
      // The user stopped it: nothing to explain, the address is where to go on.
      this.focusField(mode === 'token' ? 'token' : 'url');
      return;
    }
    if (!result.ok) {
      this.handleFailure(result, () => void this.save());
      return;
    }
    this.fields = { ...this.fields, token: '' };
    this.dispatchEvent(
      new CustomEvent<SavedAccountRef>('tt-saved', {
        detail: result.value,
        bubbles: true,
        composed: true,
      }),
    );
  }

  private handleFailure(result: Result<unknown>, again: () => void): void {
    if (result.ok) return;
    this.error = result.error;
    if (result.error.code === 'insecure_http') {
      this.consent.ask(again);
      void this.reveal(CONSENT_ID, null);
      return;
    }
    this.retry = again;
    this.wait.start(result.error.retryAfterMs);
    void this.reveal(ERROR_ID, this.errorField(result.error));
  }

  /** The field main's error is about, when this form shows that field. */
  private errorField(error: AppErrorShape): FieldName | null {
    const field = helpFor(error).field;
    return field === 'url' && this.mode === 'token' ? null : field;
  }

  private async reveal(calloutId: string, field: FieldName | null): Promise<void> {
    await this.updateComplete;
    revealFailure(this.renderRoot, calloutId, field);
  }

  private startWaitClock(): void {
    this.stopWaitClock();
    const started = Date.now();
    this.waited = 0;
    this.waitTimer = setInterval(() => {
      this.waited = Math.floor((Date.now() - started) / 1000);
    }, 250);
  }

  private stopWaitClock(): void {
    if (this.waitTimer !== undefined) clearInterval(this.waitTimer);
    this.waitTimer = undefined;
  }

  private focusField(name: FieldName): void {
    void this.updateComplete.then(() => {
      const input = this.renderRoot.querySelector<HTMLInputElement>(`#${name}`);
      // Scrolled by scrollIntoView, which keeps the field's scroll-margin: clear of the buttons
      // held at the bottom edge (focus() alone may leave it under them).
      input?.focus({ preventScroll: true });
      input?.scrollIntoView({ block: 'nearest' });
      if (name !== 'token') input?.select();
    });
  }
}

customElements.define('tt-account-form', TtAccountForm);

declare global {
  interface HTMLElementTagNameMap {
    'tt-account-form': TtAccountForm;
  }
}
