/**
 * A web page where FlowFuse's API should answer: most often a sign-in page (single sign-on, a
 * captive portal) or a proxy in front of the server. The add form and the list say it with the
 * same words; the page's title, read as plain text, is the "Details" line.
 */
import { AppError } from '../../common/errors';
import { clipText, controlCharsAsSpaces } from '../../common/text';

/** Only the start of a page is searched for its title. */
const TITLE_SEARCH_CHARS = 64 * 1024;
const TITLE_MAX_CHARS = 80;

const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

export function looksLikeWebPage(contentType: string | null, text: string): boolean {
  return /html/i.test(contentType ?? '') || /^\s*</.test(text);
}

/** The page's `<title>` as plain text, or null when it has none (or one that may hold a secret). */
export function pageTitle(html: string): string | null {
  const match = /<title[^>]*>([\s\S]*?)<\/title\s*>/i.exec(html.slice(0, TITLE_SEARCH_CHARS));
  if (match === null) return null;
  const text = controlCharsAsSpaces(decodeEntities((match[1] ?? '').replace(/<[^>]*>/g, '')))
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '' || /ffpat_|bearer/i.test(text)) return null;
  const chars = Array.from(text);
  return chars.length <= TITLE_MAX_CHARS ? text : `${clipText(text, TITLE_MAX_CHARS - 1)}…`;
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const hex = name[1] === 'x' || name[1] === 'X';
      const code = Number.parseInt(name.slice(hex ? 2 : 1), hex ? 16 : 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

export function webPageError(host: string, status: number, html: string): AppError {
  const title = pageTitle(html);
  return new AppError(
    'web_page',
    `${host} answered with a web page, not with FlowFuse’s API: a sign-in page or a proxy may stand in front of the server.`,
    { detail: `HTTP ${status}, ${title === null ? 'no page title' : `page title “${title}”`}` },
  );
}
