import { describe, expect, it } from 'vitest';
import { checkShortcut } from '../../common/shortcut';
import { keyName, readKeyPress, type KeyPress } from './shortcut-keys';
import type { Platform } from './platform';

/** A keydown as Chromium reports it: `mods` is any of c (Ctrl), m (Meta/⌘), a (Alt), s (Shift). */
function press(key: string, code: string, mods = ''): KeyPress {
  return {
    key,
    code,
    ctrlKey: mods.includes('c'),
    metaKey: mods.includes('m'),
    altKey: mods.includes('a'),
    shiftKey: mods.includes('s'),
  };
}

describe('a key press becomes an accelerator', () => {
  it.each<[KeyPress, Platform, string, string]>([
    [press('T', 'KeyT', 'cs'), 'linux', 'CommandOrControl+Shift+T', 'Ctrl+Shift+T'],
    [press('T', 'KeyT', 'cs'), 'windows', 'CommandOrControl+Shift+T', 'Ctrl+Shift+T'],
    // ⌘ is the primary modifier on a Mac; the words follow Apple's order (⇧ before ⌘).
    [press('t', 'KeyT', 'ms'), 'mac', 'CommandOrControl+Shift+T', '⇧⌘T'],
    // ⌥ changes the character (⌥T types †); the key's position still says T.
    // Both held: each named, so the keys stay two on every OS (not Ctrl+T on Windows).
    [press('t', 'KeyT', 'cm'), 'mac', 'Control+Command+T', '⌃⌘T'],
    [press('t', 'KeyT', 'cm'), 'linux', 'Control+Super+T', 'Super+Ctrl+T'],
    [press('f', 'KeyF', 'am'), 'linux', 'Super+Alt+F', 'Super+Alt+F'],
    [press('f', 'KeyF', 'am'), 'windows', 'Super+Alt+F', 'Win+Alt+F'],
    // Shift+1 types "!": the digit is the key.
    [press('!', 'Digit1', 'cs'), 'linux', 'CommandOrControl+Shift+1', 'Ctrl+Shift+1'],
    // AZERTY: the key labelled A sits where QWERTY has Q; the label wins.
    [press('a', 'KeyQ', 'cs'), 'linux', 'CommandOrControl+Shift+A', 'Ctrl+Shift+A'],
    [press('+', 'Equal', 'cs'), 'linux', 'CommandOrControl+Shift+=', 'Ctrl+Shift+='],
    [press(' ', 'Space', 'ca'), 'linux', 'CommandOrControl+Alt+Space', 'Ctrl+Alt+Space'],
    [press('ArrowUp', 'ArrowUp', 'ms'), 'mac', 'CommandOrControl+Shift+Up', '⇧⌘↑'],
    [press('Enter', 'Enter', 'ca'), 'windows', 'CommandOrControl+Alt+Return', 'Ctrl+Alt+Enter'],
    [press('F12', 'F12', 'c'), 'linux', 'CommandOrControl+F12', 'Ctrl+F12'],
  ])('%j on %s is %s, shown as %s', (keys, platform, accelerator, display) => {
    expect(readKeyPress(keys, platform)).toEqual({ kind: 'combo', accelerator, display });
    // What the recorder sends, main's own check takes as it is.
    expect(checkShortcut(accelerator)).toEqual({ ok: true, accelerator });
  });

  it.each<[KeyPress, Platform, string, string]>([
    // ⌥ changes the character (⌥T types †); the key's position still says T.
    [press('†', 'KeyT', 'ma'), 'mac', 'CommandOrControl+Alt+T', '⌥⌘T'],
    [press('a', 'KeyQ', 'ca'), 'linux', 'CommandOrControl+Alt+A', 'Ctrl+Alt+A'],
  ])(
    '%j on %s is %s, shown as %s, which types a character elsewhere',
    (keys, platform, accelerator, display) => {
      expect(readKeyPress(keys, platform)).toEqual({ kind: 'combo', accelerator, display });
      // Ctrl+Alt is AltGr on Windows: main refuses it on every platform.
      expect(checkShortcut(accelerator)).toMatchObject({ ok: false, rule: 'typing' });
    },
  );

  it('waits for a key while only modifiers are held', () => {
    expect(readKeyPress(press('Shift', 'ShiftLeft', 'cs'), 'linux')).toEqual({
      kind: 'modifiers',
      display: 'Ctrl+Shift+…',
    });
    expect(readKeyPress(press('Meta', 'MetaLeft', 'm'), 'mac')).toEqual({
      kind: 'modifiers',
      display: '⌘…',
    });
  });

  it('lets Esc cancel and Tab move on; Ctrl+Tab is a combination (one checkShortcut refuses)', () => {
    expect(readKeyPress(press('Escape', 'Escape'), 'linux')).toEqual({ kind: 'cancel' });
    expect(readKeyPress(press('Tab', 'Tab'), 'linux')).toEqual({ kind: 'pass' });
    expect(readKeyPress(press('Tab', 'Tab', 's'), 'mac')).toEqual({ kind: 'pass' });
    const ctrlTab = readKeyPress(press('Tab', 'Tab', 'c'), 'linux');
    expect(ctrlTab).toMatchObject({ kind: 'combo', accelerator: 'CommandOrControl+Tab' });
    if (ctrlTab.kind === 'combo') expect(checkShortcut(ctrlTab.accelerator).ok).toBe(false);
  });

  it('hands a key alone or CommandOrControl+C to checkShortcut, which refuses them', () => {
    const alone = readKeyPress(press('t', 'KeyT'), 'linux');
    expect(alone).toEqual({ kind: 'combo', accelerator: 'T', display: 'T' });
    const copy = readKeyPress(press('c', 'KeyC', 'm'), 'mac');
    expect(copy).toEqual({ kind: 'combo', accelerator: 'CommandOrControl+C', display: '⌘C' });
    expect(checkShortcut('T')).toMatchObject({ ok: false, rule: 'modifier' });
    expect(checkShortcut('CommandOrControl+C')).toMatchObject({ ok: false, rule: 'editing' });
  });

  it('says which key has no name rather than inventing one', () => {
    expect(readKeyPress(press('1', 'Numpad1', 'ca'), 'linux')).toEqual({
      kind: 'unsupported',
      display: 'Ctrl+Alt+1',
    });
    expect(keyName({ key: 'AudioVolumeUp', code: 'AudioVolumeUp' })).toBeNull();
    expect(keyName({ key: 'ß', code: 'Minus' })).toBe('-');
  });
});
