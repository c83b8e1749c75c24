/**
 * What a global shortcut may be. It works system-wide, so it must never take a combination
 * people use in every app (CommandOrControl+C would hijack copy everywhere), one the OS owns,
 * or one that types a character. Written in Electron's accelerator syntax
 * (`CommandOrControl+Shift+T`): one or more modifiers, then exactly one key.
 *
 * Electron does not keep the modifiers' names: it folds them into flags (its
 * `shell/common/keyboard_util.cc` and `accelerator_util.cc`). Cmd, Command, Meta and Super are
 * all the ⌘ flag (the Windows key, or Super, elsewhere); CommandOrControl is ⌘ on macOS and Ctrl
 * on Windows and Linux; a modifier named twice is one flag. So a shortcut is judged by the flags
 * it gives on a platform (`shortcutOn`), and a saved one must pass on every platform
 * (`checkShortcut`), since the settings mean the same keys wherever they are read.
 */

/** The platforms Teamtray runs on, as Node names them. */
export type ShortcutPlatform = 'darwin' | 'win32' | 'linux';
const SHORTCUT_PLATFORMS: readonly ShortcutPlatform[] = ['darwin', 'win32', 'linux'];

/** Electron's modifier flags: Command is ⌘ on macOS, the Windows key or Super elsewhere. */
type Flag = 'Control' | 'Alt' | 'AltGr' | 'Shift' | 'Command';
/** In the order Electron writes them (ui::Accelerator::GetShortcutText). */
const FLAG_ORDER: readonly Flag[] = ['Control', 'Alt', 'AltGr', 'Shift', 'Command'];

/** Each spelling Electron reads (case-insensitive), its canonical name, and its flag per OS. */
const MODIFIERS = new Map<string, { readonly name: string; readonly flag: 'CmdOrCtrl' | Flag }>([
  ['command', { name: 'Command', flag: 'Command' }],
  ['cmd', { name: 'Command', flag: 'Command' }],
  ['super', { name: 'Super', flag: 'Command' }],
  ['meta', { name: 'Super', flag: 'Command' }],
  ['control', { name: 'Control', flag: 'Control' }],
  ['ctrl', { name: 'Control', flag: 'Control' }],
  ['commandorcontrol', { name: 'CommandOrControl', flag: 'CmdOrCtrl' }],
  ['cmdorctrl', { name: 'CommandOrControl', flag: 'CmdOrCtrl' }],
  ['alt', { name: 'Alt', flag: 'Alt' }],
  ['option', { name: 'Alt', flag: 'Alt' }],
  ['altgr', { name: 'AltGr', flag: 'AltGr' }],
  ['shift', { name: 'Shift', flag: 'Shift' }],
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

/** With only Control or ⌘, these are every app's copy, paste, undo, save, find, close… */
const EDITING = new Set('ACFNOPQRSTVWXYZ'.split(''));

/**
 * Which rule refused a shortcut, so the recorder can say it in the platform's words (⌘C, Ctrl+C)
 * while main keeps `reason`, in Electron's. `typing`: AltGr, or Ctrl+Alt (which Windows reads
 * as AltGr), with a letter, digit or punctuation key types a character on many layouts (€, @, ł).
 */
export type ShortcutRule = 'shape' | 'modifier' | 'editing' | 'system' | 'typing';

export type ShortcutCheck =
  | { readonly ok: true; readonly accelerator: string }
  | { readonly ok: false; readonly rule: ShortcutRule; readonly reason: string };

type Refusal = Extract<ShortcutCheck, { ok: false }>;

interface Parsed {
  /** The modifiers as written, canonical names, each flag once per platform-independent name. */
  readonly names: readonly string[];
  readonly flags: readonly ('CmdOrCtrl' | Flag)[];
  /** The key: a single character upper-cased, a named key as written. */
  readonly key: string;
}

const PLATFORM_NAMES: Readonly<Record<ShortcutPlatform, string>> = {
  darwin: 'macOS',
  win32: 'Windows',
  linux: 'Linux',
};

/** Whether the shortcut may be saved: it must pass on every platform. Canonical names kept. */
export function checkShortcut(raw: string): ShortcutCheck {
  const parsed = parse(raw);
  if (!('key' in parsed)) return parsed;
  for (const platform of SHORTCUT_PLATFORMS) {
    const refusal = judge(parsed, platform);
    if (refusal !== null) return refusal;
  }
  return { ok: true, accelerator: [...parsed.names, parsed.key].join('+') };
}

/**
 * The shortcut as Electron will read it on `platform`: its flags, each once, in one spelling
 * (`Control+Shift+T` for CommandOrControl+Shift+T on Linux). That string is what main registers.
 */
export function shortcutOn(raw: string, platform: ShortcutPlatform): ShortcutCheck {
  const parsed = parse(raw);
  if (!('key' in parsed)) return parsed;
  const refusal = judge(parsed, platform);
  if (refusal !== null) return refusal;
  const words = [...flagsOn(parsed, platform)].map((flag) =>
    flag === 'Command' ? (platform === 'darwin' ? 'Command' : 'Super') : flag,
  );
  return { ok: true, accelerator: [...words, parsed.key].join('+') };
}

function parse(raw: string): Parsed | Refusal {
  const parts = raw.trim().split('+');
  // "CommandOrControl++" is the plus key.
  if (raw.trim().endsWith('++')) parts.splice(-2, 2, '+');
  const names: string[] = [];
  const flags: ('CmdOrCtrl' | Flag)[] = [];
  const keys: string[] = [];
  for (const part of parts) {
    const modifier = MODIFIERS.get(part.toLowerCase());
    if (modifier === undefined) keys.push(part);
    else if (!flags.includes(modifier.flag)) {
      // Command and Super are one flag everywhere: the second spelling adds nothing.
      names.push(modifier.name);
      flags.push(modifier.flag);
    }
  }
  const [key, ...more] = keys;
  if (key === undefined || more.length > 0 || !isKey(key)) {
    return {
      ok: false,
      rule: 'shape',
      reason: 'A shortcut is one or more modifiers and one key, e.g. CommandOrControl+Shift+T.',
    };
  }
  return { names, flags, key: key.length === 1 ? key.toUpperCase() : key };
}

/** The flags Electron sets on `platform`, each once, in Electron's order. */
function flagsOn(parsed: Parsed, platform: ShortcutPlatform): Set<Flag> {
  const set = new Set<Flag>();
  for (const flag of parsed.flags) {
    if (flag !== 'CmdOrCtrl') set.add(flag);
    else set.add(platform === 'darwin' ? 'Command' : 'Control');
  }
  return new Set(FLAG_ORDER.filter((flag) => set.has(flag)));
}

function judge(parsed: Parsed, platform: ShortcutPlatform): Refusal | null {
  const flags = flagsOn(parsed, platform);
  const { key } = parsed;
  const only = (flag: Flag): boolean => flags.size === 1 && flags.has(flag);
  const asRead = (): string => {
    const words = [...flags].map((flag) =>
      flag === 'Command' ? (platform === 'darwin' ? 'Command' : 'Super') : flag,
    );
    return [...words, key].join('+');
  };
  const written = [...parsed.names, key].join('+');
  const onPlatform = (): string => {
    const read = asRead();
    return read === written ? read : `${written} (${read} on ${PLATFORM_NAMES[platform]})`;
  };
  if (flags.size === 0 || only('Shift')) {
    return {
      ok: false,
      rule: 'modifier',
      reason: 'Add Control, Command, Alt or Super: a key alone would stop you typing it.',
    };
  }
  if ((only('Control') || only('Command')) && (EDITING.has(key) || /^(tab|space)$/i.test(key))) {
    return {
      ok: false,
      rule: 'editing',
      reason: `${onPlatform()} is used by every app (copy, paste, save…): add Shift or Alt.`,
    };
  }
  // Ctrl+Shift+C and V are copy and paste in every Linux terminal: one taken would eat them.
  const ctrlShift = flags.size === 2 && flags.has('Control') && flags.has('Shift');
  if (ctrlShift && /^[cv]$/i.test(key)) {
    return {
      ok: false,
      rule: 'editing',
      reason: `${onPlatform()} is copy or paste in terminals: add Alt, or choose another key.`,
    };
  }
  if (only('Alt') && /^(tab|f4|space)$/i.test(key)) {
    return { ok: false, rule: 'system', reason: `${onPlatform()} belongs to the system.` };
  }
  const ctrlAlt = flags.has('Control') && flags.has('Alt') && !flags.has('Command');
  if (ctrlAlt && flags.size === 2 && /^delete$/i.test(key)) {
    return { ok: false, rule: 'system', reason: `${onPlatform()} belongs to the system.` };
  }
  if ((flags.has('AltGr') || ctrlAlt) && isCharacterKey(key)) {
    return {
      ok: false,
      rule: 'typing',
      reason: `${onPlatform()} types a character on many keyboards (AltGr, which Windows also reads from Ctrl+Alt): use Shift or Super instead of Alt.`,
    };
  }
  return null;
}

/** A key that types something: a letter, a digit or punctuation. */
function isCharacterKey(key: string): boolean {
  return key.length === 1 || /^plus$/i.test(key);
}

function isKey(key: string): boolean {
  if (/^[a-z0-9]$/i.test(key)) return true;
  if (/^f([1-9]|1\d|2[0-4])$/i.test(key)) return true;
  if (/^[`\-=[\]\\;',./+]$/.test(key)) return true;
  return NAMED_KEYS.has(key.toLowerCase());
}
