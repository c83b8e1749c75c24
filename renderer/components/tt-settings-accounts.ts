/** Settings › Accounts: the saved accounts in list order, to reorder, edit or remove, and Add. */
import { LitElement, html, nothing, type TemplateResult } from 'lit';
import type { Account } from '../../common/state';
import { titleOf, userAtHostOf } from '../state/account-names';
import { StoreConsumer } from '../state/store-context';
import { accountStatus } from './account-header';
import { renderTokenDetails } from './account-token-details';
import { pencilIcon } from './icons';
import { downIcon, plusIcon, trashIcon, upIcon } from './part-icons';
import { settingsSectionStyles } from './settings-section.styles';
import { sharedStyles } from './shared.styles';
import { settingsAccountsStyles } from './tt-settings-accounts.styles';

export class TtSettingsAccounts extends LitElement {
  static override properties = {
    accounts: { attribute: false },
    confirmRemove: { state: true },
    error: { state: true },
  };

  static override styles = [sharedStyles, settingsSectionStyles, settingsAccountsStyles];

  declare accounts: readonly Account[];
  /** The account whose removal waits for a second click. */
  declare confirmRemove: string | null;
  /** Why the last reorder or removal failed. */
  declare error: string | null;

  private readonly stored = new StoreConsumer(this);

  constructor() {
    super();
    this.accounts = [];
    this.confirmRemove = null;
    this.error = null;
  }

  protected override render(): TemplateResult {
    // The store's: main's order, or the one the user just gave while main makes it.
    const { accounts } = this;
    return html`<section aria-labelledby="accounts-title">
      <h2 id="accounts-title">Accounts</h2>
      ${
        accounts.length === 0
          ? html`<p class="hint">No accounts yet.</p>`
          : html`<ol class="card">
              ${accounts.map((account, index) => this.renderAccount(account, index))}
            </ol>`
      }
      ${this.error === null ? nothing : html`<p class="error" role="alert">${this.error}</p>`}
      <button
        class="btn add"
        @click=${() => {
          this.stored.store.navigate({ name: 'add' });
        }}
      >
        ${plusIcon} Add account
      </button>
    </section>`;
  }

  private renderAccount(account: Account, index: number): TemplateResult {
    const { title, showHost } = titleOf(account);
    const who = html`<span class="who">
      <strong>${title}</strong>
      ${subtitle(account, showHost)}
    </span>`;
    if (this.confirmRemove === account.id) return this.renderConfirm(account, title, who);
    return html`<li>
      ${who}
      <span class="tools">
        <button
          class="icon-btn"
          aria-label=${`Move ${title} up`}
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
          aria-label=${`Move ${title} down`}
          title="Move down"
          ?disabled=${index === this.accounts.length - 1}
          @click=${() => {
            void this.move(index, 1);
          }}
        >
          ${downIcon}
        </button>
        <button
          class="icon-btn"
          aria-label=${`Edit ${title}`}
          title="Edit"
          @click=${() => {
            this.stored.store.navigate({ name: 'edit', accountId: account.id });
          }}
        >
          ${pencilIcon}
        </button>
        <button
          class="icon-btn"
          aria-label=${`Remove ${title}`}
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
      ${renderTokenDetails(account, {
        now: Date.now(),
        onChoose: (chosen, token) => {
          void this.chooseToken(chosen, token.id);
        },
      })}
    </li>`;
  }

  /** Main checks the token was among those asked about and saves it; its patch shows it. */
  private async chooseToken(account: Account, tokenId: string): Promise<void> {
    const result = await this.stored.store.connected.chooseToken({
      accountId: account.id,
      tokenId,
    });
    if (!result.ok) this.error = result.error.message;
  }

  /** The question in the account's own row, under its title and who@where: no doubt which one. */
  private renderConfirm(account: Account, title: string, who: TemplateResult): TemplateResult {
    return html`<li class="confirm">
      ${who}
      <p role="alert">
        Remove <strong>${title}</strong>? Its token is deleted from this computer. The teams stay on
        the server.
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

  /**
   * Shows the new order at once (the store's draft) and asks main; the replica then holds it. A
   * refusal leaves main's order, with the reason.
   */
  private async move(index: number, by: -1 | 1): Promise<void> {
    const ids = this.accounts.map((account) => account.id as string);
    const [moved] = ids.splice(index, 1);
    if (moved === undefined) return;
    ids.splice(index + by, 0, moved);
    const refusal = await this.stored.store.reorderAccounts(ids);
    if (refusal !== null) this.error = refusal;
  }

  /** Main removes it; its patch takes it off the list. */
  private async removeAccount(account: Account): Promise<void> {
    const result = await this.stored.store.connected.removeAccount({ id: account.id });
    this.confirmRemove = null;
    if (!result.ok) this.error = result.error.message;
  }
}

/**
 * The line under an account's title: who and where beside a label (two users of one server then
 * differ at a glance), and the status when it is not fine.
 */
function subtitle(account: Account, showHost: boolean): TemplateResult | typeof nothing {
  const status = accountStatus(account);
  const parts = [
    ...(showHost ? [userAtHostOf(account)] : []),
    ...(status.tone === 'ok' ? [] : [status.text]),
  ];
  return parts.length === 0 ? nothing : html`<span>${parts.join(' · ')}</span>`;
}

customElements.define('tt-settings-accounts', TtSettingsAccounts);

declare global {
  interface HTMLElementTagNameMap {
    'tt-settings-accounts': TtSettingsAccounts;
  }
}
