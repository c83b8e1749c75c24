/**
 * Every team of every account in one windowed list, and under an open team its instances and
 * devices, with the keyboard model of a tree view: arrows move, → and ← open and close a team,
 * a click shows a team's instances and devices, Enter opens it in FlowFuse, F2 renames in place. Controllers do the rest: which rows are in the
 * DOM (RowWindowController), where the focus is (ListFocusController), the rename editor
 * (TeamRenameController), instance actions (InstanceActionsController), and telling main which
 * teams are on screen (WatchTeamsController). Above the list: what needs attention, and the
 * filter it turns on, quiet hours and the notices, scrolling away with the rows; over its top,
 * the headers of the account and the open team being scrolled, one line each.
 */
import { SignalWatcher } from '@lit-labs/preact-signals';
import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { ACCOUNT_PIN_HEIGHT, pinnedHeader, pinnedTeam, teamsIn } from '../state/list-sections';
import { teamKeyOfBlock } from '../state/child-block';
import { toggleQuiet } from '../state/pin-actions';
import { navAction, rowIndex } from '../state/row-nav';
import type { RowSlots } from '../state/row-slots';
import { pinOf, togglePinned, type PinnableRow } from '../state/pin-actions';
import type { PinGoneRow, Row, TeamRow } from '../state/rows';
import type { InstanceRow, RuntimeMoreRow } from '../state/runtime-rows';
import { crashedRefs } from '../state/selection';
import type { Store } from '../state/store';
import { StoreConsumer } from '../state/store-context';
import { listFailed, teamSummary } from '../state/team-summary';
import { renderAccountHeader } from './account-header';
import { renderAttentionBar } from './attention-bar';
import { attentionBarStyles } from './attention-bar.styles';
import { avatarStyles } from './avatar.styles';
import { elementRef } from './element-ref';
import { RowHistoryController } from './row-history-controller';
import { loadPart } from './lazy-parts';
import { LazyRowControllers } from './lazy-row-controllers';
import {
  ChildRowStylesController,
  childRowsLoaded,
  childRowsPart,
  loadChildRows,
} from './lazy-rows';
import { rowLoadingStyles } from './lazy-rows.styles';
import { ListFocusController } from './list-focus-controller';
import { handleRowKey, type ListKeyHost } from './list-keys-handler';
import { RowWindowController } from './row-window-controller';
import { pinStyles } from './pin-parts.styles';
import { quietEnd, quietLineStyles, renderQuietLine } from './quiet-line';
import { runtimeStyles } from './runtime.styles';
import { sharedStyles } from './shared.styles';
import { afterPaint } from './src-after-paint';
import { copyTeamUrl, openTeam, renamedToast } from './team-actions';
import { nothingNeedsAttention, renderNoMatch, rowHelp } from './team-list-parts';
import { ListRowRenderer } from './team-list-rows';
import { renderPinnedTeam } from './team-row';
import { TeamRenameController } from './team-rename-controller';
import { toastEvent } from './toast-controller';
import { teamListStyles } from './tt-team-list.styles';
import { WatchTeamsController } from './watch-teams-controller';
import { wordedButtonStyles } from './worded-button.styles';
import type { Question } from './tt-confirm';

const isTeam = (row: Row): row is TeamRow => row.kind === 'team';

export class TtTeamList extends SignalWatcher(LitElement) {
  static override styles = [
    sharedStyles,
    avatarStyles,
    runtimeStyles,
    teamListStyles,
    wordedButtonStyles,
    attentionBarStyles,
    pinStyles,
    quietLineStyles,
    rowLoadingStyles,
    // The rest, the rows under a team and the bulk bar's, come with their part (lazy-rows.ts).
  ];

  private readonly stored = new StoreConsumer(this);
  private readonly childRowStyles = new ChildRowStylesController(this);
  private readonly storeOf = (): Store => this.stored.store;
  private readonly windowing = new RowWindowController<Row>(this, {
    // Heights match the CSS; measuring corrects them.
    estimated: {
      account: 64,
      team: 72,
      note: 46,
      instance: 50,
      device: 50,
      'runtime-note': 31,
      'runtime-heading': 26,
      'runtime-more': 36,
      'pins-heading': 28,
      'pin-gone': 50,
      // A stand-in for rows not built: its height is theirs, from its counts (child-block.ts).
      children: 0,
      teams: 0,
    },
    overscan: 120,
  });
  private readonly focusing = new ListFocusController(this, this.storeOf, this.windowing);
  private readonly rename = new TeamRenameController(
    this,
    this.storeOf,
    (row) => void this.focusing.moveTo(row.key),
    (row, from, to) => {
      this.dispatchEvent(toastEvent(renamedToast(this.store, row, from, to)));
      void this.keepClearOfToast(row.key);
    },
  );
  /** The dialog's module loads when first asked for (lazy-parts.ts); its element then upgrades. */
  private readonly confirm = async (question: Question): Promise<boolean> => {
    await loadPart('confirm');
    return (await this.renderRoot.querySelector('tt-confirm')?.ask(question)) ?? false;
  };
  /** The rows' controllers come with the rows' part (lazy-row-controllers.ts). */
  private readonly runtime = new LazyRowControllers(this, this.storeOf, {
    confirm: this.confirm,
    refocus: (key, leaving) => {
      // Only when the pressed button went away with the focus (or, leaving, is about to with
      // the focus in its row); never pull it from elsewhere.
      if (
        document.activeElement === document.body ||
        (leaving === true && this.focusing.rowElement(key)?.matches(':focus-within'))
      ) {
        void this.focusing.moveTo(key);
      }
    },
    toast: (toast) => {
      this.dispatchEvent(toastEvent(toast));
    },
  });
  private readonly actions = this.runtime.actions;
  private readonly devices = this.runtime.devices;
  private readonly bulk = this.runtime.bulk;
  private readonly logs = this.runtime.logs;
  private readonly histories = new RowHistoryController(this);
  private readonly watching = new WatchTeamsController(this, this.storeOf);
  private readonly rows = new ListRowRenderer({
    store: this.storeOf,
    rename: this.rename,
    actions: this.actions,
    devices: this.devices,
    logs: this.logs,
    histories: this.histories,
    onOpen: (row) => {
      this.open(row);
    },
    onCopy: (row) => {
      this.copy(row);
    },
    onRename: (row) => {
      this.startRename(row);
    },
    onShowAll: (row) => {
      this.showAll(row);
    },
    onPin: (row) => {
      this.togglePin(row);
    },
    onSelect: (row, event) => {
      this.select(row, event.shiftKey);
    },
  });
  private marked = false;
  private lastQuery = '';
  /** How far the next section's header pushes the pinned one up (set in render, applied after). */
  private pinShift = 0;
  /** Where the pinned team sits: under the pinned account header, pushed up by the next team. */
  private teamPinTop = 0;
  /**
   * Teams whose rows stand in as a block in the window just rendered (child-block.ts), and
   * blocks of teams there (team-blocks.ts).
   */
  private blocksShown: string[] = [];
  /**
   * Which element each drawn row uses: a team row entering the window takes one that left
   * (row-slots.ts, with the rows' part; until it is in, each row is keyed by itself).
   */
  private slots: RowSlots | null = null;
  /** Team rows share elements by whether they are open (the chevron turns as a team opens). */
  private readonly poolOf = (row: Row): string | null =>
    row.kind === 'team' && row.key !== this.rename.editingKey ? `team${String(row.open)}` : null;

  private get store(): Store {
    return this.stored.store;
  }

  /** Moves focus to the first row that is shown (ArrowDown from the search box). */
  focusFirst(): void {
    this.focusing.focusFirst();
  }

  /** Back to the list from the search box (Esc): the row last used, or the first one. */
  focusActive(): void {
    this.focusing.focusActive();
  }

  /** The first team shown, for Enter in the search box. */
  firstTeam(): TeamRow | undefined {
    return this.store.rows.find(isTeam);
  }

  open(row: TeamRow): void {
    openTeam(this.store, row);
  }

  protected override render(): TemplateResult {
    const { store } = this;
    if (store.state === null) {
      return html`<div class="loading" role="status" aria-label="Loading teams">
        <span class="spinner"></span>
      </div>`;
    }
    const rows = store.rows;
    // Above the rows, scrolling away with them: only the pinned headers stay over the list.
    const lead = html`<div class="lead">
      ${renderAttentionBar(
        store.attention,
        store.attentionOnly,
        this.toggleAttention,
        // While it shows only what needs the user: the crashed ones are what the list shows.
        store.attentionOnly
          ? { onSelect: this.selectCrashed, onRestart: this.restartCrashed }
          : undefined,
      )}
      ${renderQuietLine(quietEnd(store.settings, store.now), store.now, this.endQuiet)}
      <tt-banners></tt-banners>
    </div>`;
    // Outside the list's branches: a question stays open while the list changes under it.
    const confirm = html`<tt-confirm></tt-confirm>`;
    if (rows.length === 0 && store.query.trim() !== '') {
      return html`${lead}${renderNoMatch(store.query.trim())}${this.bulkBar()}${confirm}`;
    }
    if (rows.length === 0 && store.attentionOnly) {
      return html`${lead}${nothingNeedsAttention}${this.bulkBar()}${confirm}`;
    }
    if (store.query !== this.lastQuery) {
      // New results start at the top.
      this.lastQuery = store.query;
      this.windowing.scrollTo(0);
    }
    const shown = this.windowing.layout(rows);
    this.blocksShown = shown.flatMap((row) =>
      row.kind === 'children' ? [teamKeyOfBlock(row)] : row.kind === 'teams' ? [row.block] : [],
    );
    const tabStop = this.focusing.tabStop(rows);
    const part = childRowsLoaded();
    if (part !== null) this.slots ??= new part.RowSlots();
    // The row holding the focus keeps its element.
    const focused = this.renderRoot instanceof ShadowRoot ? this.renderRoot.activeElement : null;
    const held = focused?.closest<HTMLElement>('.rows > .row')?.dataset.key ?? null;
    const slots = this.slots?.keys(shown, this.poolOf, held);
    const { offsets, scrollTop } = this.windowing;
    const pinned = pinnedHeader(rows, offsets, scrollTop);
    const pinnedRow = pinned === null ? undefined : rows[pinned.index];
    this.pinShift = pinned?.shift ?? 0;
    // Under the account's one-line pinned header: the open team whose rows scroll under it.
    const team = pinned === null ? null : pinnedTeam(rows, offsets, scrollTop + ACCOUNT_PIN_HEIGHT);
    const teamRow = team === null ? undefined : rows[team.index];
    this.teamPinTop = ACCOUNT_PIN_HEIGHT + this.pinShift + (team?.shift ?? 0);
    return html`${rowHelp}
      <div
        class="scroller${store.selection.size > 0 ? ' selecting' : ''}"
        ${elementRef(this.windowing.scrollerRef)}
        @scroll=${this.windowing.onScroll}
        @wheel=${this.windowing.onUserScroll}
        @touchstart=${this.windowing.onUserScroll}
        @pointerdown=${this.onPointerDown}
        @keydown=${this.onKeyDown}
        @focusin=${this.focusing.onFocusIn}
        @click=${this.onClick}
      >
        ${lead}
        <div
          class="rows"
          role="list"
          aria-label=${store.attentionOnly ? 'Teams: only what needs attention' : 'Teams'}
        >
          <div class="pin" aria-hidden="true">
            ${
              pinnedRow?.kind === 'account'
                ? renderAccountHeader(pinnedRow, this.rows.header(pinnedRow, true))
                : nothing
            }
            ${
              teamRow?.kind === 'team'
                ? renderPinnedTeam(
                    teamRow,
                    teamSummary(
                      teamRow.team.runtime,
                      store.now,
                      teamRow.team.role,
                      listFailed(teamRow.account.status),
                    ),
                    this.onPinnedTeam,
                  )
                : nothing
            }
          </div>
          <div class="pad" data-pad="above" aria-hidden="true"></div>
          ${repeat(
            shown,
            (row, at) => slots?.[at] ?? row.key,
            (row) => this.rows.row(row, tabStop),
          )}
          <div class="pad" data-pad="below" aria-hidden="true"></div>
        </div>
      </div>
      ${this.bulkBar()}
      <span class="visually-hidden" role="status"
        >${this.actions.announcement() || this.devices.announcement()}</span
      >
      ${confirm}`;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    if (!this.marked && this.renderRoot.querySelector('.row.team') !== null) {
      // For the benchmark: the first paint with teams on screen.
      this.marked = true;
      performance.mark('teamtray:first-teams');
      // The rows under a team are not in the first script: they load now, before a team opens.
      loadChildRows().catch(() => undefined);
      // The team rows' buttons (shown on hover or focus) are not in the first frame either.
      afterPaint(() => {
        this.rows.withActions = true;
        this.requestUpdate();
      });
    }
    const pinned = this.renderRoot.querySelector<HTMLElement>('.account.pinned');
    // CSSOM, not a style attribute: the CSP allows the one and not the other.
    if (pinned !== null) pinned.style.translate = `0 ${this.pinShift}px`;
    const team = this.renderRoot.querySelector<HTMLElement>('.team.pinned');
    if (team !== null) team.style.translate = `0 ${this.teamPinTop}px`;
    const { store } = this;
    if (store.state === null) return;
    if (store.focusKey !== null) this.focusing.focusFromNotification(store.focusKey);
    const { first, end } = this.windowing.visibleRange();
    this.watching.seen(teamsIn(store.rows, first, end));
    // A block came into the window: its team's rows are built, and drawn in the next update
    // (a microtask: before the frame is painted).
    if (this.blocksShown.length > 0) store.showChildrenOf(this.blocksShown);
  }

  /**
   * Scrolls the row just renamed out from under the toast that says so (with Undo): on a short
   * popover (large text) the toast sat over the very row it names. The scroller's bottom padding
   * leaves room for this under the last row too.
   */
  private async keepClearOfToast(key: string): Promise<void> {
    await this.updateComplete;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const root = this.getRootNode();
    const toast = root instanceof ShadowRoot ? root.querySelector('.toast') : null;
    const row = this.focusing.rowElement(key);
    const scroller = this.renderRoot.querySelector('.scroller');
    if (toast === null || row === undefined || scroller === null) return;
    const covered = row.getBoundingClientRect().bottom - toast.getBoundingClientRect().top;
    if (covered > 0) scroller.scrollTop += covered + 6;
  }

  /**
   * Under the list: the picked instances and what to do with them, or main's summary of the last
   * bulk action; and, always in the page, the region that says the summary to a screen reader.
   */
  private bulkBar(): TemplateResult {
    const { store } = this;
    const run = store.bulkRun;
    // The bar is in the lazily loaded part (lazy-rows.ts): asked for once there is something.
    const wanted = store.selection.size > 0 || run !== null || this.bulk.note() !== '';
    const part = wanted ? childRowsPart() : null;
    if (part === null) {
      return html`<span class="visually-hidden bulk-live" role="status" aria-live="polite"></span>`;
    }
    const crashedLeft = crashedRefs(store.accounts).filter(
      (ref) => !store.selection.has(ref.accountId, ref.instanceId),
    ).length;
    return html`${part.renderBulkBar({
        count: store.selection.size,
        crashedLeft,
        run,
        note: this.bulk.note(),
        onAction: (action) => void this.bulk.run(action),
        onSelectCrashed: this.selectCrashed,
        onClear: () => {
          store.selection.clear();
          this.bulk.clearNote();
        },
        onCloseSummary: (closed) => {
          store.closeBulkSummary(closed.id);
        },
      })}
      <span class="visually-hidden bulk-live" role="status" aria-live="polite"
        >${run?.finishedAt == null ? '' : part.bulkSummary(run)}</span
      >`;
  }

  /** Picks or drops an instance; Shift picks from the last one picked to it. */
  private select(row: InstanceRow, range: boolean): void {
    const { store } = this;
    if (range) store.selection.extend(store.rowsInFull(), row);
    else store.selection.toggle(row);
    this.bulk.clearNote();
  }

  private readonly selectCrashed = (): void => {
    this.store.selection.add(crashedRefs(this.store.accounts));
  };

  private readonly restartCrashed = (): void => {
    void this.bulk.run('restart', crashedRefs(this.store.accounts));
  };

  /** A click on the pinned team goes to its own row (where ← closes it). */
  private readonly onPinnedTeam = (row: TeamRow): void => {
    void this.focusing.moveTo(row.key);
  };

  private readonly endQuiet = (): void => {
    void toggleQuiet(this.store, Date.now());
  };

  private readonly toggleAttention = (): void => {
    this.store.setAttentionOnly(!this.store.attentionOnly);
    this.windowing.scrollTo(0);
  };

  // --- keyboard and pointer -----------------------------------------------------------------

  private readonly keyHost: ListKeyHost = {
    openTeam: (row, page) => {
      openTeam(this.store, row, page);
    },
    rename: (row) => {
      this.startRename(row);
    },
    copy: (row) => {
      this.copy(row);
    },
    openInstance: (row, page) => {
      this.actions.openInstance(row, page);
    },
    openDevice: (row) => {
      this.actions.openDevice(row);
    },
    showAll: (row) => {
      this.showAll(row);
    },
    toggleSnooze: (row) => {
      this.rows.snooze(row);
    },
    toggleLog: (row) => {
      this.logs.toggle(row);
    },
    togglePin: (row) => {
      this.togglePin(row);
    },
    toggleSelect: (row, range) => {
      this.select(row, range);
    },
    navAction: (row, key) => {
      // A page across teams whose rows are blocks: built first, so it counts their rows
      // (page-blocks.ts, in the rows' part: blocks stand for rows only that part draws).
      const blocks = childRowsLoaded()?.blocksInPage(this.store.rows, row, key) ?? [];
      if (blocks.length > 0) this.store.showChildrenOf(blocks);
      return navAction(this.store.rows, row, key);
    },
    moveTo: (key) => void this.focusing.moveTo(key),
    setOpen: (row, open) => {
      this.store.toggleExpanded(row.key, open);
    },
    leaveTop: () => {
      this.dispatchEvent(new CustomEvent('tt-leave-top', { bubbles: true, composed: true }));
    },
  };

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    const row = this.focusing.rowFromEvent(event);
    if (row === undefined || event.target !== this.focusing.rowElement(row.key)) return;
    if (handleRowKey(event, row, this.keyHost)) event.preventDefault();
  };

  /**
   * A click anywhere on a team row shows or hides its instances and devices, in place (except on
   * the row's own buttons and editor); opening it in FlowFuse is its own button, or Enter.
   */
  private readonly onClick = (event: MouseEvent): void => {
    const target = event.composedPath()[0];
    if (!(target instanceof Element) || target.closest('button, input, .row-error') !== null) {
      return;
    }
    const row = this.focusing.rowFromEvent(event);
    // Ctrl/⌘-click picks or drops an instance, Shift-click picks a range (bulk actions).
    if (row?.kind === 'instance' && (event.ctrlKey || event.metaKey || event.shiftKey)) {
      this.select(row, event.shiftKey);
      return;
    }
    if (row?.kind === 'team' && row.key !== this.rename.editingKey) {
      this.store.toggleExpanded(row.key, !row.open);
    }
  };

  /** On the scroller itself (its scrollbar), not a row: the user takes the list's place over. */
  private readonly onPointerDown = (event: PointerEvent): void => {
    if (event.target === event.currentTarget) this.windowing.letGo();
  };

  private readonly copy = (row: TeamRow): void => {
    void copyTeamUrl(this.store, row).then((toast) => {
      if (toast !== null) this.dispatchEvent(toastEvent(toast));
    });
  };

  /** Lists the rest of a team's instances or devices; the first of them takes the focus. */
  private readonly showAll = (row: RuntimeMoreRow): void => {
    const { store } = this;
    const at = rowIndex(store.rows, row.key);
    store.showAll(row.listKey);
    const next = store.rows[at];
    if (next !== undefined) void this.focusing.moveTo(next.key);
  };

  /** Pins or unpins; a refusal (the limit) shows under the row. */
  private readonly togglePin = (row: PinnableRow | PinGoneRow): void => {
    const pin = row.kind === 'pin-gone' ? row.pin : pinOf(row);
    void togglePinned(this.store, pin).then((error) => {
      if (error !== null) this.store.reportRowError(row.key, error);
    });
  };

  private readonly startRename = (row: TeamRow): void => {
    if (this.rename.start(row)) this.focusing.setActive(row.key);
  };
}

customElements.define('tt-team-list', TtTeamList);

declare global {
  interface HTMLElementTagNameMap {
    'tt-team-list': TtTeamList;
  }
}
