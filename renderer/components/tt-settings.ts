/** Settings: the accounts, the app's own settings, where the tokens are kept, the log file. */
import { SignalWatcher } from '@lit-labs/preact-signals';
import { LitElement, html, type TemplateResult } from 'lit';
import { StoreConsumer } from '../state/store-context';
import { infoIcon } from './part-icons';
import { settingsSectionStyles } from './settings-section.styles';
import { sharedStyles } from './shared.styles';
import { settingsStyles } from './tt-settings.styles';
import './tt-settings-accounts';
import './tt-settings-general';
import './tt-settings-notifications';

export class TtSettings extends SignalWatcher(LitElement) {
  static override styles = [sharedStyles, settingsSectionStyles, settingsStyles];

  private readonly stored = new StoreConsumer(this);

  protected override render(): TemplateResult {
    const { state } = this.stored.store;
    if (state === null) return html``;
    const { vault } = state;
    return html`<tt-settings-accounts
        .accounts=${this.stored.store.accounts}
      ></tt-settings-accounts>
      <tt-settings-general
        .settings=${this.stored.store.settings ?? state.settings}
      ></tt-settings-general>
      <tt-settings-notifications
        .settings=${this.stored.store.settings ?? state.settings}
      ></tt-settings-notifications>
      <section aria-labelledby="security-title">
        <h2 id="security-title">Tokens</h2>
        <div class="card vault" role="note">
          ${infoIcon}
          <span
            >${
              vault.mode === 'persistent'
                ? 'Tokens are encrypted with your system keychain, and each is sent only to its own server.'
                : (vault.reason ?? 'Tokens are kept for this session only.')
            }</span
          >
        </div>
      </section>
      <section aria-labelledby="help-title">
        <h2 id="help-title">Troubleshooting</h2>
        <div class="setting">
          <span class="label-block"
            ><span class="title">Log file</span
            ><span class="hint"
              >What Teamtray did, without tokens: attach it to a bug report.</span
            ></span
          >
          <button class="btn small" type="button" @click=${this.showLogFile}>Show log file</button>
        </div>
      </section>`;
  }

  private readonly showLogFile = (): void => {
    void this.stored.store.connected.showLogFile();
  };
}

customElements.define('tt-settings', TtSettings);

declare global {
  interface HTMLElementTagNameMap {
    'tt-settings': TtSettings;
  }
}
