/**
 * The account form's fields: server address and label, and the access token. Plain templates; the
 * form owns their values and errors and passes its handlers in.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import { DEFAULT_URL, type FieldErrors, type Fields, type FormMode } from '../state/account-input';
import { ERROR_ID } from './account-form-callouts';
import { externalIcon } from './icons';

export interface AccountFieldsContext {
  readonly mode: FormMode;
  readonly fields: Fields;
  readonly errors: FieldErrors;
  readonly showToken: boolean;
  readonly onField: (event: InputEvent) => void;
  readonly onToggleToken: () => void;
  readonly onOpenTokenPage: () => void;
  /** What main said about the address or the token: shown right under that field. */
  readonly urlCallout: TemplateResult | typeof nothing;
  readonly tokenCallout: TemplateResult | typeof nothing;
}

const invalid = (error: string | undefined): 'true' | 'false' =>
  error === undefined ? 'false' : 'true';
const noteClass = (error: string | undefined): string =>
  error === undefined ? 'hint' : 'field-error';

const described = (note: string, callout: TemplateResult | typeof nothing): string =>
  callout === nothing ? note : `${note} ${ERROR_ID}`;

export function renderAddressFields(ctx: AccountFieldsContext): TemplateResult {
  const error = ctx.errors.url;
  const serverError = ctx.urlCallout !== nothing;
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
        .value=${live(ctx.fields.url)}
        aria-invalid=${serverError ? 'true' : invalid(error)}
        aria-describedby=${described('url-note', ctx.urlCallout)}
        @input=${ctx.onField}
      />
      <span id="url-note" class=${noteClass(error)}
        >${error ?? 'FlowFuse Cloud, or the address of your own server.'}</span
      >
      ${ctx.urlCallout}
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
        .value=${live(ctx.fields.label)}
        @input=${ctx.onField}
      />
    </div>`;
}

export function renderTokenField(ctx: AccountFieldsContext): TemplateResult {
  const { mode, showToken } = ctx;
  const error = ctx.errors.token;
  // Once a token was refused (or is being replaced), the user has one: they need a new one.
  const firstToken = mode === 'add' && error === undefined && ctx.tokenCallout === nothing;
  const note =
    error ??
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
        type=${showToken ? 'text' : 'password'}
        autocomplete="off"
        spellcheck="false"
        maxlength="512"
        placeholder="ffpat_…"
        ?required=${mode !== 'edit'}
        .value=${live(ctx.fields.token)}
        aria-invalid=${ctx.tokenCallout === nothing ? invalid(error) : 'true'}
        aria-describedby=${described('token-note', ctx.tokenCallout)}
        @input=${ctx.onField}
        @paste=${trimPastedToken}
      />
      <button
        type="button"
        class="btn small"
        aria-pressed=${showToken ? 'true' : 'false'}
        @click=${ctx.onToggleToken}
      >
        ${showToken ? 'Hide' : 'Show'}
      </button>
    </div>
    <span id="token-note" class=${noteClass(error)}>${note}</span>
    ${ctx.tokenCallout}
    <div class="token-help">
      <span class="hint">${firstToken ? 'No token yet?' : 'Need a new token?'}</span>
      <button type="button" class="btn small" @click=${ctx.onOpenTokenPage}>
        ${externalIcon} Open token page
      </button>
    </div>
  </div>`;
}

/** Tokens copied from a page often carry spaces or a line break around them. */
function trimPastedToken(event: ClipboardEvent): void {
  const text = event.clipboardData?.getData('text') ?? '';
  if (text === '' || text === text.trim()) return;
  event.preventDefault();
  const input = event.target as HTMLInputElement;
  input.setRangeText(text.trim(), input.selectionStart ?? 0, input.selectionEnd ?? 0, 'end');
  input.dispatchEvent(new InputEvent('input', { bubbles: true }));
}

const SUBMIT_TEXT: { readonly [M in FormMode]: string } = {
  add: 'Add account',
  edit: 'Save',
  token: 'Save token',
};

export interface FormButtonsContext {
  readonly mode: FormMode;
  readonly busy: boolean;
  readonly cancellable: boolean;
  /** False while another callout holds the one primary button. */
  readonly primary: boolean;
  readonly onCancel: () => void;
  /** Stops the check main is running (while busy): the form stays, editable. */
  readonly onStop: () => void;
  /** How long main has waited for the server, and at most will (while busy). */
  readonly wait: string | null;
}

export function renderFormButtons(ctx: FormButtonsContext): TemplateResult {
  // While main checks the server, Cancel stops the check (on the first run too), not the form.
  const cancel = ctx.busy ? ctx.onStop : ctx.cancellable ? ctx.onCancel : null;
  return html`<div class="buttons" id="form-buttons">
    ${ctx.wait === null ? nothing : html`<span class="wait" aria-hidden="true">${ctx.wait}</span>`}
    ${
      cancel === null
        ? nothing
        : html`<button type="button" class="btn" @click=${cancel}>Cancel</button>`
    }
    <button type="submit" class="btn ${ctx.primary ? 'primary' : ''}" ?disabled=${ctx.busy}>
      ${
        ctx.busy
          ? html`<span class="spinner" aria-hidden="true"></span> Checking…`
          : SUBMIT_TEXT[ctx.mode]
      }
    </button>
  </div>`;
}

/**
 * After a failed attempt the message may sit below the fold of a 560 px popover: bring it into
 * view, and put the focus where the fix is typed (or on the message when no field is at fault).
 * Scrolled in turn, so the last (the message, then the field) wins when not all of them fit.
 */
export function revealFailure(
  root: ParentNode,
  calloutId: string,
  field: 'url' | 'label' | 'token' | null,
): void {
  const callout = root.querySelector<HTMLElement>(`#${calloutId}`);
  const input = field === null ? null : root.querySelector<HTMLElement>(`#${field}`);
  (input ?? callout)?.focus({ preventScroll: true });
  root.querySelector('#form-buttons')?.scrollIntoView({ block: 'nearest' });
  callout?.scrollIntoView({ block: 'nearest' });
  input?.scrollIntoView({ block: 'nearest' });
}
