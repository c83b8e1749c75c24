/**
 * The small menu behind ⚙: Settings, the keyboard shortcuts, Help, About and Quit, reachable from
 * the list and from the first-run screen. A menu button in the ARIA sense: arrows move, Esc and
 * Tab close, a click outside closes. It only says what was chosen (`tt-menu`); the app acts.
 *
 * Only ⚙ is here, in the first script; the items and their styles (./tt-app-menu-items.ts) load
 * on the first click (or with the other parts once the page is idle: ./lazy-parts.ts). A click
 * before they are in opens the menu at once and focuses its first item when it arrives; ⚙ is the
 * same element throughout, so the focus and a test's handle on it stay.
 */
import { LitElement, css, html, nothing, type TemplateResult } from 'lit';
import { settingsIcon } from './icons';
import { loadPart } from './lazy-parts';
import { sharedStyles } from './shared.styles';
import type { MenuChoice } from './tt-app-menu-items';

export class TtAppMenu extends LitElement {
  static override properties = { open: { state: true } };

  static override styles = [
    sharedStyles,
    css`
      :host {
        position: relative;
        display: inline-block;
      }
    `,
  ];

  declare open: boolean;

  constructor() {
    super();
    this.open = false;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('pointerdown', this.onOutside);
  }

  override disconnectedCallback(): void {
    window.removeEventListener('pointerdown', this.onOutside);
    super.disconnectedCallback();
  }

  protected override render(): TemplateResult {
    return html`<button
        class="icon-btn"
        id="menu-button"
        aria-label="Settings and more"
        title="Settings, help and more"
        aria-haspopup="menu"
        aria-expanded=${this.open ? 'true' : 'false'}
        aria-controls="menu"
        @click=${this.onToggle}
      >
        ${settingsIcon}
      </button>
      ${
        this.open
          ? html`<tt-app-menu-items
              role="menu"
              id="menu"
              aria-labelledby="menu-button"
              @tt-menu-pick=${this.onPick}
              @tt-menu-close=${this.onClose}
              @focusout=${this.onFocusOut}
            ></tt-app-menu-items>`
          : nothing
      }`;
  }

  /** Puts the focus on the ⚙ button (back from Settings). */
  focusButton(): void {
    this.button()?.focus();
  }

  /** Closes the menu, giving the focus back to its button when it was inside. */
  close(refocus: boolean): void {
    if (!this.open) return;
    this.open = false;
    if (refocus) void this.updateComplete.then(() => this.button()?.focus());
  }

  private readonly onToggle = (): void => {
    if (this.open) {
      this.close(true);
      return;
    }
    this.open = true;
    void this.focusItems();
  };

  /** The first item focused once the items are in; if they cannot load, the menu closes. */
  private async focusItems(): Promise<void> {
    try {
      await loadPart('menu');
    } catch {
      this.close(true);
      return;
    }
    await this.updateComplete;
    await this.renderRoot.querySelector('tt-app-menu-items')?.focusFirst();
  }

  private readonly onPick = (event: CustomEvent<MenuChoice>): void => {
    const choice = event.detail;
    this.close(choice !== 'settings');
    this.dispatchEvent(
      new CustomEvent<MenuChoice>('tt-menu', { detail: choice, bubbles: true, composed: true }),
    );
  };

  private readonly onClose = (event: CustomEvent<boolean>): void => {
    this.close(event.detail);
  };

  private readonly onFocusOut = (event: FocusEvent): void => {
    const next = event.relatedTarget;
    if (next instanceof Node && this.renderRoot.contains(next)) return;
    if (next !== null) this.close(false);
  };

  private readonly onOutside = (event: PointerEvent): void => {
    if (this.open && !event.composedPath().includes(this)) this.close(false);
  };

  private button(): HTMLButtonElement | null {
    return this.renderRoot.querySelector('#menu-button');
  }
}

customElements.define('tt-app-menu', TtAppMenu);

declare global {
  interface HTMLElementTagNameMap {
    'tt-app-menu': TtAppMenu;
  }
}
