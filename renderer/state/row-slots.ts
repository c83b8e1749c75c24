/**
 * Which element each drawn row of the list uses (#30 point 4: a lighter DOM per keystroke).
 *
 * Keyed by its row alone (lit's `repeat` over row keys), a row that enters the window is a new
 * element and one that leaves is removed: a filter keystroke that changes the window's rows
 * cloned some 30 elements per team row, bound every part of it, and Chromium styled, laid out
 * and painted the new subtrees, while the elements of the rows that left were thrown away. Here
 * a row that stays keeps its element, and a row that enters takes the element of a row that
 * left, of the same pool (rows drawn by the same template, with no state of their own in the
 * DOM): lit updates that element's changed parts in place (its name, its counts, its
 * attributes), and no element is created or removed. The window keys its `repeat` with these
 * slots instead of the rows' keys.
 *
 * A row with a pool of `null` is keyed by itself, as before: the list pools only team rows (by
 * whether they are open: the chevron turns as a team opens, and would turn for another team);
 * an account's header may hold its error's details opened, an instance its log, and instances
 * and devices pooled too showed no fewer elements created in a traced search at 2,000 teams with
 * instances. The row being renamed is keyed by itself. The row that holds the focus (`held`) keeps its
 * element and never gives it away: when it leaves the window its element is removed, as a keyed
 * list does, so the focus never stays on an element that shows another row.
 *
 * Written here rather than taken from a library: it is the list's own rule for which rows may
 * share an element (lit's `repeat` keys by item, and its non-keyed form reuses by position, which
 * would redraw every row of the window on a one-row scroll).
 */

/** Generated slots start with this character, which no row key holds. */
const SLOT = '\u0001';

interface Slot {
  readonly slot: string;
  readonly pool: string | null;
}

export class RowSlots {
  /** The last draw: row key → its slot. */
  private last = new Map<string, Slot>();
  private made = 0;

  /**
   * The slot of each row, in order, each used once. `poolOf` names the rows that may share an
   * element, or null; `held` is the key of the row whose element holds the focus (or null). A
   * row new to the window takes the element of a row of its pool that left, or else its own key
   * (so the first draw, and every row keyed by itself, is keyed as lit's `repeat` keys by row).
   */
  keys<R extends { readonly key: string }>(
    rows: readonly R[],
    poolOf: (row: R) => string | null,
    held: string | null,
  ): string[] {
    const shown = new Set<string>();
    for (const row of rows) shown.add(row.key);
    // The slots of the rows that stay (and the focused row's, even as it leaves) are taken; the
    // others are free, by pool, in the order they were drawn.
    const taken = new Set<string>();
    const free = new Map<string, string[]>();
    for (const [key, { slot, pool }] of this.last) {
      if (shown.has(key) || key === held) taken.add(slot);
      else if (pool !== null) {
        const list = free.get(pool);
        if (list === undefined) free.set(pool, [slot]);
        else list.push(slot);
      }
    }
    const next = new Map<string, Slot>();
    const keys = rows.map((row) => {
      const pool = poolOf(row);
      let slot = this.last.get(row.key)?.slot;
      if (slot === undefined) {
        const list = pool === null ? undefined : free.get(pool);
        // A free slot may be a row's own key, given to that row meanwhile.
        do slot = list?.shift();
        while (slot !== undefined && taken.has(slot));
        slot ??= taken.has(row.key) ? `${SLOT}${String(this.made++)}` : row.key;
      }
      taken.add(slot);
      next.set(row.key, { slot, pool });
      return slot;
    });
    this.last = next;
    return keys;
  }
}
