import { describe, expect, it } from 'vitest';
import { rowAt, rowOffsets, rowWindow } from './row-window';

describe('row window', () => {
  const offsets = rowOffsets(Array.from({ length: 1000 }, () => 50));

  it('sums heights into offsets', () => {
    expect([...rowOffsets([10, 20, 30])]).toEqual([0, 10, 30, 60]);
  });

  it('finds the row under a y position', () => {
    expect(rowAt(offsets, 0)).toBe(0);
    expect(rowAt(offsets, 49)).toBe(0);
    expect(rowAt(offsets, 50)).toBe(1);
    expect(rowAt(offsets, -100)).toBe(0);
    expect(rowAt(offsets, 1e9)).toBe(999);
  });

  it('renders the viewport and a margin, and accounts for the rest', () => {
    const window = rowWindow(offsets, 5_000, 600, 100);
    expect(window).toEqual({
      first: 98,
      end: 115,
      above: 4_900,
      below: 50_000 - 5_750,
      total: 50_000,
    });
  });

  it('clamps a scroll position past the end of a list that just got shorter', () => {
    const short = rowOffsets([50, 50, 50]);
    expect(rowWindow(short, 10_000, 600, 100)).toEqual({
      first: 0,
      end: 3,
      above: 0,
      below: 0,
      total: 150,
    });
  });

  it('is empty for no rows', () => {
    expect(rowWindow(rowOffsets([]), 0, 600, 100)).toEqual({
      first: 0,
      end: 0,
      above: 0,
      below: 0,
      total: 0,
    });
  });
});
