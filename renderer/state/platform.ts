/**
 * Which OS the page runs on, as far as the page can tell: its own module so that what the first
 * screen needs of it (the ⌘ or Ctrl of mod-key.ts) does not bring the shortcuts' words and rules
 * into the popover's first script (issue 30).
 */
export type Platform = 'mac' | 'windows' | 'linux';

/** What the page can tell about the OS (navigator, or its userAgentData where there is one). */
export interface NavigatorLike {
  readonly platform: string;
  readonly userAgentData?: { readonly platform: string } | undefined;
}

export function platformOf(nav: NavigatorLike): Platform {
  const name = nav.userAgentData?.platform ?? nav.platform;
  if (/mac|iphone|ipad/i.test(name)) return 'mac';
  if (/win/i.test(name)) return 'windows';
  return 'linux';
}
