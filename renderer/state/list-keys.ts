/**
 * Where a navigation key moves the focus in a list, like a native list box. Pure, so the list's
 * keyboard model is tested without a browser, and a list of other rows (instances, devices) can
 * reuse it.
 */

/** Rows PageUp and PageDown move by: about one popover's height of team rows. */
export const PAGE_ROWS = 8;

/** The index `key` moves to from `at` among `count` rows, `'leave-top'` for ArrowUp on the first
 * row (focus goes back to the search box), or undefined when `key` is not a navigation key. */
export function keyTarget(
  key: string,
  at: number,
  count: number,
): number | 'leave-top' | undefined {
  const clamp = (index: number): number => Math.max(0, Math.min(count - 1, index));
  switch (key) {
    case 'ArrowDown':
      return clamp(at + 1);
    case 'ArrowUp':
      return at === 0 ? 'leave-top' : clamp(at - 1);
    case 'PageDown':
      return clamp(at + PAGE_ROWS);
    case 'PageUp':
      return clamp(at - PAGE_ROWS);
    case 'Home':
      return 0;
    case 'End':
      return clamp(count - 1);
    default:
      return undefined;
  }
}
