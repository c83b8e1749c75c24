/**
 * The shortcut recorder's key presses, apart from the DOM: a keydown becomes Electron's
 * accelerator (`CommandOrControl+Shift+T`) and the words the user's keyboard uses for it.
 * Whether the combination is allowed is common/shortcut's call (checkShortcut), not this one's.
 */
import type { Platform } from './platform';
import { displayParts } from './shortcut-words';

/** The fields of a KeyboardEvent the recorder reads. */
export interface KeyPress {
  readonly key: string;
  readonly code: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  readonly shiftKey: boolean;
}

export type Recorded =
  /** Tab or Shift+Tab: focus moves on, as everywhere (neither could be a shortcut anyway). */
  | { readonly kind: 'pass' }
  /** Esc alone: stop recording, keep the shortcut as it was. */
  | { readonly kind: 'cancel' }
  /** Only modifiers so far ("Ctrl+Shift+…"): wait for the key. */
  | { readonly kind: 'modifiers'; readonly display: string }
  /** A key Electron has no name for (a numpad digit, a media key…). */
  | { readonly kind: 'unsupported'; readonly display: string }
  | { readonly kind: 'combo'; readonly accelerator: string; readonly display: string };

const MODIFIER_KEYS = new Set(['Control', 'Meta', 'Alt', 'AltGraph', 'Shift', 'OS', 'Super']);

/** Physical keys whose name does not depend on the layout, by KeyboardEvent.code. */
const NAMED_CODES: Readonly<Record<string, string>> = {
  Space: 'Space',
  Tab: 'Tab',
  Backspace: 'Backspace',
  Delete: 'Delete',
  Insert: 'Insert',
  Enter: 'Return',
  NumpadEnter: 'Return',
  ArrowUp: 'Up',
  ArrowDown: 'Down',
  ArrowLeft: 'Left',
  ArrowRight: 'Right',
  Home: 'Home',
  End: 'End',
  PageUp: 'PageUp',
  PageDown: 'PageDown',
  Escape: 'Escape',
  // Punctuation by position: with Shift or Option the character changes (= becomes +), the key
  // does not, and Electron names the unshifted one.
  Minus: '-',
  Equal: '=',
  BracketLeft: '[',
  BracketRight: ']',
  Backslash: '\\',
  Semicolon: ';',
  Quote: "'",
  Comma: ',',
  Period: '.',
  Slash: '/',
  Backquote: '`',
};

/** Electron's name for the key pressed, or null when it has none. */
export function keyName(press: Pick<KeyPress, 'key' | 'code'>): string | null {
  const named = NAMED_CODES[press.code];
  if (named !== undefined) return named;
  if (/^F([1-9]|1\d|2[0-4])$/.test(press.code)) return press.code;
  // A letter as the layout labels it (AZERTY's A sits where QWERTY has Q), while that is a
  // plain letter; with Option on a Mac it is not (⌥T types †), so then the key's position.
  if (/^[a-z]$/i.test(press.key)) return press.key.toUpperCase();
  const letter = /^Key([A-Z])$/.exec(press.code)?.[1];
  if (letter !== undefined) return letter;
  // Digits by position: Shift+1 types "!", and AZERTY types digits only with Shift.
  return /^Digit(\d)$/.exec(press.code)?.[1] ?? null;
}

/**
 * Electron's modifiers for what is held. The primary one becomes CommandOrControl (⌘ on a Mac,
 * Ctrl elsewhere), so a saved shortcut means the same keys if the settings move to another OS.
 * With Ctrl and ⌘ (or Super) both held, each is named as it is: CommandOrControl+Control would
 * be Ctrl alone on Windows and Linux (and CommandOrControl+Super ⌘ alone on a Mac), which
 * common/shortcut refuses for the keys every app uses.
 */
function modifiersOf(press: KeyPress, platform: Platform): string[] {
  const held: string[] = [];
  const both = press.ctrlKey && press.metaKey;
  if (both) held.push('Control', platform === 'mac' ? 'Command' : 'Super');
  else if (platform === 'mac' ? press.metaKey : press.ctrlKey) held.push('CommandOrControl');
  else if (press.ctrlKey) held.push('Control');
  else if (press.metaKey) held.push('Super');
  if (press.altKey) held.push('Alt');
  if (press.shiftKey) held.push('Shift');
  return held;
}

export function readKeyPress(press: KeyPress, platform: Platform): Recorded {
  const modifiers = modifiersOf(press, platform);
  const others = modifiers.filter((modifier) => modifier !== 'Shift');
  if (press.key === 'Tab' && others.length === 0) return { kind: 'pass' };
  if (press.key === 'Escape' && modifiers.length === 0) return { kind: 'cancel' };
  if (MODIFIER_KEYS.has(press.key)) {
    return { kind: 'modifiers', display: displayParts(modifiers, null, platform) };
  }
  const key = keyName(press);
  if (key === null) {
    const shown = press.key.length === 1 ? press.key.toUpperCase() : press.key;
    return { kind: 'unsupported', display: displayParts(modifiers, shown, platform) };
  }
  return {
    kind: 'combo',
    accelerator: [...modifiers, key].join('+'),
    display: displayParts(modifiers, key, platform),
  };
}
