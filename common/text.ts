/** Rules about user and server text that every process applies the same way. */

// C0 controls, DEL and C1 controls: never part of a name, a label, a shortcut or a sentence.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS_ALL = /[\u0000-\u001f\u007f-\u009f]/g;

export function hasControlChars(text: string): boolean {
  return CONTROL_CHARS.test(text);
}

/** Each control character as a space (a pasted label with a line break stays one line). */
export function controlCharsAsSpaces(text: string): string {
  return text.replace(CONTROL_CHARS_ALL, ' ');
}

/** At most `max` code points, never half a surrogate pair. */
export function clipText(text: string, max: number): string {
  return text.length <= max ? text : Array.from(text).slice(0, max).join('');
}

/**
 * Marks, embeddings, overrides and isolates that reorder text (U+061C, U+200E/F, U+202A–E,
 * U+2066–9): "stopped by eve\u202Enimda" must not read "eveadmin".
 */
export const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/**
 * Invisible fillers that make a name look like another or like nothing: zero-width space, word
 * joiner and its invisible operators, the BOM, the Mongolian vowel separator and the Hangul
 * fillers. The joiners U+200C/D stay: scripts and emoji need them.
 */
const INVISIBLE_FILLERS = /[\u200b\u2060-\u2064\ufeff\u180e\u115f\u1160\u3164\uffa0]/g;
// Every C0 and C1 control and DEL but tab and line feed.
// eslint-disable-next-line no-control-regex
const CONTROLS_BUT_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

// Anything cleanServerText would change but the clip: most server text has none of it.
const NEEDS_CLEANING =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u061c\u115f\u1160\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2069\u3164\ufeff\uffa0]/;

/**
 * Text a server sent, as main keeps it (applied once, where it is parsed): bidi controls and
 * invisible fillers dropped, every control character a space (with `lines`, CRLF and CR read as
 * a line feed and line feeds and tabs kept), clipped to `max` code points. Shown as text only.
 */
export function cleanServerText(
  text: string,
  max: number,
  options: { lines?: boolean } = {},
): string {
  if (!NEEDS_CLEANING.test(text)) return clipText(text, max);
  const dropped = text.replace(BIDI_CONTROLS, '').replace(INVISIBLE_FILLERS, '');
  const spaced = options.lines
    ? dropped.replace(/\r\n?/g, '\n').replace(CONTROLS_BUT_LINES, ' ')
    : controlCharsAsSpaces(dropped);
  return clipText(spaced, max);
}
