/** Accounts (order, edit, remove) and the app's own settings. */
import { LitElement, html, nothing, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import type { AccountView, Settings, ThemeSetting } from '../../common/model';
import { StoreController, store } from '../state/store';
import { downIcon, infoIcon, pencilIcon, plusIcon, trashIcon, upIcon } from './icons';
import { accountStatus } from './account-header';
import { sharedStyles } from './shared.styles';
import { settingsStyles } from './tt-settings.styles';

const INTERVALS: readonly { readonly minutes: number; readonly text: string }[] = [
  { minutes: 0, text: 'Off' },
  { minutes: 5, text: 'Every 5 minutes' },
  { minutes: 10, text: 'Every 10 minutes' },
  { minutes: 30, text: 'Every 30 minutes' },
  { minutes: 60, text: 'Every hour' },
];

const THEMES: readonly { readonly value: ThemeSetting; readonly text: string }[] = [
  { value: 'system', text: 'System' },
  { value: 'light', text: 'Light' },
  { value: 'dark', text: 'Dark' },
];

type SettingKey = keyof Settings | 'accounts';

export class TtSettings extends LitElement {
  static override properties = {
    confirmRemove: { state: true },
    errors: { state: true },
  };

  static override styles = [sharedStyles, settingsStyles];

  declare confirmRemove: string | null;
  declare errors: Partial<Record<SettingKey, string>>;

  private readonly data = new StoreController(this, store);

  constructor() {
    super();
    this.confirmRemove = null;
    this.errors = {};
  }

  protected override render(): TemplateResult {
    const state = this.data.store.state;
    if (state === null) return html``;
    const { settings, vault } = state;
    return html`<section aria-labelledby="accounts-title">
        <h2 id="accounts-title">Accounts</h2>
        ${
          state.accounts.length === 0
            ? html`<p class="hint">No accounts yet.</p>`
            : html`<ol class="card">
                ${state.accounts.map((account, index) =>
                  this.renderAccount(account, index, state.accounts.length),
                )}
              </ol>`
        }
        ${
          this.errors.accounts === undefined
            ? nothing
            : html`<p class="error" role="alert">${this.errors.accounts}</p>`
        }
        <button
          class="btn add"
          @click=${() => {
            store.navigate({ name: 'add' });
          }}
        >
          ${plusIcon} Add account
        </button>
      </section>
      <section aria-labelledby="general-title">
        <h2 id="general-title">General</h2>
        <div class="card">
          <div class="setting">
            <label for="login"
              ><span class="title">Launch at login</span
              ><span class="hint">Start Teamtray when you sign in.</span></label
            >
            <input
              id="login"
              type="checkbox"
              .checked=${live(settings.launchAtLogin)}
              @change=${(event: Event) => {
                void this.saveSetting({
                  launchAtLogin: (event.target as HTMLInputElement).checked,
                });
              }}
            />
          </div>
          ${this.fieldError('launchAtLogin')}
          <div class="setting">
            <label for="interval"
              ><span class="title">Refresh teams</span
              ><span class="hint">In the background, while Teamtray runs.</span></label
            >
            <select
              id="interval"
              @change=${(event: Event) => {
                void this.saveSetting({
                  refreshIntervalMinutes: Number((event.target as HTMLSelectElement).value),
                });
              }}
            >
              ${intervalOptions(settings.refreshIntervalMinutes).map(
                (option) =>
                  html`<option
                    value=${option.minutes}
                    ?selected=${option.minutes === settings.refreshIntervalMinutes}
                  >
                    ${option.text}
                  </option>`,
              )}
            </select>
          </div>
          ${this.fieldError('refreshIntervalMinutes')}
          <div class="setting stack">
            <label for="shortcut" class="title">Global shortcut</label>
            <div class="shortcut-row">
              <input
                id="shortcut"
                class="input"
                autocomplete="off"
                spellcheck="false"
                maxlength="100"
                placeholder="e.g. CommandOrControl+Shift+T"
                aria-describedby="shortcut-note"
                aria-invalid=${this.errors.globalShortcut === undefined ? 'false' : 'true'}
                .value=${settings.globalShortcut ?? ''}
                @change=${this.onShortcut}
                @keydown=${(event: KeyboardEvent) => {
                  if (event.key === 'Enter') this.onShortcut(event);
                }}
              />
            </div>
            <span
              id="shortcut-note"
              class=${this.errors.globalShortcut === undefined ? 'hint' : 'error'}
              role=${this.errors.globalShortcut === undefined ? 'none' : 'alert'}
              >${
                this.errors.globalShortcut ?? 'Opens Teamtray from anywhere. Leave empty for none.'
              }</span
            >
          </div>
          <div class="setting">
            <span class="label-block"><span class="title" id="theme-label">Theme</span></span>
            <div class="segmented" role="radiogroup" aria-labelledby="theme-label">
              ${THEMES.map(
                (theme) =>
                  html`<label
                    ><input
                      type="radio"
                      name="theme"
                      value=${theme.value}
                      .checked=${live(settings.theme === theme.value)}
                      @change=${() => {
                        void this.saveSetting({ theme: theme.value });
                      }}
                    /><span>${theme.text}</span></label
                  >`,
              )}
            </div>
          </div>
          ${this.fieldError('theme')}
        </div>
      </section>
      <section aria-labelledby="security-title">
        <h2 id="security-title">Tokens</h2>
        <div class="card vault" role="note">
          ${infoIcon}
          <span
            >${
              vault.mode === 'persistent'
                ? 'Tokens are encrypted with your system keychain and never leave the main process.'
                : (vault.reason ?? 'Tokens are kept for this session only.')
            }</span
          >
        </div>
      </section>`;
  }

  private renderAccount(account: AccountView, index: number, total: number): TemplateResult {
    if (this.confirmRemove === account.id) {
      return html`<li class="confirm">
        <p role="alert">
          Remove <strong>${account.label}</strong>? Its token is deleted from this computer. The
          teams stay on the server.
        </p>
        <div class="buttons">
          <button
            class="btn small"
            @click=${() => {
              this.confirmRemove = null;
            }}
          >
            Cancel
          </button>
          <button
            class="btn small danger solid"
            @click=${() => {
              void this.removeAccount(account);
            }}
          >
            Remove
          </button>
        </div>
      </li>`;
    }
    const status = accountStatus(account);
    return html`<li>
      <span class="who">
        <strong>${account.label}</strong>
        <span>${account.host}${status.tone === 'ok' ? '' : ` · ${status.text}`}</span>
      </span>
      <span class="tools">
        <button
          class="icon-btn"
          aria-label=${`Move ${account.label} up`}
          title="Move up"
          ?disabled=${index === 0}
          @click=${() => {
            void this.move(index, -1);
          }}
        >
          ${upIcon}
        </button>
        <button
          class="icon-btn"
          aria-label=${`Move ${account.label} down`}
          title="Move down"
          ?disabled=${index === total - 1}
          @click=${() => {
            void this.move(index, 1);
          }}
        >
          ${downIcon}
        </button>
        <button
          class="icon-btn"
          aria-label=${`Edit ${account.label}`}
          title="Edit"
          @click=${() => {
            store.navigate({ name: 'edit', accountId: account.id });
          }}
        >
          ${pencilIcon}
        </button>
        <button
          class="icon-btn"
          aria-label=${`Remove ${account.label}`}
          title="Remove"
          @click=${() => {
            this.confirmRemove = account.id;
            void this.updateComplete.then(() => {
              this.renderRoot.querySelector<HTMLButtonElement>('.confirm .danger')?.focus();
            });
          }}
        >
          ${trashIcon}
        </button>
      </span>
    </li>`;
  }

  private fieldError(key: SettingKey): TemplateResult | typeof nothing {
    const message = this.errors[key];
    return message === undefined
      ? nothing
      : html`<p class="setting error" role="alert">${message}</p>`;
  }

  private readonly onShortcut = (event: Event): void => {
    const value = (event.target as HTMLInputElement).value.trim();
    const next = value === '' ? null : value;
    if (next === store.state?.settings.globalShortcut) return;
    void this.saveSetting({ globalShortcut: next });
  };

  /** Sends one change; main applies it to the OS first and says no when it cannot. */
  private async saveSetting(patch: Partial<Settings>): Promise<void> {
    const key = Object.keys(patch)[0] as keyof Settings;
    const result = await store.connected.updateSettings(patch);
    if (result.ok) store.applySettings(result.value);
    this.errors = { ...this.errors, [key]: result.ok ? undefined : result.error.message };
    // Put every control back to what is really in force (live() bindings re-read it).
    await this.updateComplete;
    const select = this.renderRoot.querySelector('select');
    if (select !== null) select.value = String(store.state?.settings.refreshIntervalMinutes ?? 0);
  }

  private async move(index: number, by: -1 | 1): Promise<void> {
    const before = store.accounts.map((account) => account.id as string);
    const ids = [...before];
    const [moved] = ids.splice(index, 1);
    if (moved === undefined) return;
    ids.splice(index + by, 0, moved);
    store.reorderLocally(ids);
    const result = await store.connected.reorderAccounts({ ids });
    if (!result.ok) {
      store.reorderLocally(before);
      this.errors = { ...this.errors, accounts: result.error.message };
    }
  }

  private async removeAccount(account: AccountView): Promise<void> {
    const result = await store.connected.removeAccount({ id: account.id });
    this.confirmRemove = null;
    if (result.ok) store.removeAccountLocally(account.id);
    else this.errors = { ...this.errors, accounts: result.error.message };
  }
}

function intervalOptions(current: number): readonly { minutes: number; text: string }[] {
  if (INTERVALS.some((option) => option.minutes === current)) return INTERVALS;
  return [...INTERVALS, { minutes: current, text: `Every ${current} minutes` }];
}

customElements.define('tt-settings', TtSettings);

declare global {
  interface HTMLElementTagNameMap {
    'tt-settings': TtSettings;
  }
}
