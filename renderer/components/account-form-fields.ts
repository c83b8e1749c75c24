/**
 * The account form's fields: server address and label, and the access token. Plain templates; the
 * form owns their values and errors and passes its handlers in.
 */
import { html, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import { DEFAULT_URL, type FieldErrors, type Fields, type FormMode } from '../state/account-input';
import { externalIcon } from './icons';

export interface AccountFieldsContext {
  readonly mode: FormMode;
  readonly fields: Fields;
  readonly errors: FieldErrors;
  readonly showToken: boolean;
  readonly onField: (event: InputEvent) => void;
  readonly onPasteToken: (event: ClipboardEvent) => void;
  readonly onToggleToken: () => void;
  readonly onOpenTokenPage: () => void;
}

const invalid = (error: string | undefined): 'true' | 'false' =>
  error === undefined ? 'false' : 'true';
const noteClass = (error: string | undefined): string =>
  error === undefined ? 'hint' : 'field-error';

export function renderAddressFields(ctx: AccountFieldsContext): TemplateResult {
  const error = ctx.errors.url;
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
        aria-invalid=${invalid(error)}
        aria-describedby="url-note"
        @input=${ctx.onField}
      />
      <span id="url-note" class=${noteClass(error)}
        >${error ?? 'FlowFuse Cloud, or the address of your own server.'}</span
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
        .value=${live(ctx.fields.label)}
        @input=${ctx.onField}
      />
    </div>`;
}

export function renderTokenField(ctx: AccountFieldsContext): TemplateResult {
  const { mode, showToken } = ctx;
  const error = ctx.errors.token;
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
        aria-invalid=${invalid(error)}
        aria-describedby="token-note"
        @input=${ctx.onField}
        @paste=${ctx.onPasteToken}
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
    <div class="token-help">
      <span class="hint">No token yet?</span>
      <button type="button" class="btn small" @click=${ctx.onOpenTokenPage}>
        ${externalIcon} Open token page
      </button>
    </div>
  </div>`;
}
