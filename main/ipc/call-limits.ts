/**
 * The limits on what the renderer can make main do to the outside world, one limiter per kind:
 * every probe of a server (adding an account, or changing its address or token, which verifies
 * against the server before anything is saved), every page opened in the browser or the file
 * manager, and every refresh the page asks for. A compromised page must not use main to scan a
 * network, to open tab after tab, or to hammer the saved servers. Main's own refreshes (the
 * interval, waking up, the tray menu) are not counted.
 */
import type { ShellPort } from '../shell/port';
import { createRateLimit, type RateLimit } from '../base/rate-limit';

interface LimitRule {
  /** At most this many in any window... */
  readonly max: number;
  readonly windowMs: number;
  /** ...and none closer together than this. */
  readonly gapMs: number;
}

export interface CallLimitRules {
  readonly probes: LimitRule;
  readonly pages: LimitRule;
  readonly refreshes: LimitRule;
}

export const CALL_LIMITS: CallLimitRules = {
  /** Servers tried: 10 a minute (SECURITY.md). */
  probes: { max: 10, windowMs: 60_000, gapMs: 0 },
  /** Pages opened: one per click (a second apart; a double click is one), 10 a minute. */
  pages: { max: 10, windowMs: 60_000, gapMs: 1_000 },
  /** Refreshes asked for: a second apart (a double click is one), 10 a minute. */
  refreshes: { max: 10, windowMs: 60_000, gapMs: 1_000 },
};

export interface CallLimits {
  readonly probes: RateLimit;
  readonly pages: RateLimit;
  readonly refreshes: RateLimit;
}

export function createCallLimits(
  now: () => number,
  rules: Partial<CallLimitRules> = {},
): CallLimits {
  const all = { ...CALL_LIMITS, ...rules };
  return {
    probes: createRateLimit({ ...all.probes, now, what: 'servers tried' }),
    pages: createRateLimit({ ...all.pages, now, what: 'pages opened' }),
    refreshes: createRateLimit({ ...all.refreshes, now, what: 'refreshes' }),
  };
}

/**
 * The shell the handlers get: opening a page (in the browser, or the log file in the file
 * manager) takes from the page limit first, whichever handler asks, so none can be missed. The
 * same page again within the gap is a double click: it opens nothing, quietly.
 */
export function pageLimitedShell(shell: ShellPort, pages: RateLimit): ShellPort {
  return {
    openInBrowser(url) {
      return pages.take(url) ? shell.openInBrowser(url) : Promise.resolve();
    },
    showLogFile() {
      if (pages.take('the log file')) shell.showLogFile();
    },
    hideWindow: () => {
      shell.hideWindow();
    },
    copyText: (text) => shell.copyText(text),
    quit: () => {
      shell.quit();
    },
    applySettings: (next, previous) => shell.applySettings(next, previous),
  };
}
