import { describe, expect, it } from 'vitest';
import { checkShortcut } from '../../common/shortcut';
import { platformOf } from './platform';
import { displayAccelerator, refusalText } from './shortcut-words';

describe('a shortcut in the platform’s words', () => {
  it.each([
    [{ platform: 'MacIntel' }, 'mac'],
    [{ platform: 'Win32' }, 'windows'],
    [{ platform: 'Linux x86_64' }, 'linux'],
    // userAgentData, where there is one, is the newer and surer word.
    [{ platform: '', userAgentData: { platform: 'macOS' } }, 'mac'],
    [{ platform: 'Linux x86_64', userAgentData: { platform: 'Windows' } }, 'windows'],
  ])('%j is %s', (nav, platform) => {
    expect(platformOf(nav)).toBe(platform);
  });

  it.each([
    ['CommandOrControl+Shift+T', '⇧⌘T', 'Ctrl+Shift+T', 'Ctrl+Shift+T'],
    ['cmdorctrl+alt+space', '⌥⌘Space', 'Ctrl+Alt+Space', 'Ctrl+Alt+Space'],
    ['Control+Shift++', '⌃⇧+', 'Ctrl+Shift+Plus', 'Ctrl+Shift+Plus'],
    ['Alt+Super+F', '⌥⌘F', 'Win+Alt+F', 'Super+Alt+F'],
    ['Control+Alt+esc', '⌃⌥⎋', 'Ctrl+Alt+Esc', 'Ctrl+Alt+Esc'],
    ['CommandOrControl+Alt+PageDown', '⌥⌘⇟', 'Ctrl+Alt+PgDn', 'Ctrl+Alt+PgDn'],
  ])('%s: %s on a Mac, %s on Windows, %s on Linux', (accelerator, mac, windows, linux) => {
    expect(displayAccelerator(accelerator, 'mac')).toBe(mac);
    expect(displayAccelerator(accelerator, 'windows')).toBe(windows);
    expect(displayAccelerator(accelerator, 'linux')).toBe(linux);
  });

  it('shows an accelerator it cannot read as it is', () => {
    expect(displayAccelerator('Hyper+Q', 'linux')).toBe('Hyper+Q');
  });

  it('says why a combination is refused, naming it as shown', () => {
    const refusal = (accelerator: string) => {
      const check = checkShortcut(accelerator);
      if (check.ok) throw new Error(`${accelerator} was taken`);
      return check.rule;
    };
    expect(refusalText(refusal('CommandOrControl+C'), '⌘C', 'mac')).toBe(
      '⌘C is used by every app (copy, paste, save…): add Shift (⇧) or Option (⌥).',
    );
    expect(refusalText(refusal('Shift+T'), 'Shift+T', 'linux')).toBe(
      'Shift+T alone would stop you typing it: add Ctrl, Alt or Super.',
    );
    expect(refusalText(refusal('Alt+Tab'), 'Alt+Tab', 'windows')).toBe(
      'Alt+Tab belongs to the system: choose another.',
    );
    expect(refusalText(refusal('Control+Alt+E'), 'Ctrl+Alt+E', 'windows')).toBe(
      'Ctrl+Alt+E types a character on many keyboards (as AltGr does): use Shift or Win instead of Alt.',
    );
    expect(refusalText(refusal('CommandOrControl+Alt+T'), '⌥⌘T', 'mac')).toBe(
      '⌥⌘T is Ctrl+Alt on Windows, where it types a character on many keyboards: use ⇧ or ⌃ instead of ⌥.',
    );
    // ⌘ by any of Electron's names is ⌘.
    expect(refusalText(refusal('Meta+V'), '⌘V', 'mac')).toBe(
      '⌘V is used by every app (copy, paste, save…): add Shift (⇧) or Option (⌥).',
    );
  });
});
