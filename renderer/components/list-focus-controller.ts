/**
 * Where the focus is in the windowed list: one row holds the tab stop (the last one focused, or
 * the first shown), a move scrolls its row into view below the pinned header, waits for it to be
 * rendered, then focuses it. Also brings a notification's row into view (store.focusKey).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { pinnedHeightOver } from '../state/list-sections';
import { isFocusable, rowIndex, tabStopKey, type FocusableRow } from '../state/row-nav';
import type { Row } from '../state/rows';
import { teamKeyOfItem } from '../state/runtime-rows';
import type { Store } from '../state/store';
import type { RowWindowController } from './row-window-controller';

type Host = ReactiveControllerHost & {
  readonly renderRoot: HTMLElement | DocumentFragment;
};

export class ListFocusController implements ReactiveController {
  /** The row in the tab order (the last one focused), or null: the first row shown. */
  activeKey: string | null = null;

  constructor(
    private readonly host: Host,
    private readonly storeOf: () => Store,
    private readonly windowing: RowWindowController<Row>,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    // A list that comes back starts at its first row, as a new one would.
    this.activeKey = null;
  }

  /** The key of the row that takes the tab stop now. */
  tabStop(rows: readonly Row[]): string | null {
    return tabStopKey(rows, this.activeKey);
  }

  /** Makes `key` the active row, scrolls it into view (below the pinned header), focuses it. */
  async moveTo(key: string): Promise<void> {
    this.setActive(key);
    // The row is the window's anchor: each layout keeps it in view from the heights measured so
    // far (rows above it measured on the way, a bar that shrank the list), so once drawn it stays.
    this.windowing.reveal(key, (index) =>
      pinnedHeightOver(this.storeOf().rows, this.windowing.offsets, index),
    );
    // A row already drawn takes the focus now, before the update draws the move: the update
    // then finds the focus where it goes (a rename's field leaves the page unfocused, its row
    // focused), and the browser lays the page out for the focus in the frame, not once more
    // after the update. A row not drawn yet takes it once the update drew it.
    this.focusRow(key);
    await this.host.updateComplete;
    this.focusRow(key);
  }

  /** Focuses the row's element when it is drawn and does not have the focus already. */
  private focusRow(key: string): void {
    const element = this.rowElement(key);
    if (element?.matches(':focus') === false) element.focus({ preventScroll: true });
  }

  /** The first row shown (ArrowDown from the search box). */
  focusFirst(): void {
    const first = tabStopKey(this.storeOf().rows, null);
    if (first !== null) void this.moveTo(first);
  }

  /** The row last used, or the first one (Esc from the search box). */
  focusActive(): void {
    const target = this.tabStop(this.storeOf().rows);
    if (target !== null) void this.moveTo(target);
  }

  /** A notification was clicked: its row (or its team's, or its account's) in view, focused. */
  focusFromNotification(key: string): void {
    const store = this.storeOf();
    store.clearFocusKey();
    const rows = store.rows;
    const teamKey = teamKeyOfItem(key);
    const target = [key, teamKey].find((candidate) => {
      const row = rows[rowIndex(rows, candidate)];
      return row !== undefined && isFocusable(row);
    });
    if (target !== undefined) {
      void this.moveTo(target);
      return;
    }
    const header = rowIndex(rows, key);
    if (header === -1) return;
    // An account's header (a token to replace): to the top, its first button focused.
    this.windowing.scrollTo(this.windowing.offsets[header] ?? 0);
    this.host.requestUpdate();
    void this.host.updateComplete.then(() => {
      this.rowElement(key)?.querySelector('button')?.focus({ preventScroll: true });
    });
  }

  /** The focusable row an event happened in (its element has the row's data-key). */
  rowFromEvent(event: Event): FocusableRow | undefined {
    for (const node of event.composedPath()) {
      if (!(node instanceof HTMLElement) || node.dataset.key === undefined) continue;
      const rows = this.storeOf().rows;
      const row = rows[rowIndex(rows, node.dataset.key)];
      return row !== undefined && isFocusable(row) ? row : undefined;
    }
    return undefined;
  }

  rowElement(key: string): HTMLElement | undefined {
    for (const element of this.host.renderRoot.querySelectorAll<HTMLElement>('.rows > .row')) {
      if (element.dataset.key === key) return element;
    }
    return undefined;
  }

  readonly onFocusIn = (event: FocusEvent): void => {
    const row = this.rowFromEvent(event);
    if (row !== undefined) this.setActive(row.key);
  };

  setActive(key: string): void {
    if (key === this.activeKey) return;
    this.activeKey = key;
    this.host.requestUpdate();
  }
}
