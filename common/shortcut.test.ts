import { describe, expect, it } from 'vitest';
import { checkShortcut, shortcutOn, type ShortcutPlatform } from './shortcut';

describe('global shortcuts', () => {
  it.each([
    ['CommandOrControl+Shift+T', 'CommandOrControl+Shift+T'],
    ['cmdorctrl+shift+t', 'CommandOrControl+Shift+T'],
    ['Alt+Super+F', 'Alt+Super+F'],
    ['Control+Alt+Space', 'Control+Alt+Space'],
    ['CommandOrControl+F12', 'CommandOrControl+F12'],
    ['Control+Shift++', 'Control+Shift++'],
    // Super and Meta are one flag: named twice, it is kept once.
    ['Super+Meta+Shift+K', 'Super+Shift+K'],
  ])('takes %s as %s', (raw, accelerator) => {
    expect(checkShortcut(raw)).toEqual({ ok: true, accelerator });
  });

  it.each([
    ['CommandOrControl+C', 'every app', 'editing'],
    ['Control+V', 'every app', 'editing'],
    ['Command+Z', 'every app', 'editing'],
    ['CommandOrControl+Tab', 'every app', 'editing'],
    // Copy and paste in Linux terminals; CommandOrControl is Control there.
    ['Control+Shift+C', 'terminals', 'editing'],
    ['CommandOrControl+Shift+V', 'terminals', 'editing'],
    ['Ctrl+Shift+v', 'terminals', 'editing'],
    ['Alt+Tab', 'system', 'system'],
    ['Alt+F4', 'system', 'system'],
    ['Control+Alt+Delete', 'system', 'system'],
    ['T', 'Add Control', 'modifier'],
    ['Shift+T', 'Add Control', 'modifier'],
    ['CommandOrControl+Shift', 'one key', 'shape'],
    ['CommandOrControl+T+Y', 'one key', 'shape'],
    ['CommandOrControl+Shift+Whatever', 'one key', 'shape'],
    // Electron folds these into the ⌘ (or Windows/Super) flag, the same as Command.
    ['Meta+V', 'every app', 'editing'],
    ['Super+C', 'every app', 'editing'],
    ['Command+CmdOrCtrl+V', 'every app', 'editing'],
    ['Control+CommandOrControl+C', 'every app', 'editing'],
    ['ctrl+Control+x', 'every app', 'editing'],
    // AltGr, and Ctrl+Alt (AltGr on Windows), type characters on European layouts.
    ['AltGr+E', 'types a character', 'typing'],
    ['AltGr+Shift+2', 'types a character', 'typing'],
    ['Control+Alt+E', 'types a character', 'typing'],
    ['Control+Alt+Shift+Q', 'types a character', 'typing'],
    ['CommandOrControl+Alt+7', 'types a character', 'typing'],
    ['Ctrl+Option+[', 'types a character', 'typing'],
  ])('refuses %s (%s)', (raw, reason, rule) => {
    const check = checkShortcut(raw);
    expect(check.ok).toBe(false);
    if (!check.ok) {
      expect(check.reason).toContain(reason);
      expect(check.rule).toBe(rule);
    }
  });
});

describe('a shortcut as Electron reads it on each platform', () => {
  it.each<[ShortcutPlatform, string, string]>([
    ['darwin', 'Meta+V', 'editing'],
    ['darwin', 'Super+C', 'editing'],
    ['darwin', 'Command+CmdOrCtrl+V', 'editing'],
    ['darwin', 'cmd+Command+Q', 'editing'],
    ['darwin', 'AltGr+E', 'typing'],
    ['win32', 'Control+CommandOrControl+C', 'editing'],
    ['win32', 'Control+Alt+E', 'typing'],
    ['win32', 'CmdOrCtrl+Alt+Q', 'typing'],
    ['win32', 'Meta+V', 'editing'],
    ['linux', 'Control+CommandOrControl+C', 'editing'],
    ['linux', 'Ctrl+CmdOrCtrl+V', 'editing'],
    ['linux', 'AltGr+L', 'typing'],
    ['linux', 'Super+C', 'editing'],
  ])('on %s refuses %s (%s)', (platform, raw, rule) => {
    expect(shortcutOn(raw, platform)).toMatchObject({ ok: false, rule });
    // What may be saved passes on every platform, so these never reach any of them.
    expect(checkShortcut(raw).ok).toBe(false);
  });

  it.each<[ShortcutPlatform, string, string]>([
    ['darwin', 'CommandOrControl+Shift+T', 'Shift+Command+T'],
    ['win32', 'CommandOrControl+Shift+T', 'Control+Shift+T'],
    ['linux', 'cmdorctrl+shift+t', 'Control+Shift+T'],
    ['linux', 'Alt+Meta+F', 'Alt+Super+F'],
    ['darwin', 'Alt+Super+F', 'Alt+Command+F'],
    // Two spellings of one flag are one flag.
    ['win32', 'Control+CommandOrControl+Shift+K', 'Control+Shift+K'],
    ['darwin', 'Control+CommandOrControl+T', 'Control+Command+T'],
    ['linux', 'Control+Shift++', 'Control+Shift++'],
    // Electron's different reading of the same string: fine on Windows, refused on a Mac.
    ['win32', 'Command+CmdOrCtrl+V', 'Control+Super+V'],
  ])('on %s reads %s as %s', (platform, raw, accelerator) => {
    expect(shortcutOn(raw, platform)).toEqual({ ok: true, accelerator });
  });
});
