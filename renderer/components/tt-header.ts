/**
 * Search across every account, refresh, quiet hours (no notifications until 08:00; the line that
 * says so scrolls with the list, quiet-line.ts), and the menu (settings, help, about, quit).
 */
import { LitElement, css, html, nothing, type TemplateResult } from 'lit';
import { bellIcon, moonIcon, refreshIcon, searchIcon } from './icons';
import { sharedStyles } from './shared.styles';
import './tt-app-menu';

export class TtHeader extends LitElement {
  static override properties = {
    query: { type: String },
    refreshing: { type: Boolean },
    teamCount: { type: Number },
    inboxCount: { attribute: false },
    quietUntil: { attribute: false },
  };

  static override styles = [
    sharedStyles,
    css`
      :host {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 4px;
        padding: 10px 10px 10px 12px;
        border-bottom: 1px solid var(--tt-border);
        background: var(--tt-surface);
      }
      .search {
        position: relative;
        flex: 1;
        min-width: 0;
      }
      .search .icon {
        position: absolute;
        left: 9px;
        top: 50%;
        translate: 0 -50%;
        color: var(--tt-muted);
        pointer-events: none;
      }
      .search input {
        /* Room for the / hint on the right. "Search" is the whole placeholder: never cut. */
        padding-left: 31px;
        padding-right: 30px;
        background: var(--tt-bg);
        border-color: var(--tt-border);
        text-overflow: ellipsis;
      }
      .search input::placeholder {
        color: var(--tt-muted);
      }
      /* Typed text hides the hint: the clear button takes its place. */
      .search input:not(:placeholder-shown) {
        padding-right: 8px;
      }
      /*
       * The browser's clear button is a blue cross; this one wears the theme's muted colour. Two
       * gradient strokes with soft edges (hard stops would stair-step), not an SVG image: an
       * image here costs the popover's first style pass an SVG document, although the button
       * only shows once something is typed.
       */
      .search input::-webkit-search-cancel-button {
        --stroke: var(--tt-muted);
        appearance: none;
        width: 14px;
        height: 14px;
        background:
          linear-gradient(
              45deg,
              transparent calc(50% - 1.25px),
              var(--stroke) calc(50% - 0.5px) calc(50% + 0.5px),
              transparent calc(50% + 1.25px)
            )
            center / 9px 9px no-repeat,
          linear-gradient(
              -45deg,
              transparent calc(50% - 1.25px),
              var(--stroke) calc(50% - 0.5px) calc(50% + 0.5px),
              transparent calc(50% + 1.25px)
            )
            center / 9px 9px no-repeat;
        cursor: pointer;
      }
      .search input::-webkit-search-cancel-button:hover {
        --stroke: var(--tt-text);
      }
      kbd {
        position: absolute;
        right: 8px;
        top: 50%;
        translate: 0 -50%;
        padding: 0 5px;
        border: 1px solid var(--tt-border-strong);
        border-radius: 4px;
        color: var(--tt-muted);
        font: 11px/16px var(--tt-font);
        pointer-events: none;
      }
      input:focus ~ kbd,
      input:not(:placeholder-shown) ~ kbd {
        display: none;
      }
      /*
       * A narrow popover (260 px, with the bell and the moon beside the field) drops the / hint,
       * which the Shortcuts list still names, so the field's one word shows whole.
       */
      @media (max-width: 299px) {
        kbd {
          display: none;
        }
        .search input {
          padding-right: 8px;
        }
      }
      .spinning .icon {
        animation: spin 0.9s linear infinite;
      }
      .inbox {
        position: relative;
      }
      .inbox .count {
        position: absolute;
        top: 1px;
        right: 0;
        min-width: 15px;
        padding: 0 3px;
        border-radius: 999px;
        background: var(--tt-accent);
        color: var(--tt-accent-text);
        font: 600 10px/15px var(--tt-font);
        text-align: center;
        /* A ring of the header's colour keeps it apart from the bell. */
        box-shadow: 0 0 0 2px var(--tt-surface);
      }
      .icon-btn.quiet-on {
        color: var(--tt-accent);
      }
      @media (prefers-reduced-motion: reduce) {
        .spinning .icon {
          animation-duration: 2.7s;
        }
      }
    `,
  ];

  declare query: string;
  declare refreshing: boolean;
  /** Every team held, for the search box's tooltip (what a search looks through). */
  declare teamCount: number;
  /** Unread notifications of the FlowFuse inboxes; null when no server has an inbox. */
  declare inboxCount: number | null;
  /** Quiet hours' end (epoch ms) while they hold; null when notifications are on. */
  declare quietUntil: number | null;

  constructor() {
    super();
    this.query = '';
    this.refreshing = false;
    this.teamCount = 0;
    this.inboxCount = null;
    this.quietUntil = null;
  }

  focusSearch(): void {
    const input = this.input();
    input?.focus();
    input?.select();
  }

  /** Back from a view the header opened: the focus on its button (⚙, or the inbox's bell). */
  async focusButton(which: 'menu' | 'inbox'): Promise<void> {
    await this.updateComplete;
    if (which === 'inbox') {
      this.renderRoot.querySelector<HTMLButtonElement>('.inbox')?.focus();
      return;
    }
    const menu = this.renderRoot.querySelector('tt-app-menu');
    await menu?.updateComplete;
    menu?.focusButton();
  }

  protected override render(): TemplateResult {
    return html`<h1 class="visually-hidden">Teamtray</h1>
      <div class="search" role="search">
        ${searchIcon}
        <input
          class="input"
          type="search"
          aria-label="Search teams, instances and devices"
          placeholder="Search"
          title=${scope(this.teamCount)}
          autocomplete="off"
          spellcheck="false"
          .value=${this.query}
          @input=${this.onInput}
          @keydown=${this.onKeyDown}
        />
        <kbd aria-hidden="true">/</kbd>
      </div>
      <button
        class="icon-btn ${this.refreshing ? 'spinning' : ''}"
        aria-label="Refresh all accounts"
        title="Refresh all accounts"
        aria-busy=${this.refreshing ? 'true' : 'false'}
        @click=${() => {
          this.emit('tt-refresh');
        }}
      >
        ${refreshIcon}
      </button>
      ${this.renderInbox()} ${this.renderQuietButton()}
      <tt-app-menu></tt-app-menu>`;
  }

  private renderQuietButton(): TemplateResult {
    const quiet = this.quietUntil !== null;
    return html`<button
      class="icon-btn ${quiet ? 'quiet-on' : ''}"
      aria-pressed=${quiet ? 'true' : 'false'}
      aria-label="Quiet until tomorrow"
      title=${quiet ? 'End quiet hours: notifications on again' : 'No notifications until 08:00'}
      @click=${() => {
        this.emit('tt-quiet');
      }}
    >
      ${moonIcon}
    </button>`;
  }

  /** "Inbox (3)" as a bell with its count; absent when no server has an inbox. */
  private renderInbox(): TemplateResult | typeof nothing {
    const count = this.inboxCount;
    if (count === null) return nothing;
    const label = count === 0 ? 'Inbox: nothing unread' : `Inbox: ${count} unread`;
    return html`<button
      class="icon-btn inbox"
      aria-label=${label}
      title=${label}
      @click=${() => {
        this.emit('tt-inbox');
      }}
    >
      ${bellIcon}${count === 0 ? nothing : html`<span class="count">${count > 99 ? '99+' : count}</span>`}
    </button>`;
  }

  private input(): HTMLInputElement | null {
    return this.renderRoot.querySelector('input');
  }

  private readonly onInput = (event: InputEvent): void => {
    this.emit('tt-query', (event.target as HTMLInputElement).value);
  };

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      this.emit('tt-focus-list');
    } else if (event.key === 'Enter') {
      event.preventDefault();
      this.emit('tt-open-first');
    }
  };

  private emit(name: string, detail?: string): void {
    this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
  }
}

/** What a search looks through: "Searches 6 teams and their instances and devices". */
function scope(teams: number): string {
  return teams === 1
    ? 'Searches 1 team and its instances and devices'
    : `Searches ${teams} teams and their instances and devices`;
}

customElements.define('tt-header', TtHeader);

declare global {
  interface HTMLElementTagNameMap {
    'tt-header': TtHeader;
  }
}
