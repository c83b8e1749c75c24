/** What About shows, and the names of Teamtray's own pages the renderer may ask main to open. */

export interface AboutInfo {
  readonly name: string;
  readonly version: string;
}

/** Teamtray's own pages: main maps each name to an address (main/app-links.ts). */
export const APP_LINKS = ['website', 'help', 'issues', 'releases'] as const;
export type AppLink = (typeof APP_LINKS)[number];
