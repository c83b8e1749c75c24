/**
 * The small menu behind ⚙: Settings, the keyboard shortcuts, Help, About and Quit, reachable from
 * the list and from the first-run screen. A menu button in the ARIA sense: arrows move, Esc and
 * Tab close, a click outside closes. It only says what was chosen (`tt-menu`); the app acts.
 */
import { LitElement, css, html, nothing, type TemplateResult } from 'lit';
import { settingsIcon } from './icons';
import { sharedStyles } from './shared.styles';

export type MenuChoice = 'settings' | 'shortcuts' | 'help' | 'about' | 'quit';

const ITEMS: readonly {
  readonly choice: MenuChoice;
  readonly label: string;
  readonly key?: string;
}[] = [
  { choice: 'settings', label: 'Settings' },
  { choice: 'shortcuts', label: 'Keyboard shortcuts', key: '?' },
  { choice: 'help', label: 'Help' },
  { choice: 'about', label: 'About Teamtray' },
  { choice: 'quit', label: 'Quit Teamtray' },
];

export class TtAppMenu extends LitElement {
  static override properties = { open: { state: true } };

  static override styles = [
    sharedStyles,
    css`
      :host {
        position: relative;
        display: inline-block;
      }
      [role='menu'] {
        position: absolute;
        right: 0;
        top: calc(100% + 4px);
        z-index: 10;
        display: grid;
        min-width: 190px;
        padding: 4px;
        border: 1px solid var(--tt-border);
        border-radius: var(--tt-radius);
        background: var(--tt-raised);
        box-shadow: 0 6px 24px rgb(0 0 0 / 0.18);
      }
      [role='menuitem'] {
        display: flex;
        align-items: center;
        justify-content: space-between;
        gap: 12px;
        min-height: 30px;
        padding: 0 10px;
        border: 0;
        border-radius: var(--tt-radius-small);
        background: transparent;
        text-align: start;
        cursor: pointer;
        white-space: nowrap;
      }
      [role='menuitem']:hover,
      [role='menuitem']:focus-visible {
        background: var(--tt-hover);
        outline: none;
      }
      hr {
        width: 100%;
        margin: 4px 0;
        border: 0;
        border-top: 1px solid var(--tt-border);
      }
      kbd {
        padding: 0 5px;
        border: 1px solid var(--tt-border-strong);
        border-radius: 4px;
        color: var(--tt-muted);
        font: 11px/16px var(--tt-font);
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
          ? html`<div
              role="menu"
              id="menu"
              aria-labelledby="menu-button"
              @keydown=${this.onMenuKey}
              @focusout=${this.onFocusOut}
            >
              ${ITEMS.map(
                (item) =>
                  html`${item.choice === 'quit' ? html`<hr />` : nothing}<button
                      role="menuitem"
                      tabindex="-1"
                      @click=${() => {
                        this.choose(item.choice);
                      }}
                    >
                      <span>${item.label}</span>
                      ${item.key === undefined ? nothing : html`<kbd aria-hidden="true">${item.key}</kbd>`}
                    </button>`,
              )}
            </div>`
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
    void this.updateComplete.then(() => this.items()[0]?.focus());
  };

  private choose(choice: MenuChoice): void {
    this.close(choice !== 'settings');
    this.dispatchEvent(
      new CustomEvent<MenuChoice>('tt-menu', { detail: choice, bubbles: true, composed: true }),
    );
  }

  private readonly onMenuKey = (event: KeyboardEvent): void => {
    const items = this.items();
    const at = items.findIndex((item) => item === this.shadowRoot?.activeElement);
    const step: Record<string, number> = { ArrowDown: 1, ArrowUp: -1 };
    // The app's own keys (/, ?, Esc) are the menu's while it is open.
    event.stopPropagation();
    if (event.key in step) {
      event.preventDefault();
      const next = (at + (step[event.key] ?? 0) + items.length) % items.length;
      items[next]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      items.at(event.key === 'Home' ? 0 : -1)?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      this.close(true);
    } else if (event.key === 'Tab') {
      this.close(false);
    }
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

  private items(): HTMLButtonElement[] {
    return [...this.renderRoot.querySelectorAll<HTMLButtonElement>('[role="menuitem"]')];
  }
}

customElements.define('tt-app-menu', TtAppMenu);

declare global {
  interface HTMLElementTagNameMap {
    'tt-app-menu': TtAppMenu;
  }
}
