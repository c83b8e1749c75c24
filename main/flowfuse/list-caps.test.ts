import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { addLeftOut, nameOfUnread, readList } from './list-caps';

const item = v.object({ id: v.string(), name: v.string() });

describe('readList', () => {
  it('keeps the readable items up to the cap, names the unread, counts the rest', () => {
    const raw = [
      { id: '1', name: 'one' },
      { id: 2, name: 'two' },
      { id: '3', name: 'three' },
      { id: '4', name: 'four' },
      null,
    ];
    expect(readList(item, raw, 2)).toEqual({
      items: [
        { id: '1', name: 'one' },
        { id: '3', name: 'three' },
      ],
      leftOut: { unread: ['two', 'number 5 in the list'], unreadCount: 2, more: 1 },
    });
  });

  it('keeps items up to a budget of JSON characters and counts the rest', () => {
    const raw = Array.from({ length: 10 }, (_, index) => ({
      id: `${index}`,
      name: 'x'.repeat(90),
    }));
    const one = JSON.stringify(raw[0]).length;
    const { items, leftOut } = readList(item, raw, 100, one * 4);
    expect(items).toHaveLength(4);
    expect(leftOut).toEqual({ unread: [], unreadCount: 0, more: 6 });
  });

  it('names at most three unread items, and says null when nothing was left out', () => {
    const raw = Array.from({ length: 10 }, (_, index) => ({ id: index }));
    const { leftOut } = readList(item, raw, 10);
    expect(leftOut).toEqual({ unread: ['id 0', 'id 1', 'id 2'], unreadCount: 10, more: 0 });
    expect(readList(item, [{ id: 'a', name: 'b' }], 10).leftOut).toBeNull();
  });
});

describe('nameOfUnread', () => {
  it('shows a name as one short line', () => {
    expect(nameOfUnread({ name: `Line\u0000one\nand\u202e ${'x'.repeat(100)}` }, 0)).toHaveLength(
      60,
    );
    expect(nameOfUnread({ name: 'a\nb' }, 0)).toBe('a b');
    expect(nameOfUnread({ name: '\u202egnp.exe' }, 0)).toBe('gnp.exe');
  });

  it('falls back to the id, then the place in the list', () => {
    expect(nameOfUnread({ name: '  ', id: 'abc' }, 0)).toBe('id abc');
    expect(nameOfUnread({ id: 7 }, 0)).toBe('id 7');
    expect(nameOfUnread([1, 2], 3)).toBe('number 4 in the list');
  });
});

describe('addLeftOut', () => {
  it('adds two reads', () => {
    const a = { unread: ['a', 'b'], unreadCount: 2, more: 1 };
    const b = { unread: ['c', 'd'], unreadCount: 2, more: 2 };
    expect(addLeftOut(a, b)).toEqual({ unread: ['a', 'b', 'c'], unreadCount: 4, more: 3 });
    expect(addLeftOut(null, b)).toBe(b);
    expect(addLeftOut(a, null)).toBe(a);
  });
});
