/**
 * Which rows to put in the DOM: the ones in the viewport plus a margin, from each row's height
 * (measured once seen, estimated by kind before). Pure, so the list can compute it in the same
 * task as a keystroke and render the new rows before the frame is painted.
 */

export interface RowWindow {
  /** Index of the first row to render. */
  readonly first: number;
  /** Index after the last row to render. */
  readonly end: number;
  /** Height of the rows above the window, in px. */
  readonly above: number;
  /** Height of the rows below the window, in px. */
  readonly below: number;
  /** Height of every row together, in px. */
  readonly total: number;
}

/** offsets[i] is the top of row i; offsets[n] is the total height. */
export function rowOffsets(heights: readonly number[]): Float64Array<ArrayBuffer> {
  const offsets = new Float64Array(heights.length + 1);
  for (let i = 0; i < heights.length; i += 1)
    offsets[i + 1] = (offsets[i] ?? 0) + (heights[i] ?? 0);
  return offsets;
}

/** The first row whose bottom is below `y` (binary search over the offsets). */
export function rowAt(offsets: Float64Array, y: number): number {
  const count = offsets.length - 1;
  let low = 0;
  let high = count;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((offsets[mid + 1] ?? 0) <= y) low = mid + 1;
    else high = mid;
  }
  return Math.min(low, Math.max(0, count - 1));
}

export function rowWindow(
  offsets: Float64Array,
  scrollTop: number,
  viewport: number,
  overscan: number,
): RowWindow {
  const count = offsets.length - 1;
  const total = offsets[count] ?? 0;
  if (count <= 0) return { first: 0, end: 0, above: 0, below: 0, total: 0 };
  // A scroll position past the end (the list just got shorter) counts as the end.
  const top = Math.max(0, Math.min(scrollTop, total - viewport));
  const first = rowAt(offsets, top - overscan);
  const last = rowAt(offsets, top + viewport + overscan);
  const end = Math.min(count, last + 1);
  return {
    first,
    end,
    above: offsets[first] ?? 0,
    below: total - (offsets[end] ?? total),
    total,
  };
}
