/**
 * Every team of every instance in one virtualized list, with the keyboard model of a native
 * list: arrows move, Enter opens, F2 renames in place.
 */
import { LitElement, html, type TemplateResult } from 'lit';
import '@lit-labs/virtualizer';
import type { LitVirtualizer } from '@lit-labs/virtualizer/LitVirtualizer.js';
import { flow } from '@lit-labs/virtualizer/layouts/flow.js';
import { checkTeamName } from '../../common/team-name';
import type { InstanceView } from '../../common/model';
import type { Row, TeamRow } from '../state/rows';
import { StoreController, store } from '../state/store';
import { renderInstanceRow, renderNoteRow } from './instance-row';
import { sharedStyles } from './shared.styles';
import { renderTeamRow } from './team-row';
import { teamListStyles } from './tt-team-list.styles';

const PAGE = 8;
const layout = flow();
const keyOf = (row: Row): string => row.key;
const nextFrame = (): Promise<void> =>
  new Promise((resolve) =>
    requestAnimationFrame(() => {
      resolve();
    }),
  );

export class TtTeamList extends LitElement {
  static override properties = {
    activeKey: { state: true },
    editingKey: { state: true },
    editError: { state: true },
  };

  static override styles = [sharedStyles, teamListStyles];

  declare activeKey: string | null;
  declare editingKey: string | null;
  declare editError: string | null;

  private readonly data = new StoreController(this, store);
  private draft = '';
  private focusEditor = false;
  private marked = false;

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
      .openTeam({ instanceId: row.team.instanceId, teamId: row.team.id })
      .then((result) => {
        if (!result.ok) store.reportRowError(row.key, result.error.message);
      });
  }

  protected override render(): TemplateResult {
    const rows = this.data.store.rows;
    if (rows.length === 0 && store.query.trim() !== '') {
      return html`<div class="empty" role="status">
        <strong>No teams match “${store.query.trim()}”</strong>
        <span>Search looks at team names and slugs on every instance. Esc clears it.</span>
      </div>`;
    }
    const tabStop = this.tabStop(rows);
    return html`<span id="row-help" class="visually-hidden"
        >Enter opens the team in the browser. F2 renames it.</span
      >
      <lit-virtualizer
        scroller
        role="list"
        aria-label="Teams"
        .layout=${layout}
        .items=${rows}
        .keyFunction=${keyOf}
        .renderItem=${(row: Row) => this.renderRow(row, tabStop)}
        @keydown=${this.onKeyDown}
        @focusin=${this.onFocusIn}
        @dblclick=${this.onDoubleClick}
        @visibilityChanged=${this.onVisible}
      ></lit-virtualizer>`;
  }

  private renderRow(row: Row, tabStop: string | null): TemplateResult {
    switch (row.kind) {
      case 'instance':
        return renderInstanceRow(row, {
          now: store.now,
          refreshing: store.refreshing.has(row.instance.id) || store.refreshing.has('all'),
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
            store.dismissRenameError(target.key);
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

  private readonly onVisible = (): void => {
    if (this.marked) return;
    if (this.renderRoot.querySelector('.row.team') === null) return;
    this.marked = true;
    performance.mark('teamtray:first-teams');
  };

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
    await this.updateComplete;
    let element = this.rowElement(key);
    if (element === undefined) {
      const index = store.rows.findIndex((row) => row.key === key);
      this.virtualizer()?.element(index)?.scrollIntoView({ block: 'nearest' });
      for (let tries = 0; tries < 10 && element === undefined; tries += 1) {
        await nextFrame();
        element = this.rowElement(key);
      }
    }
    element?.focus();
  }

  private virtualizer(): LitVirtualizer | null {
    return this.renderRoot.querySelector('lit-virtualizer');
  }

  // --- rename -------------------------------------------------------------------------------

  private readonly startRename = (row: TeamRow): void => {
    if (!row.team.canRename) {
      store.reportRowError(row.key, row.team.renameBlockedReason ?? 'You cannot rename this team.');
      return;
    }
    store.dismissRenameError(row.key);
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

  // --- instance actions ---------------------------------------------------------------------

  private readonly onRetry = (instance: InstanceView): void => {
    void store.refresh(instance.id);
  };

  private readonly onReplaceToken = (instance: InstanceView): void => {
    store.navigate({ name: 'token', instanceId: instance.id });
  };
}

customElements.define('tt-team-list', TtTeamList);

declare global {
  interface HTMLElementTagNameMap {
    'tt-team-list': TtTeamList;
  }
}
