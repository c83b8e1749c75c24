/**
 * Every team of every account in one windowed list, with the keyboard model of a native list:
 * arrows move, a click or Enter opens, F2 renames in place. Which rows are in the DOM is the
 * RowWindowController's job; the rename editor's state is the TeamRenameController's.
 */
import { LitElement, html, type PropertyValues, type TemplateResult } from 'lit';
import { ref } from 'lit/directives/ref.js';
import { repeat } from 'lit/directives/repeat.js';
import type { Account } from '../state/account-item';
import { keyTarget } from '../state/list-keys';
import type { Row, TeamRow } from '../state/rows';
import { StoreController, store } from '../state/store';
import { avatarStyles } from './avatar.styles';
import { renderAccountHeader, renderNoteRow } from './account-header';
import { renderDeviceRow, renderInstanceRow, renderRuntimeNote } from './child-rows';
import { RowWindowController } from './row-window-controller';
import { sharedStyles } from './shared.styles';
import { renderTeamRow } from './team-row';
import { copyTeamUrl, openTeam, renamedToast } from './team-actions';
import { TeamRenameController } from './team-rename-controller';
import { toastEvent } from './toast-controller';
import { teamListStyles } from './tt-team-list.styles';

const keyOf = (row: Row): string => row.key;
const isTeam = (row: Row): row is TeamRow => row.kind === 'team';

export class TtTeamList extends LitElement {
  static override properties = {
    activeKey: { state: true },
  };

  static override styles = [sharedStyles, avatarStyles, teamListStyles];

  /** The row in the tab order (the last one focused). */
  declare activeKey: string | null;

  private readonly data = new StoreController(this, store);
  private readonly windowing = new RowWindowController<Row>(this, {
    // Heights match the CSS; measuring corrects them.
    estimated: { account: 64, team: 49, note: 46, instance: 36, device: 36, 'runtime-note': 36 },
    overscan: 120,
  });
  private readonly rename = new TeamRenameController(
    this,
    store,
    (row) => void this.moveTo(row.key),
    (row, from, to) => {
      this.dispatchEvent(toastEvent(renamedToast(row, from, to)));
    },
  );
  private marked = false;
  private lastQuery = '';

  constructor() {
    super();
    this.activeKey = null;
  }

  /** Moves focus to the first team row that is shown (ArrowDown from the search box). */
  focusFirst(): void {
    const first = this.firstTeam();
    if (first !== undefined) void this.moveTo(first.key);
  }

  /** Back to the list from the search box (Esc): the row last used, or the first one. */
  focusActive(): void {
    const rows = store.rows;
    const key = rows.some((row) => row.key === this.activeKey) ? this.activeKey : null;
    const target = key ?? rows.find(isTeam)?.key;
    if (target !== undefined) void this.moveTo(target);
  }

  /** The first team shown, for Enter in the search box. */
  firstTeam(): TeamRow | undefined {
    return store.rows.find(isTeam);
  }

  open(row: TeamRow): void {
    openTeam(row);
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
      this.windowing.scrollTo(0);
    }
    const shown = this.windowing.layout(rows);
    const tabStop = this.tabStop(rows);
    return html`<span id="row-help" class="visually-hidden"
        >Enter opens the team in the browser, Shift+Enter its settings. F2 renames it.</span
      >
      <div
        class="scroller"
        role="list"
        aria-label="Teams"
        ${ref(this.windowing.scrollerRef)}
        @scroll=${this.windowing.onScroll}
        @keydown=${this.onKeyDown}
        @focusin=${this.onFocusIn}
        @click=${this.onClick}
      >
        <div class="pad" data-pad="above" aria-hidden="true"></div>
        ${repeat(shown, keyOf, (row) => this.renderRow(row, tabStop))}
        <div class="pad" data-pad="below" aria-hidden="true"></div>
      </div>`;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    if (!this.marked && this.renderRoot.querySelector('.row.team') !== null) {
      // For the benchmark: the first paint with teams on screen.
      this.marked = true;
      performance.mark('teamtray:first-teams');
    }
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
      case 'instance':
        return renderInstanceRow(row);
      case 'device':
        return renderDeviceRow(row, store.now);
      case 'runtime-note':
        return renderRuntimeNote(row);
      case 'team': {
        const editing = row.key === this.rename.editingKey;
        return renderTeamRow(row, {
          active: row.key === tabStop,
          query: store.query,
          editing,
          editError: editing ? this.rename.error : null,
          editorRef: this.rename.editorRef,
          onRename: this.startRename,
          onOpen: (target) => {
            this.open(target);
          },
          onOpenSettings: (target) => {
            openTeam(target, 'settings');
          },
          onCopy: this.copy,
          onEditorKey: this.rename.onKey,
          onEditorInput: this.rename.onInput,
          onEditorBlur: this.rename.onBlur,
          onDismissError: (target) => {
            store.dismissRowError(target.key);
          },
        });
      }
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

  // --- keyboard and pointer -----------------------------------------------------------------

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    const row = this.rowFromEvent(event);
    if (row === undefined || event.target !== this.rowElement(row.key)) return;
    const mod = event.ctrlKey || event.metaKey;
    if (event.key === 'Enter') openTeam(row, event.shiftKey ? 'settings' : 'overview');
    else if (event.key === 'F2') this.startRename(row);
    else if (mod && event.key.toLowerCase() === 'c') this.copy(row);
    else {
      const teams = store.rows.filter(isTeam);
      const target = keyTarget(
        event.key,
        teams.findIndex((team) => team.key === row.key),
        teams.length,
      );
      if (target === undefined) return;
      if (target === 'leave-top') {
        this.dispatchEvent(new CustomEvent('tt-leave-top', { bubbles: true, composed: true }));
      } else {
        const next = teams[target];
        if (next !== undefined) void this.moveTo(next.key);
      }
    }
    event.preventDefault();
  };

  private readonly onFocusIn = (event: FocusEvent): void => {
    const row = this.rowFromEvent(event);
    if (row !== undefined && row.key !== this.activeKey) this.activeKey = row.key;
  };

  /** A click anywhere on a team row opens it, except on the row's own buttons and editor. */
  private readonly onClick = (event: MouseEvent): void => {
    const target = event.composedPath()[0];
    if (!(target instanceof Element) || target.closest('button, input, .row-error') !== null) {
      return;
    }
    const row = this.rowFromEvent(event);
    if (row !== undefined && row.key !== this.rename.editingKey) this.open(row);
  };

  private readonly copy = (row: TeamRow): void => {
    void copyTeamUrl(row).then((toast) => {
      if (toast !== null) this.dispatchEvent(toastEvent(toast));
    });
  };

  private rowFromEvent(event: Event): TeamRow | undefined {
    for (const node of event.composedPath()) {
      if (node instanceof HTMLElement && node.dataset.kind === 'team') {
        const key = node.dataset.key;
        return store.rows.find((r): r is TeamRow => isTeam(r) && r.key === key);
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

  /** Makes `key` the active row, scrolls it into view and focuses it once it is rendered. */
  private async moveTo(key: string): Promise<void> {
    this.activeKey = key;
    const index = store.rows.findIndex((row) => row.key === key);
    if (index !== -1) this.windowing.reveal(index);
    await this.updateComplete;
    this.rowElement(key)?.focus({ preventScroll: true });
  }

  private readonly startRename = (row: TeamRow): void => {
    if (this.rename.start(row)) this.activeKey = row.key;
  };

  // --- account actions ---------------------------------------------------------------------

  private readonly onRetry = (account: Account): void => {
    void store.refresh(account.id);
  };

  private readonly onReplaceToken = (account: Account): void => {
    store.navigate({ name: 'token', accountId: account.id });
  };
}

customElements.define('tt-team-list', TtTeamList);

declare global {
  interface HTMLElementTagNameMap {
    'tt-team-list': TtTeamList;
  }
}
