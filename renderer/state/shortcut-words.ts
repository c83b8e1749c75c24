/**
 * A global shortcut in the words of the user's platform: ⇧⌘T on a Mac (Apple's order: ⌃ ⌥ ⇧ ⌘),
 * Ctrl+Shift+T on Windows and Linux; and why one is refused, in the same words. Electron's
 * syntax (`CommandOrControl+Shift+T`) stays between the renderer and main.
 */
import { checkShortcut, type ShortcutRule } from '../../common/shortcut';
import type { Platform } from './platform';

/** Electron's modifier names (as checkShortcut writes them) in each platform's order and words. */
const MAC_MODIFIERS: readonly (readonly [string, string])[] = [
  ['Control', '⌃'],
  ['Alt', '⌥'],
  ['AltGr', '⌥'],
  ['Shift', '⇧'],
  ['Command', '⌘'],
  ['CommandOrControl', '⌘'],
  ['Super', '⌘'],
];

function otherModifiers(platform: Platform): readonly (readonly [string, string])[] {
  return [
    ['Super', platform === 'windows' ? 'Win' : 'Super'],
    ['Command', 'Command'],
    ['CommandOrControl', 'Ctrl'],
    ['Control', 'Ctrl'],
    ['Alt', 'Alt'],
    ['AltGr', 'AltGr'],
    ['Shift', 'Shift'],
  ];
}

const MAC_KEYS: Readonly<Record<string, string>> = {
  Return: '↩',
  Tab: '⇥',
  Backspace: '⌫',
  Delete: '⌦',
  Escape: '⎋',
  Up: '↑',
  Down: '↓',
  Left: '←',
  Right: '→',
  PageUp: '⇞',
  PageDown: '⇟',
  Home: '↖',
  End: '↘',
};

const OTHER_KEYS: Readonly<Record<string, string>> = {
  Return: 'Enter',
  Escape: 'Esc',
  PageUp: 'PgUp',
  PageDown: 'PgDn',
  // "+" joins the parts here, so the key itself needs its name.
  '+': 'Plus',
};

/** Modifiers (Electron's names), then the key or null while only modifiers are held. */
export function displayParts(
  modifiers: readonly string[],
  key: string | null,
  platform: Platform,
): string {
  const order = platform === 'mac' ? MAC_MODIFIERS : otherModifiers(platform);
  const words: string[] = [];
  for (const [name, word] of order) {
    if (modifiers.includes(name) && !words.includes(word)) words.push(word);
  }
  if (key === null) return platform === 'mac' ? `${words.join('')}…` : `${words.join('+')}+…`;
  const keyWord = (platform === 'mac' ? MAC_KEYS[key] : OTHER_KEYS[key]) ?? key;
  return platform === 'mac' ? [...words, keyWord].join('') : [...words, keyWord].join('+');
}

/** Electron's named keys, spelt one way (a hand-edited settings file may say "space"). */
const NAMED_KEYS = [
  'Space',
  'Tab',
  'Backspace',
  'Delete',
  'Insert',
  'Return',
  'Up',
  'Down',
  'Left',
  'Right',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'Escape',
];
const CANONICAL_KEYS = new Map<string, string>([
  ...NAMED_KEYS.map((name): [string, string] => [name.toLowerCase(), name]),
  // Electron's other spellings of the same keys.
  ['enter', 'Return'],
  ['esc', 'Escape'],
  ['plus', '+'],
]);

/** A saved accelerator as the user's keyboard labels it; one checkShortcut refuses, as it is. */
export function displayAccelerator(accelerator: string, platform: Platform): string {
  const check = checkShortcut(accelerator);
  if (!check.ok) return accelerator;
  const canonical = check.accelerator;
  const key = canonical.endsWith('++') ? '+' : (canonical.split('+').at(-1) ?? '');
  const modifiers = canonical.slice(0, -(key.length + 1)).split('+');
  return displayParts(modifiers, CANONICAL_KEYS.get(key.toLowerCase()) ?? key, platform);
}

/** The modifiers that make a key a shortcut, named the platform's way. */
const ADD_A_MODIFIER: { readonly [P in Platform]: string } = {
  mac: 'Command (⌘), Control (⌃) or Option (⌥)',
  windows: 'Ctrl, Alt or Win',
  linux: 'Ctrl, Alt or Super',
};

const ADD_ANOTHER: { readonly [P in Platform]: string } = {
  mac: 'Shift (⇧) or Option (⌥)',
  windows: 'Shift or Alt',
  linux: 'Shift or Alt',
};

/** Why a combination was refused, naming it as it was shown. */
export function refusalText(rule: ShortcutRule, shown: string, platform: Platform): string {
  switch (rule) {
    case 'shape':
      return 'That key cannot be part of a shortcut: try a letter, a digit or F1–F24.';
    case 'modifier':
      return `${shown} alone would stop you typing it: add ${ADD_A_MODIFIER[platform]}.`;
    case 'editing':
      return `${shown} is used by every app (copy, paste, save…): add ${ADD_ANOTHER[platform]}.`;
    case 'system':
      return `${shown} belongs to the system: choose another.`;
    case 'typing':
      return platform === 'mac'
        ? `${shown} is Ctrl+Alt on Windows, where it types a character on many keyboards: use ⇧ or ⌃ instead of ⌥.`
        : `${shown} types a character on many keyboards (as AltGr does): use Shift or ${platform === 'windows' ? 'Win' : 'Super'} instead of Alt.`;
  }
}
