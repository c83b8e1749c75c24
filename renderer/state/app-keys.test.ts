import { describe, expect, it } from 'vitest';
import { appKeyAction, type AppKeyContext, type KeyLike } from './app-keys';

const list: AppKeyContext = {
  view: 'teams',
  hasAccounts: true,
  query: '',
  typing: false,
  inSearch: false,
  canUndo: false,
  hasInbox: true,
};
const press = (key: string, mods: Partial<KeyLike> = {}): KeyLike => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('appKeyAction', () => {
  it('/ searches from the list, and again from the search box (no slash typed there)', () => {
    expect(appKeyAction(press('/'), list)).toBe('search');
    expect(appKeyAction(press('/'), { ...list, typing: true, inSearch: true })).toBe('search');
    // In the rename editor or a form a slash is text.
    expect(appKeyAction(press('/'), { ...list, typing: true })).toBeNull();
    expect(appKeyAction(press('/'), { ...list, view: 'settings' })).toBeNull();
  });

  it('Ctrl+F and ⌘F search from anywhere in the list view', () => {
    expect(appKeyAction(press('f', { ctrlKey: true }), { ...list, typing: true })).toBe('search');
    expect(appKeyAction(press('F', { metaKey: true }), list)).toBe('search');
    expect(appKeyAction(press('f', { ctrlKey: true }), { ...list, hasAccounts: false })).toBeNull();
  });

  it('? shows the shortcuts, except while typing', () => {
    expect(appKeyAction(press('?', { shiftKey: true }), list)).toBe('shortcuts');
    expect(appKeyAction(press('?'), { ...list, view: 'settings' })).toBe('shortcuts');
    expect(appKeyAction(press('?'), { ...list, typing: true, inSearch: true })).toBeNull();
  });

  it('I opens the inbox where there is one, Q turns quiet hours on or off: from the list, never while typing', () => {
    expect(appKeyAction(press('i'), list)).toBe('inbox');
    expect(appKeyAction(press('I', { shiftKey: true }), list)).toBeNull();
    expect(appKeyAction(press('i'), { ...list, hasInbox: false })).toBeNull();
    expect(appKeyAction(press('q'), list)).toBe('quiet');
    expect(appKeyAction(press('q'), { ...list, typing: true, inSearch: true })).toBeNull();
    expect(appKeyAction(press('i'), { ...list, view: 'settings' })).toBeNull();
    expect(appKeyAction(press('q', { ctrlKey: true }), list)).toBeNull();
  });

  it('Ctrl+Z undoes only while the undo note shows, and never inside a text field', () => {
    expect(appKeyAction(press('z', { ctrlKey: true }), list)).toBeNull();
    expect(appKeyAction(press('z', { ctrlKey: true }), { ...list, canUndo: true })).toBe('undo');
    expect(
      appKeyAction(press('z', { metaKey: true }), { ...list, canUndo: true, typing: true }),
    ).toBeNull();
    expect(
      appKeyAction(press('z', { ctrlKey: true, shiftKey: true }), { ...list, canUndo: true }),
    ).toBeNull();
  });

  it('Esc goes back from a view, then clears the search, then closes', () => {
    expect(appKeyAction(press('Escape'), { ...list, view: 'edit' })).toBe('back');
    expect(appKeyAction(press('Escape'), { ...list, query: 'acme', typing: true })).toBe(
      'clear-search',
    );
    expect(appKeyAction(press('Escape'), list)).toBe('hide');
  });

  it('Esc leaves Settings even before the first account, but closes the first-run form', () => {
    const first = { ...list, hasAccounts: false };
    expect(appKeyAction(press('Escape'), { ...first, view: 'settings' })).toBe('back');
    expect(appKeyAction(press('Escape'), { ...first, view: 'add' })).toBe('hide');
  });
});
