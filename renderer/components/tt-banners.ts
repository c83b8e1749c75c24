/** Things worth knowing that belong to no single account: notices, and session-only tokens. */
import { SignalWatcher } from '@lit-labs/preact-signals';
import { LitElement, css, html, nothing, type TemplateResult } from 'lit';
import { StoreConsumer } from '../state/store-context';
import { closeIcon, warnIcon } from './icons';
import { infoIcon } from './part-icons';
import { sharedStyles } from './shared.styles';

export class TtBanners extends SignalWatcher(LitElement) {
  static override properties = { vaultHidden: { state: true } };

  static override styles = [
    sharedStyles,
    css`
      :host {
        display: block;
      }
      /*
       * A band of its own at the top of the list (above the first account), with an edge; it
       * scrolls away with the list, so what stays fixed over the teams stays small.
       */
      .wrap {
        display: grid;
        gap: 6px;
        padding: 8px 10px;
        border-bottom: 1px solid var(--tt-border);
        background: var(--tt-surface);
      }
      .banner {
        display: flex;
        align-items: flex-start;
        gap: 8px;
        padding: 8px 6px 8px 10px;
        border-radius: var(--tt-radius);
        background: var(--tt-info-soft);
        font-size: 12px;
        overflow-wrap: anywhere;
      }
      .banner.warning {
        background: var(--tt-warn-soft);
      }
      .banner > .icon {
        margin-top: 1px;
        color: var(--tt-muted);
      }
      .banner.warning > .icon {
        color: var(--tt-warn);
      }
      .banner p {
        flex: 1;
        margin: 0;
      }
      .icon-btn {
        width: 22px;
        height: 22px;
      }
      .icon-btn .icon {
        width: 13px;
        height: 13px;
      }
    `,
  ];

  declare vaultHidden: boolean;

  private readonly stored = new StoreConsumer(this);

  constructor() {
    super();
    this.vaultHidden = false;
  }

  protected override render(): TemplateResult | typeof nothing {
    const { store } = this.stored;
    const { state } = store;
    if (state === null) return nothing;
    const showVault = state.vault.mode === 'session' && !this.vaultHidden;
    if (!showVault && state.notices.length === 0) return nothing;
    return html`<div class="wrap">
      ${
        showVault
          ? html`<div class="banner" role="status">
              ${infoIcon}
              <p>${state.vault.reason ?? 'Tokens are kept for this session only.'}</p>
              <button
                class="icon-btn"
                aria-label="Hide this message"
                title="Hide"
                @click=${() => {
                  this.vaultHidden = true;
                }}
              >
                ${closeIcon}
              </button>
            </div>`
          : nothing
      }
      ${state.notices.map(
        (notice) =>
          html`<div class="banner ${notice.level}" role="status">
            ${notice.level === 'warning' ? warnIcon : infoIcon}
            <p>${notice.message}</p>
            <button
              class="icon-btn"
              aria-label="Dismiss"
              title="Dismiss"
              @click=${() => {
                void store.dismissNotice(notice.id);
              }}
            >
              ${closeIcon}
            </button>
          </div>`,
      )}
    </div>`;
  }
}

customElements.define('tt-banners', TtBanners);

declare global {
  interface HTMLElementTagNameMap {
    'tt-banners': TtBanners;
  }
}
