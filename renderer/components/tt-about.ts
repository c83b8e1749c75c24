/** About Teamtray: its version (from main) and its own pages, in a modal dialog. */
import { css, html, nothing, type TemplateResult } from 'lit';
import type { AboutInfo, AppLink } from '../../common/about';
import { StoreConsumer } from '../state/store-context';
import { dialogStyles } from './dialog.styles';
import { externalIcon } from './icons';
import { ModalDialog } from './modal-dialog';
import { sharedStyles } from './shared.styles';

const LINKS: readonly (readonly [AppLink, string])[] = [
  ['website', 'Website'],
  ['releases', 'Release notes'],
  ['issues', 'Report a problem'],
];

export class TtAbout extends ModalDialog {
  static override properties = { about: { state: true } };

  static override styles = [
    sharedStyles,
    dialogStyles,
    css`
      p {
        margin: 0;
        color: var(--tt-muted);
      }
      .version {
        color: var(--tt-text);
        font-weight: 600;
      }
      .links {
        display: flex;
        flex-wrap: wrap;
        gap: 6px;
      }
    `,
  ];

  declare about: AboutInfo | null;

  private readonly stored = new StoreConsumer(this);

  constructor() {
    super();
    this.about = null;
  }

  override show(): void {
    super.show();
    if (this.about !== null) return;
    void this.stored.store.connected.getAbout().then((result) => {
      if (result.ok) this.about = result.value;
    });
  }

  protected override render(): TemplateResult {
    return this.frame(
      'about-title',
      'About Teamtray',
      html`${
          this.about === null
            ? nothing
            : html`<p class="version">${this.about.name} ${this.about.version}</p>`
        }
        <p>
          Every team of every FlowFuse account you use, one click away. Free software under the
          Apache License 2.0.
        </p>
        <div class="links">
          ${LINKS.map(
            ([link, label]) =>
              html`<button
                class="btn small"
                @click=${() => void this.stored.store.connected.openAppLink({ link })}
              >
                ${externalIcon} ${label}
              </button>`,
          )}
        </div>`,
    );
  }
}

customElements.define('tt-about', TtAbout);

declare global {
  interface HTMLElementTagNameMap {
    'tt-about': TtAbout;
  }
}
