import { describe, expect, it } from 'vitest';
import { checkShortcut } from './shortcut';

describe('global shortcuts', () => {
  it.each([
    ['CommandOrControl+Shift+T', 'CommandOrControl+Shift+T'],
    ['cmdorctrl+shift+t', 'CommandOrControl+Shift+T'],
    ['Alt+Super+F', 'Alt+Super+F'],
    ['Control+Alt+Space', 'Control+Alt+Space'],
    ['CommandOrControl+F12', 'CommandOrControl+F12'],
    ['Control+Shift++', 'Control+Shift++'],
  ])('takes %s as %s', (raw, accelerator) => {
    expect(checkShortcut(raw)).toEqual({ ok: true, accelerator });
  });

  it.each([
    ['CommandOrControl+C', 'every app'],
    ['Control+V', 'every app'],
    ['Command+Z', 'every app'],
    ['CommandOrControl+Tab', 'every app'],
    ['Alt+Tab', 'system'],
    ['Alt+F4', 'system'],
    ['T', 'Add Control'],
    ['Shift+T', 'Add Control'],
    ['CommandOrControl+Shift', 'one key'],
    ['CommandOrControl+T+Y', 'one key'],
    ['CommandOrControl+Shift+Whatever', 'one key'],
  ])('refuses %s (%s)', (raw, reason) => {
    const check = checkShortcut(raw);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.reason).toContain(reason);
  });
});
