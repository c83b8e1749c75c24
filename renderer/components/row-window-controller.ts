/**
 * Keeps only the rows in view (and a margin) in the DOM, and measures each row once per row
 * object.
 *
 * The window is computed in the same task as the change that needs it (a keystroke in search, a
 * scroll, a rename), so the new rows are in the frame the user typed in. @lit-labs/virtualizer
 * was tried first: it re-renders changed items a frame or more later (after its ResizeObserver
 * pass), which put search at 55 ms p95.
 *
 * The host renders a scroller bound with `${elementRef(c.scrollerRef)}` and `@scroll=${c.onScroll}`,
 * holding `<div class="lead">` (what scrolls away above the rows, maybe empty) and
 * `<div class="rows">`, whose children are `<div class="pad" data-pad="above">`, the rows
 * `layout()` returned (each with `data-key`), and `<div class="pad" data-pad="below">`. Other
 * children without `data-key` (a pinned header) are neither measured nor counted. The rows'
 * positions start under the lead: scrollTop here is the scroller's less the lead's height
 * (negative while the lead shows).
 *
 * A row revealed by a move (the keyboard, a notification) is the window's anchor until the user
 * scrolls: every layout scrolls just enough to keep it in view from the heights known then (rows
 * above it measured on the way, the viewport shrunk by a bar under the list), and the DOM's
 * scrollTop is written after the pads are sized for that window, so the browser cannot clamp it
 * to the old height. The window settles on the focused row however late its measurements come.
 *
 * Measuring (#30 point 4): a row is read (offsetHeight) after the update that drew it from a new
 * row object, and not again while the row object stays the same (the store keeps it the same
 * object while the row shows the same: ../state/row-memo.ts), so an update that drew no new row
 * reads no row's height. What changes a drawn row's height without a new row object (an error,
 * a log or a history opened under it, a narrower popover, its buttons on a line of their own
 * while pointed at) reaches the window through a ResizeObserver on the drawn rows, after the
 * browser's own layout; the window follows in the next frame (an update asked for from the
 * observer's callback would draw rows the browser could only report a frame late, with an error)
 * and lets its anchor go, so the rows do not move under the pointer. The lead is read once, when
 * its element is new (the list's first draw, or the rows back after "no match"), and followed
 * from then on by the same observer: an update reads no layout for it (#30: a keystroke that
 * read it laid the page out before the rows' pads were sized, and again after).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { blockHeight } from '../state/child-block';
import { rowAt, rowOffsets, rowWindow, type RowWindow } from '../state/row-window';

export interface WindowedRow {
  readonly key: string;
  readonly kind: string;
  /**
   * A stand-in for rows not built (child-block.ts): how many of each kind, so its height is
   * theirs; it is drawn empty and never measured.
   */
  readonly counts?: Readonly<Partial<Record<string, number>>>;
}

export interface RowWindowOptions<R extends WindowedRow> {
  /** Heights before a row of the kind was measured (they match the CSS; measuring corrects them). */
  readonly estimated: { readonly [K in R['kind']]: number };
  /** Extra px rendered above and below the viewport, so a fast scroll does not show blanks. */
  readonly overscan: number;
}

/** The row a move revealed, kept in view until the user scrolls; `inset` px over it are covered. */
interface Anchor {
  readonly key: string;
  readonly inset: (index: number) => number;
}

/** Re-measure passes in a row; a bound keeps a layout that never settles from looping. */
const MAX_SETTLE_PASSES = 3;

export class RowWindowController<R extends WindowedRow> implements ReactiveController {
  /** Measured heights by row key, and the last measured height of each kind. */
  private readonly heights = new Map<string, number>();
  private readonly kindHeights = new Map<string, number>();
  private rows: readonly R[] = [];
  private window: RowWindow = { first: 0, end: 0, above: 0, below: 0, total: 0 };
  private starts: Float64Array = new Float64Array(1);
  private anchor: Anchor | null = null;
  /** A scroll position to write to the DOM once the pads are sized for it (hostUpdated). */
  private scrollPending = false;
  /** The scroller's scrollTop this controller wrote last: its scroll event is not the user's. */
  private wrote: number | null = null;
  /**
   * The scroller's position and height, kept from its scroll events and resize observations:
   * reading them while rendering would force a layout of the old DOM on every keystroke.
   */
  private listTop = 0;
  /** The height of the scroller's `.lead`, above the rows. */
  private lead = 0;
  /** The `.lead` element whose height `lead` is: read when new, then observed. */
  private leadElement: HTMLElement | null = null;
  private viewport = window.innerHeight;
  private scroller: HTMLElement | null = null;
  private observed: HTMLElement | null = null;
  private readonly resizeObserver = new ResizeObserver((entries) => {
    const height = entries[0]?.contentRect.height;
    if (height !== undefined && height > 0 && height !== this.viewport) {
      this.viewport = height;
      this.host.requestUpdate();
    }
  });
  private settlePasses = 0;
  /** Each block's height, by its counts object, at the kinds' heights known now. */
  private blockHeights = new WeakMap<object, number>();
  /** The row object each drawn element was last measured for. */
  private readonly measuredFor = new WeakMap<Element, R>();
  private readonly sizeObserver = new ResizeObserver((entries) => {
    this.resized(entries);
  });

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: RowWindowOptions<R>,
  ) {
    host.addController(this);
  }

  /** Lays out every row (measured or estimated) and returns the ones to render. */
  layout(rows: readonly R[]): readonly R[] {
    this.rows = rows;
    this.starts = rowOffsets(rows.map((row) => this.heightOf(row)));
    this.keepAnchorInView();
    this.window = rowWindow(this.starts, this.listTop, this.viewport, this.options.overscan);
    return rows.slice(this.window.first, this.window.end);
  }

  /** Where each row of the last layout starts (offsets[n] is the total height). */
  get offsets(): Float64Array {
    return this.starts;
  }

  /** The list's scroll position, as last seen or set. */
  get scrollTop(): number {
    return this.listTop;
  }

  /** The rows of the last layout inside the viewport (no margin): [first, end). */
  visibleRange(): { readonly first: number; readonly end: number } {
    const count = this.rows.length;
    if (count === 0) return { first: 0, end: 0 };
    const first = rowAt(this.starts, this.listTop);
    // The last pixel in view, not the first one below it.
    const last = rowAt(this.starts, this.listTop + Math.max(0, this.viewport - 1));
    return { first, end: Math.min(count, last + 1) };
  }

  /** Moves the list (no anchor kept); the DOM follows in the next update. */
  scrollTo(top: number): void {
    this.anchor = null;
    this.moveTo(top);
  }

  /**
   * Scrolls just enough to show the row `key`, below `inset(index)` px at the top that something
   * covers (the pinned header), and keeps it in view until the user scrolls.
   */
  reveal(key: string, inset: (index: number) => number = () => 0): void {
    this.anchor = { key, inset };
    // A row not in the last layout (just built from a block: a page across blocks) is kept in
    // view from the next one; here it would read as a row that left the list. A row in view
    // already needs no update of its own (a later layout keeps it in view).
    const laidOut = this.rows.some((row) => row.key === key);
    if (laidOut) this.keepAnchorInView();
    if (!laidOut || this.scrollPending) this.host.requestUpdate();
  }

  readonly scrollerRef = (element?: Element): void => {
    this.scroller = element instanceof HTMLElement ? element : null;
  };

  readonly onScroll = (event: Event): void => {
    const scrolled = (event.currentTarget as HTMLElement).scrollTop;
    // Not where this controller put it: the user (or a script) scrolled, the anchor lets go.
    if (this.wrote === null || Math.abs(scrolled - this.wrote) > 1) this.anchor = null;
    this.wrote = null;
    const top = scrolled - this.lead;
    if (top === this.listTop) return;
    this.listTop = top;
    this.host.requestUpdate();
  };

  /** The user scrolls by hand (wheel, touch, the scrollbar): the anchor lets go. */
  letGo(): void {
    this.anchor = null;
  }

  /** For the scroller's wheel and touchstart: passive, so a scroll never waits for it. */
  readonly onUserScroll = {
    handleEvent: (): void => {
      this.letGo();
    },
    passive: true,
  };

  hostUpdated(): void {
    // The scroller comes and goes with the host's loading and no-match states.
    const scroller = this.scroller?.isConnected === true ? this.scroller : null;
    if (scroller !== this.observed) {
      this.resizeObserver.disconnect();
      if (scroller !== null) this.resizeObserver.observe(scroller);
      this.observed = scroller;
    }
    if (scroller === null) return;
    const list = scroller.querySelector<HTMLElement>(':scope > .rows') ?? scroller;
    // The blocks and the pads before the lead's height is read: that read lays the page out, and
    // a block without its height, or the pads of the last window around this one's rows, would
    // make the scroller shorter for that layout, and the browser would clamp a position at the
    // end to it for good (scrolled from the middle to the end, the list stopped 150 px short, and
    // 350 px with blocks: runtime-list.spec).
    this.sizeBlocks(list);
    for (const pad of list.querySelectorAll<HTMLElement>(':scope > .pad')) {
      // CSSOM, not a style attribute: the CSP allows the one and not the other.
      pad.style.height = `${pad.dataset.pad === 'above' ? this.window.above : this.window.below}px`;
    }
    const leadElement = scroller.querySelector<HTMLElement>(':scope > .lead');
    if (leadElement !== this.leadElement) {
      if (this.leadElement !== null) this.sizeObserver.unobserve(this.leadElement);
      this.leadElement = leadElement;
      if (leadElement !== null) this.sizeObserver.observe(leadElement);
      if (this.setLead(leadElement?.offsetHeight ?? 0)) this.host.requestUpdate();
    }
    if (this.scrollPending) {
      // After the pads: the scroller is as tall as the window says, so the position holds.
      this.scrollPending = false;
      this.wrote = this.listTop + this.lead;
      scroller.scrollTop = this.wrote;
    }
    if (this.measure(list) && this.settlePasses < MAX_SETTLE_PASSES) {
      this.settlePasses += 1;
      this.host.requestUpdate();
    } else {
      this.settlePasses = 0;
    }
  }

  hostDisconnected(): void {
    this.resizeObserver.disconnect();
    this.sizeObserver.disconnect();
    this.observed = null;
    this.leadElement = null;
    this.anchor = null;
  }

  /**
   * The observer's report, after the browser's layout: a drawn row whose height is not the one
   * the window used, or the lead's new height. Its border box, rounded as offsetHeight rounds it,
   * so the two ways of measuring agree; no height is read from the element here.
   */
  private resized(entries: readonly ResizeObserverEntry[]): void {
    let changed = false;
    let leadMoved = false;
    for (const entry of entries) {
      const { target } = entry;
      const box = entry.borderBoxSize[0];
      if (!target.isConnected) {
        // Its row left the window (the observer reports it once, at no size): forget it.
        this.sizeObserver.unobserve(target);
        continue;
      }
      if (box === undefined) continue;
      const height = Math.round(box.blockSize);
      if (target === this.leadElement) {
        // Above the rows, not one of them: the anchor stays, kept in view under the new lead.
        if (this.setLead(height)) leadMoved = true;
        continue;
      }
      const row = this.measuredFor.get(target);
      if (row === undefined || height === 0) continue;
      if (height !== this.heights.get(row.key)) changed = true;
      this.heights.set(row.key, height);
      this.setKindHeight(row.kind, height);
    }
    if (!changed && !leadMoved) return;
    // A row that changed by itself (pointed at, its buttons on a line of their own at large
    // text; an error under it) does not scroll the list to keep the anchor in view: the rows
    // would move under the pointer, and a row that stops being pointed at changes back.
    if (changed) this.anchor = null;
    requestAnimationFrame(() => {
      this.host.requestUpdate();
    });
  }

  /** The lead is `height` px tall now: the rows' scroll position is the scroller's less it. */
  private setLead(height: number): boolean {
    if (height === this.lead) return false;
    if (this.scroller !== null) this.listTop = this.scroller.scrollTop - height;
    this.lead = height;
    return true;
  }

  private moveTo(top: number): void {
    // The top of the rows is the top of the scroller, with the lead in view above them.
    const next = top <= 0 ? -this.lead : top;
    if (next === this.listTop) return;
    this.listTop = next;
    this.scrollPending = true;
  }

  /** Scrolls just enough that the anchor's row is in view, from the heights known now. */
  private keepAnchorInView(): void {
    if (this.anchor === null) return;
    const { key } = this.anchor;
    const index = this.rows.findIndex((row) => row.key === key);
    const top = this.starts[index];
    if (index === -1 || top === undefined) {
      // Its row left the list (closed, filtered out): nothing to keep in view.
      this.anchor = null;
      return;
    }
    const bottom = this.starts[index + 1] ?? top;
    const inset = this.anchor.inset(index);
    if (top - inset < this.listTop) this.moveTo(Math.max(0, top - inset));
    else if (bottom > this.listTop + this.viewport) this.moveTo(bottom - this.viewport);
  }

  /**
   * Gives each stand-in drawn (child-block.ts) the height of the rows it stands for, before the
   * page is laid out or the scroll position written: drawn empty, it would shorten the scroller
   * for the one update it lasts, and the browser would clamp a position at the end of the list to the shorter height.
   */
  private sizeBlocks(list: HTMLElement): void {
    let index = this.window.first;
    for (const element of list.children) {
      if (!(element instanceof HTMLElement) || element.dataset.key === undefined) continue;
      const row = this.rows[index];
      index += 1;
      if (row?.counts === undefined || element.dataset.key !== row.key) continue;
      // CSSOM, not a style attribute: the CSP allows the one and not the other.
      element.style.height = `${this.heightOf(row)}px`;
    }
  }

  /**
   * Reads the height of each drawn row whose row object it was not measured for (drawn new, or
   * from a new row object), and watches it from then on; true when one differed from what the
   * window used.
   */
  private measure(list: HTMLElement): boolean {
    let changed = false;
    let index = this.window.first;
    for (const element of list.children) {
      if (!(element instanceof HTMLElement) || element.dataset.key === undefined) continue;
      const row = this.rows[index];
      index += 1;
      // A stand-in for the rows under a team (child-block.ts) is sized by sizeBlocks, never read.
      if (row === undefined || element.dataset.key !== row.key || row.counts !== undefined)
        continue;
      if (this.measuredFor.get(element) === row) continue;
      const height = element.offsetHeight;
      if (height === 0) continue;
      // Watched from its first measure until it leaves the window (see resized).
      if (!this.measuredFor.has(element)) this.sizeObserver.observe(element);
      this.measuredFor.set(element, row);
      // Compared with the height the window used before the kind learns it: a row measured for
      // the first time was laid out at its kind's height, and differs from it when it is taller.
      if (height !== this.heightOf(row)) changed = true;
      this.setKindHeight(row.kind, height);
      this.heights.set(row.key, height);
    }
    return changed;
  }

  /** A row of this kind measured (or observed) at `height`: the kind's height from now on. */
  private setKindHeight(kind: string, height: number): void {
    if (this.kindHeights.get(kind) === height) return;
    this.kindHeights.set(kind, height);
    // A block's height is its counts at its kinds' heights.
    this.blockHeights = new WeakMap();
  }

  private heightOf(row: R): number {
    if (row.counts !== undefined) {
      // Worked out once per counts object (a block keeps its object while they hold).
      let height = this.blockHeights.get(row.counts);
      if (height === undefined) {
        height = blockHeight(row.counts, this.heightOfKind);
        this.blockHeights.set(row.counts, height);
      }
      return height;
    }
    return this.heights.get(row.key) ?? this.heightOfKind(row.kind);
  }

  private readonly heightOfKind = (kind: string): number =>
    this.kindHeights.get(kind) ??
    // TypeScript reads a generic row's kind as plain string; it is one of R's kinds.
    this.options.estimated[kind as R['kind']];
}
