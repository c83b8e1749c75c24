import { describe, expect, it } from 'vitest';
import { createNoticeBoard, MAX_NOTICES } from './notice-board';

function board() {
  let next = 0;
  return createNoticeBoard({ newId: () => `n${++next}` });
}

describe('MemoryNoticeBoard', () => {
  it('adds, lists and dismisses notices, telling listeners', () => {
    const notices = board();
    let changes = 0;
    notices.onChange(() => {
      changes += 1;
    });
    const first = notices.add({ level: 'warning', message: 'Settings file was reset.' });
    const second = notices.add({ level: 'info', message: 'Hello.' });
    expect(first).toEqual({ id: 'n1', level: 'warning', message: 'Settings file was reset.' });
    expect(notices.list()).toEqual([first, second]);
    notices.dismiss('n1');
    expect(notices.list()).toEqual([second]);
    notices.dismiss('unknown');
    expect(changes).toBe(3);
  });

  it('does not repeat a message already shown', () => {
    const notices = board();
    const first = notices.add({ level: 'warning', message: 'Same.' });
    expect(notices.add({ level: 'warning', message: 'Same.' })).toBe(first);
    expect(notices.list()).toHaveLength(1);
  });

  it('keeps the newest notices up to a cap', () => {
    const notices = board();
    for (let index = 0; index < MAX_NOTICES + 3; index += 1) {
      notices.add({ level: 'info', message: `Notice ${index}` });
    }
    const list = notices.list();
    expect(list).toHaveLength(MAX_NOTICES);
    expect(list[0]?.message).toBe('Notice 3');
  });

  it('hands out a copy, not its own list', () => {
    const notices = board();
    notices.add({ level: 'info', message: 'x' });
    (notices.list() as unknown[]).length = 0;
    expect(notices.list()).toHaveLength(1);
  });

  it('stops telling a listener that unsubscribed, and tells one added during a change only of the next', () => {
    const notices = board();
    let first = 0;
    let late = 0;
    const off = notices.onChange(() => {
      first += 1;
      off();
      notices.onChange(() => {
        late += 1;
      });
    });
    notices.add({ level: 'info', message: 'One.' });
    expect([first, late]).toEqual([1, 0]);
    notices.add({ level: 'info', message: 'Two.' });
    expect([first, late]).toEqual([1, 1]);
  });
});
