/**
 * TEAMTRAY_LIVE_TEAM names the team to rename: its id, its slug (the part after /team/ in the
 * browser's address bar), or that address itself. FlowFuse's web pages show the slug, never the id.
 */
export interface ListedTeam {
  readonly id: string;
  readonly slug: string;
  readonly name: string;
}

/** The slug inside a pasted team address (`https://app.flowfuse.com/team/acme/overview`), or the text. */
export function teamRefOf(text: string): string {
  const trimmed = text.trim();
  const inPath = /\/team\/([^/?#]+)/.exec(trimmed)?.[1];
  return inPath === undefined ? trimmed : decodeURIComponent(inPath);
}

/** The team the reference names, by id first, then by slug; null when it names none. */
export function findTeam(teams: readonly ListedTeam[], ref: string): ListedTeam | null {
  const wanted = teamRefOf(ref);
  return (
    teams.find((team) => team.id === wanted) ?? teams.find((team) => team.slug === wanted) ?? null
  );
}
