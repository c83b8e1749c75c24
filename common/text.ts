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
