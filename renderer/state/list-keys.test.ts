import { describe, expect, it } from 'vitest';
import { PAGE_ROWS, keyTarget } from './list-keys';

describe('keyTarget', () => {
  it('moves one row with the arrows and stops at the last row', () => {
    expect(keyTarget('ArrowDown', 3, 10)).toBe(4);
    expect(keyTarget('ArrowDown', 9, 10)).toBe(9);
    expect(keyTarget('ArrowUp', 3, 10)).toBe(2);
  });

  it('leaves the list upwards from the first row (to the search box)', () => {
    expect(keyTarget('ArrowUp', 0, 10)).toBe('leave-top');
  });

  it('moves a page with PageUp and PageDown, clamped to the ends', () => {
    expect(keyTarget('PageDown', 0, 100)).toBe(PAGE_ROWS);
    expect(keyTarget('PageDown', 95, 100)).toBe(99);
    expect(keyTarget('PageUp', 20, 100)).toBe(20 - PAGE_ROWS);
    expect(keyTarget('PageUp', 3, 100)).toBe(0);
  });

  it('jumps to the ends with Home and End', () => {
    expect(keyTarget('Home', 42, 100)).toBe(0);
    expect(keyTarget('End', 0, 100)).toBe(99);
  });

  it('ignores every other key', () => {
    expect(keyTarget('Enter', 1, 10)).toBeUndefined();
    expect(keyTarget('a', 1, 10)).toBeUndefined();
  });
});
