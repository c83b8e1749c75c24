/**
 * The items of the menu behind ⚙ (./tt-app-menu.ts) and their styles: not on the first screen, so
 * not in the first script (issue 30); the menu's button loads this module on its first click and
 * shows the items when they are in. Arrows, Home and End move among the items; Esc and Tab ask the
 * menu to close (`tt-menu-close`, whether the focus goes back to ⚙), a click says what was picked
 * (`tt-menu-pick`). The host is the menu itself (role="menu", set by the button's side), placed
 * under ⚙.
 */
import { LitElement, css, html, nothing, type TemplateResult } from 'lit';
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

export class TtAppMenuItems extends LitElement {
  static override styles = [
    sharedStyles,
    css`
      :host {
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

  constructor() {
    super();
    this.addEventListener('keydown', this.onKey);
  }

  protected override render(): TemplateResult[] {
    return ITEMS.map(
      (item) =>
        html`${item.choice === 'quit' ? html`<hr />` : nothing}<button
            role="menuitem"
            tabindex="-1"
            @click=${() => {
              this.emit('tt-menu-pick', item.choice);
            }}
          >
            <span>${item.label}</span>
            ${item.key === undefined ? nothing : html`<kbd aria-hidden="true">${item.key}</kbd>`}
          </button>`,
    );
  }

  /** The focus on the first item (the menu just opened). */
  async focusFirst(): Promise<void> {
    await this.updateComplete;
    this.items()[0]?.focus();
  }

  private emit(type: 'tt-menu-pick' | 'tt-menu-close', detail: MenuChoice | boolean): void {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }

  private readonly onKey = (event: KeyboardEvent): void => {
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
      this.emit('tt-menu-close', true);
    } else if (event.key === 'Tab') {
      this.emit('tt-menu-close', false);
    }
  };

  private items(): HTMLButtonElement[] {
    return [...this.renderRoot.querySelectorAll<HTMLButtonElement>('[role="menuitem"]')];
  }
}

customElements.define('tt-app-menu-items', TtAppMenuItems);

declare global {
  interface HTMLElementTagNameMap {
    'tt-app-menu-items': TtAppMenuItems;
  }
}
