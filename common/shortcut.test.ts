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
    ['CommandOrControl+C', 'every app', 'editing'],
    ['Control+V', 'every app', 'editing'],
    ['Command+Z', 'every app', 'editing'],
    ['CommandOrControl+Tab', 'every app', 'editing'],
    ['Alt+Tab', 'system', 'system'],
    ['Alt+F4', 'system', 'system'],
    ['T', 'Add Control', 'modifier'],
    ['Shift+T', 'Add Control', 'modifier'],
    ['CommandOrControl+Shift', 'one key', 'shape'],
    ['CommandOrControl+T+Y', 'one key', 'shape'],
    ['CommandOrControl+Shift+Whatever', 'one key', 'shape'],
  ])('refuses %s (%s)', (raw, reason, rule) => {
    const check = checkShortcut(raw);
    expect(check.ok).toBe(false);
    if (!check.ok) {
      expect(check.reason).toContain(reason);
      expect(check.rule).toBe(rule);
    }
  });
});
