/**
 * Every team of every account in one windowed list, with the keyboard model of a native list:
 * arrows move, Enter opens, F2 renames in place.
 *
 * Only the rows in view (and a margin) are in the DOM. The window is computed in the same task as
 * the change that needs it (a keystroke in search, a scroll, a rename), so the new rows are in the
 * frame the user typed in. @lit-labs/virtualizer was tried first: it re-renders changed items a
 * frame or more later (after its ResizeObserver pass), which put search at 55 ms p95.
 */
import { LitElement, html, type PropertyValues, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { checkTeamName } from '../../common/team-name';
import type { AccountView } from '../../common/model';
import { rowOffsets, rowWindow, type RowWindow } from '../state/row-window';
import type { Row, TeamRow } from '../state/rows';
import { StoreController, store } from '../state/store';
import { avatarStyles } from './avatar.styles';
import { renderAccountHeader, renderNoteRow } from './account-header';
import { sharedStyles } from './shared.styles';
import { renderTeamRow } from './team-row';
import { teamListStyles } from './tt-team-list.styles';

const PAGE = 8;
/** Extra px rendered above and below the viewport, so a fast scroll does not show blanks. */
const OVERSCAN = 120;
/** Heights before a row of the kind was measured (they match the CSS; measuring corrects them). */
const ESTIMATED: { readonly [K in Row['kind']]: number } = { account: 64, team: 49, note: 46 };
const keyOf = (row: Row): string => row.key;

export class TtTeamList extends LitElement {
  static override properties = {
    activeKey: { state: true },
    editingKey: { state: true },
    editError: { state: true },
  };

  static override styles = [sharedStyles, avatarStyles, teamListStyles];

  declare activeKey: string | null;
  declare editingKey: string | null;
  declare editError: string | null;

  private readonly data = new StoreController(this, store);
  private draft = '';
  private focusEditor = false;
  private marked = false;
  /** Measured heights by row key, and the last measured height of each kind. */
  private readonly heights = new Map<string, number>();
  private readonly kindHeights = new Map<Row['kind'], number>();
  private window: RowWindow = { first: 0, end: 0, above: 0, below: 0, total: 0 };
  private offsets: Float64Array = new Float64Array(1);
  private lastQuery = '';
  /** Re-measure passes in a row; a bound keeps a layout that never settles from looping. */
  private settlePasses = 0;
  /**
   * The scroller's position and height, kept from its scroll events and resize observations:
   * reading them in render() would force a layout of the old DOM on every keystroke.
   */
  private listTop = 0;
  private observed: HTMLElement | null = null;
  private viewport = window.innerHeight;
  private readonly resizeObserver = new ResizeObserver((entries) => {
    const height = entries[0]?.contentRect.height;
    if (height !== undefined && height > 0 && height !== this.viewport) {
      this.viewport = height;
      this.requestUpdate();
    }
  });

  constructor() {
    super();
    this.activeKey = null;
    this.editingKey = null;
    this.editError = null;
  }

  /** Moves focus to the first team row that is shown (ArrowDown from the search box). */
  focusFirst(): void {
    const first = store.rows.find((row) => row.kind === 'team');
    if (first !== undefined) void this.moveTo(first.key);
  }

  /** The first team shown, for Enter in the search box. */
  firstTeam(): TeamRow | undefined {
    return store.rows.find((row): row is TeamRow => row.kind === 'team');
  }

  open(row: TeamRow): void {
    void store.connected
      .openTeam({ accountId: row.team.accountId, teamId: row.team.id })
      .then((result) => {
        if (!result.ok) store.reportRowError(row.key, result.error.message);
      });
  }

  override disconnectedCallback(): void {
    this.resizeObserver.disconnect();
    super.disconnectedCallback();
  }

  protected override render(): TemplateResult {
    if (store.state === null) {
      return html`<div class="loading" role="status" aria-label="Loading teams">
        <span class="spinner"></span>
      </div>`;
    }
    const rows = this.data.store.rows;
    if (rows.length === 0 && store.query.trim() !== '') {
      return html`<div class="empty" role="status">
        <strong>No teams match “${store.query.trim()}”</strong>
        <span>Search looks at team names and slugs on every account. Esc clears it.</span>
      </div>`;
    }
    if (store.query !== this.lastQuery) {
      // New results start at the top.
      this.lastQuery = store.query;
      this.scrollListTo(0);
    }
    this.offsets = rowOffsets(rows.map((row) => this.heightOf(row)));
    this.window = rowWindow(this.offsets, this.listTop, this.viewport, OVERSCAN);
    const tabStop = this.tabStop(rows);
    return html`<span id="row-help" class="visually-hidden"
        >Enter opens the team in the browser. F2 renames it.</span
      >
      <div
        class="scroller"
        role="list"
        aria-label="Teams"
        @scroll=${this.onScroll}
        @keydown=${this.onKeyDown}
        @focusin=${this.onFocusIn}
        @dblclick=${this.onDoubleClick}
      >
        <div class="pad" data-pad="above" aria-hidden="true"></div>
        ${repeat(rows.slice(this.window.first, this.window.end), keyOf, (row) =>
          this.renderRow(row, tabStop),
        )}
        <div class="pad" data-pad="below" aria-hidden="true"></div>
      </div>`;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const scroller = this.scroller();
    if (scroller !== this.observed) {
      // The scroller comes and goes with the loading and no-match states.
      this.resizeObserver.disconnect();
      if (scroller !== null) this.resizeObserver.observe(scroller);
      this.observed = scroller;
    }
    if (scroller === null) return;
    for (const pad of scroller.querySelectorAll<HTMLElement>('.pad')) {
      // CSSOM, not a style attribute: the CSP allows the one and not the other.
      pad.style.height = `${pad.dataset.pad === 'above' ? this.window.above : this.window.below}px`;
    }
    if (this.measure(scroller) && this.settlePasses < 3) {
      this.settlePasses += 1;
      this.requestUpdate();
    } else {
      this.settlePasses = 0;
    }
    if (!this.marked && scroller.querySelector('.row.team') !== null) {
      this.marked = true;
      performance.mark('teamtray:first-teams');
    }
  }

  /** Reads the height of every rendered row; true when one differed from what the window used. */
  private measure(scroller: HTMLElement): boolean {
    const rows = store.rows;
    let changed = false;
    let index = this.window.first;
    for (const element of scroller.children) {
      if (!(element instanceof HTMLElement) || element.classList.contains('pad')) continue;
      const row = rows[index];
      index += 1;
      if (row === undefined || element.dataset.key !== row.key) continue;
      const height = element.offsetHeight;
      if (height === 0) continue;
      this.kindHeights.set(row.kind, height);
      if (height !== this.heightOf(row)) changed = true;
      this.heights.set(row.key, height);
    }
    return changed;
  }

  private heightOf(row: Row): number {
    return this.heights.get(row.key) ?? this.kindHeights.get(row.kind) ?? ESTIMATED[row.kind];
  }

  private readonly onScroll = (event: Event): void => {
    const top = (event.currentTarget as HTMLElement).scrollTop;
    if (top === this.listTop) return;
    this.listTop = top;
    this.requestUpdate();
  };

  /** Moves the list; touches the DOM only when it has to (setting scrollTop forces a layout). */
  private scrollListTo(top: number): void {
    if (top === this.listTop) return;
    this.listTop = top;
    const scroller = this.scroller();
    if (scroller !== null) scroller.scrollTop = top;
  }

  private renderRow(row: Row, tabStop: string | null): TemplateResult {
    switch (row.kind) {
      case 'account':
        return renderAccountHeader(row, {
          now: store.now,
          refreshing: store.refreshing.has(row.account.id) || store.refreshing.has('all'),
          searching: store.query.trim() !== '',
          onRetry: this.onRetry,
          onReplaceToken: this.onReplaceToken,
        });
      case 'note':
        return renderNoteRow(row);
      case 'team':
        return renderTeamRow(row, {
          active: row.key === tabStop,
          editing: row.key === this.editingKey,
          editError: row.key === this.editingKey ? this.editError : null,
          editorRef: this.editorRef,
          onRename: this.startRename,
          onOpen: (target) => {
            this.open(target);
          },
          onEditorKey: this.onEditorKey,
          onEditorInput: this.onEditorInput,
          onEditorBlur: this.onEditorBlur,
          onDismissError: (target) => {
            store.dismissRowError(target.key);
          },
        });
    }
  }

  /** The one row in the tab order: the active one, or the first team shown. */
  private tabStop(rows: readonly Row[]): string | null {
    let first: string | null = null;
    for (const row of rows) {
      if (row.kind !== 'team') continue;
      if (row.key === this.activeKey) return row.key;
      first ??= row.key;
    }
    return first;
  }

  // --- keyboard -----------------------------------------------------------------------------

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    const row = this.rowFromEvent(event);
    if (row === undefined || event.target !== this.rowElement(row.key)) return;
    const teams = store.rows.filter((r): r is TeamRow => r.kind === 'team');
    const at = teams.findIndex((team) => team.key === row.key);
    const go = (index: number): void => {
      const target = teams[Math.max(0, Math.min(teams.length - 1, index))];
      if (target !== undefined) void this.moveTo(target.key);
    };
    switch (event.key) {
      case 'ArrowDown':
        go(at + 1);
        break;
      case 'ArrowUp':
        if (at === 0) {
          this.dispatchEvent(new CustomEvent('tt-leave-top', { bubbles: true, composed: true }));
        } else go(at - 1);
        break;
      case 'PageDown':
        go(at + PAGE);
        break;
      case 'PageUp':
        go(at - PAGE);
        break;
      case 'Home':
        go(0);
        break;
      case 'End':
        go(teams.length - 1);
        break;
      case 'Enter':
        this.open(row);
        break;
      case 'F2':
        this.startRename(row);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  private readonly onFocusIn = (event: FocusEvent): void => {
    const row = this.rowFromEvent(event);
    if (row !== undefined && row.key !== this.activeKey) this.activeKey = row.key;
  };

  private readonly onDoubleClick = (event: MouseEvent): void => {
    const target = event.composedPath()[0];
    if (!(target instanceof Element) || target.closest('.name') === null) return;
    const row = this.rowFromEvent(event);
    if (row !== undefined) this.startRename(row);
  };

  private rowFromEvent(event: Event): TeamRow | undefined {
    for (const node of event.composedPath()) {
      if (node instanceof HTMLElement && node.dataset.kind === 'team') {
        const key = node.dataset.key;
        return store.rows.find((r): r is TeamRow => r.kind === 'team' && r.key === key);
      }
    }
    return undefined;
  }

  private rowElement(key: string): HTMLElement | undefined {
    for (const element of this.renderRoot.querySelectorAll<HTMLElement>('.row.team')) {
      if (element.dataset.key === key) return element;
    }
    return undefined;
  }

  private async moveTo(key: string): Promise<void> {
    this.activeKey = key;
    const index = store.rows.findIndex((row) => row.key === key);
    if (index !== -1) {
      const top = this.offsets[index] ?? 0;
      const bottom = this.offsets[index + 1] ?? top;
      if (top < this.listTop) this.scrollListTo(top);
      else if (bottom > this.listTop + this.viewport) this.scrollListTo(bottom - this.viewport);
      this.requestUpdate();
    }
    await this.updateComplete;
    this.rowElement(key)?.focus({ preventScroll: true });
  }

  private scroller(): HTMLElement | null {
    return this.renderRoot.querySelector<HTMLElement>('.scroller');
  }

  // --- rename -------------------------------------------------------------------------------

  private readonly startRename = (row: TeamRow): void => {
    if (!row.team.canRename) {
      store.reportRowError(row.key, row.team.renameBlockedReason ?? 'You cannot rename this team.');
      return;
    }
    store.dismissRowError(row.key);
    this.activeKey = row.key;
    this.editingKey = row.key;
    this.editError = null;
    this.draft = row.name;
    this.focusEditor = true;
  };

  private readonly editorRef = (element?: Element): void => {
    if (!(element instanceof HTMLInputElement) || !this.focusEditor) return;
    this.focusEditor = false;
    element.value = this.draft;
    // The ref fires before the row's fragment is in the document; focus once it is.
    queueMicrotask(() => {
      element.focus();
      element.select();
    });
  };

  private readonly onEditorInput = (event: InputEvent): void => {
    this.draft = (event.target as HTMLInputElement).value;
    // Say what is wrong while typing, but do not nag about a blank field until Enter.
    const check = checkTeamName(this.draft);
    this.editError = check.ok || this.draft.trim() === '' ? null : check.reason;
  };

  private readonly onEditorKey = (event: KeyboardEvent, row: TeamRow): void => {
    event.stopPropagation();
    if (event.key === 'Enter') {
      event.preventDefault();
      this.commit(row);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      this.cancel(row);
    }
  };

  private readonly onEditorBlur = (_event: FocusEvent, row: TeamRow): void => {
    if (this.editingKey !== row.key) return;
    if (this.draft.trim() === row.name) this.cancel(row, false);
    else this.commit(row, false);
  };

  private commit(row: TeamRow, refocus = true): void {
    const check = checkTeamName(this.draft);
    if (!check.ok) {
      this.editError = check.reason;
      return;
    }
    this.editingKey = null;
    this.editError = null;
    void store.rename(row.team, this.draft);
    if (refocus) void this.moveTo(row.key);
  }

  private cancel(row: TeamRow, refocus = true): void {
    this.editingKey = null;
    this.editError = null;
    if (refocus) void this.moveTo(row.key);
  }

  // --- account actions ---------------------------------------------------------------------

  private readonly onRetry = (account: AccountView): void => {
    void store.refresh(account.id);
  };

  private readonly onReplaceToken = (account: AccountView): void => {
    store.navigate({ name: 'token', accountId: account.id });
  };
}

customElements.define('tt-team-list', TtTeamList);

declare global {
  interface HTMLElementTagNameMap {
    'tt-team-list': TtTeamList;
  }
}
