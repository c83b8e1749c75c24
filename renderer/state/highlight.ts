/**
 * Where the search matched a name or a slug, so the row can mark it. The list filters with
 * lower-cased text (rows.ts); this finds the same place in the text as shown.
 */
export interface Match {
  readonly before: string;
  readonly match: string;
  readonly after: string;
}

/** The first case-insensitive occurrence of `query` in `text`, or null. */
export function findMatch(text: string, query: string): Match | null {
  const needle = query.trim().toLowerCase();
  if (needle === '') return null;
  const lower = text.toLowerCase();
  // A few letters change length when lower-cased (İ): the indices would not line up, so no mark.
  if (lower.length !== text.length) return null;
  const at = lower.indexOf(needle);
  if (at === -1) return null;
  return {
    before: text.slice(0, at),
    match: text.slice(at, at + needle.length),
    after: text.slice(at + needle.length),
  };
}
