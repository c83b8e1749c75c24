/**
 * What a global shortcut may be. It works system-wide, so it must never take a combination
 * people use in every app (CommandOrControl+C would hijack copy everywhere) or one the OS owns.
 * Written in Electron's accelerator syntax (`CommandOrControl+Shift+T`): one or more modifiers,
 * then exactly one key.
 */
const MODIFIERS = new Map<string, string>([
  ['command', 'Command'],
  ['cmd', 'Command'],
  ['control', 'Control'],
  ['ctrl', 'Control'],
  ['commandorcontrol', 'CommandOrControl'],
  ['cmdorctrl', 'CommandOrControl'],
  ['alt', 'Alt'],
  ['option', 'Alt'],
  ['altgr', 'AltGr'],
  ['shift', 'Shift'],
  ['super', 'Super'],
  ['meta', 'Super'],
]);

const NAMED_KEYS = new Set([
  'space',
  'tab',
  'backspace',
  'delete',
  'insert',
  'return',
  'enter',
  'up',
  'down',
  'left',
  'right',
  'home',
  'end',
  'pageup',
  'pagedown',
  'escape',
  'esc',
  'plus',
]);

/** With only Control/Command, these are every app's copy, paste, undo, save, find, close… */
const EDITING = new Set('ACFNOPQRSTVWXYZ'.split(''));
const PRIMARY = new Set(['Command', 'Control', 'CommandOrControl']);

/**
 * Which rule refused a shortcut, so the recorder can say it in the platform's words (⌘C, Ctrl+C)
 * while main keeps `reason`, in Electron's.
 */
export type ShortcutRule = 'shape' | 'modifier' | 'editing' | 'system';

export type ShortcutCheck =
  | { readonly ok: true; readonly accelerator: string }
  | { readonly ok: false; readonly rule: ShortcutRule; readonly reason: string };

export function checkShortcut(raw: string): ShortcutCheck {
  const parts = raw.trim().split('+');
  // "CommandOrControl++" is the plus key.
  if (raw.trim().endsWith('++')) parts.splice(-2, 2, '+');
  const modifiers: string[] = [];
  const keys: string[] = [];
  for (const part of parts) {
    const modifier = MODIFIERS.get(part.toLowerCase());
    if (modifier !== undefined) {
      if (!modifiers.includes(modifier)) modifiers.push(modifier);
    } else keys.push(part);
  }
  const [key, ...more] = keys;
  if (key === undefined || more.length > 0 || !isKey(key)) {
    return {
      ok: false,
      rule: 'shape',
      reason: 'A shortcut is one or more modifiers and one key, e.g. CommandOrControl+Shift+T.',
    };
  }
  if (modifiers.length === 0 || (modifiers.length === 1 && modifiers[0] === 'Shift')) {
    return {
      ok: false,
      rule: 'modifier',
      reason: 'Add Control, Command, Alt or Super: a key alone would stop you typing it.',
    };
  }
  const upper = key.length === 1 ? key.toUpperCase() : key;
  const onlyPrimary = modifiers.length === 1 && PRIMARY.has(modifiers[0] ?? '');
  if (onlyPrimary && (EDITING.has(upper) || /^(tab|space)$/i.test(key))) {
    return {
      ok: false,
      rule: 'editing',
      reason: `${modifiers[0] ?? ''}+${upper} is used by every app (copy, paste, save…): add Shift or Alt.`,
    };
  }
  if (modifiers.length === 1 && modifiers[0] === 'Alt' && /^(tab|f4|space)$/i.test(key)) {
    return { ok: false, rule: 'system', reason: `Alt+${key} belongs to the system.` };
  }
  return { ok: true, accelerator: [...modifiers, upper].join('+') };
}

function isKey(key: string): boolean {
  if (/^[a-z0-9]$/i.test(key)) return true;
  if (/^f([1-9]|1\d|2[0-4])$/i.test(key)) return true;
  if (/^[`\-=[\]\\;',./+]$/.test(key)) return true;
  return NAMED_KEYS.has(key.toLowerCase());
}
