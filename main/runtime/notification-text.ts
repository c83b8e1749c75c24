/**
 * Words for a desktop notification built from text other people chose: team members name
 * instances, devices and teams, and the server names the user. Control characters and bidi
 * controls are taken out (a line break becomes a space), so a name can neither add lines nor
 * reorder what is shown around it, and long text is clipped with an ellipsis. Escaping markup is
 * the Linux notifier's job (escapeMarkup), as only libnotify reads the body as markup.
 */

/** The longest name put in a notification, in characters: the verb after it stays visible. */
export const NAME_MAX = 48;
/** The longest title shown; macOS and Windows cut a title well before this anyway. */
export const TITLE_MAX = 80;
export const BODY_MAX = 200;

// Line breaks of every kind, tabs and form feeds: a name is one line.
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;
// C0 and C1 controls, DEL, and the bidi marks, embeddings, overrides and isolates
// (U+061C, U+200E/F, U+202A–U+202E, U+2066–U+2069).
// eslint-disable-next-line no-control-regex -- control characters are what it removes
const INVISIBLE = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** One line of plain text: no controls, no bidi controls, single spaces, trimmed. */
export function plainText(text: string): string {
  return text.replace(BREAKS, ' ').replace(INVISIBLE, '').replace(/ {2,}/g, ' ').trim();
}

/** At most `max` characters (code points), the last of them an ellipsis when cut. */
export function clip(text: string, max: number): string {
  let count = 0;
  // Code units of the first max - 1 characters: what is kept when the text is cut.
  let kept = 0;
  for (const char of text) {
    count += 1;
    if (count > max) return `${text.slice(0, kept).trimEnd()}…`;
    if (count < max) kept += char.length;
  }
  return text;
}

/** A name as a notification shows it: plain, one line, clipped. */
export function shownName(text: string): string {
  const plain = plainText(text);
  return plain === '' ? '(no name)' : clip(plain, NAME_MAX);
}

/** For a libnotify body, which daemons with `body-markup` read as markup: `&`, `<`, `>`. */
export function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
