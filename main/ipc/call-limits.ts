/**
 * The limits on what the renderer can make main do to the outside world, one limiter per kind:
 * every probe of a server (adding an account, or changing its address or token, which verifies
 * against the server before anything is saved), every page opened in the browser or the file
 * manager, every refresh, log read and mark-read the page asks for, every device restart and
 * developer-mode change, and every copy to the clipboard. A compromised page must not use main to scan a network, to open tab after tab, to
 * hammer the saved servers or to fill the clipboard. Main's own refreshes and log reads (the
 * interval, waking up, the tray menu, an instance that crashed) are not counted.
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
  readonly logReads: LimitRule;
  readonly marks: LimitRule;
  readonly copies: LimitRule;
  readonly deviceActions: LimitRule;
  readonly bulk: LimitRule;
}

export const CALL_LIMITS: CallLimitRules = {
  /** Servers tried: 10 a minute (SECURITY.md). */
  probes: { max: 10, windowMs: 60_000, gapMs: 0 },
  /** Pages opened: one per click (a second apart; a double click is one), 10 a minute. */
  pages: { max: 10, windowMs: 60_000, gapMs: 1_000 },
  /** Refreshes asked for: a second apart (a double click is one), 10 a minute. */
  refreshes: { max: 10, windowMs: 60_000, gapMs: 1_000 },
  /**
   * Logs read when asked (the Log button, Try again): 20 a minute, a quarter second apart (the
   * same log again within 2 s is the one just read: runtime/instance-log-handlers.ts).
   */
  logReads: { max: 20, windowMs: 60_000, gapMs: 250 },
  /** Mark-read calls (one call may mark the whole inbox): 20 a minute. */
  marks: { max: 20, windowMs: 60_000, gapMs: 0 },
  /** Copies to the clipboard: the pages' rule (a double click is one copy), 10 a minute. */
  copies: { max: 10, windowMs: 60_000, gapMs: 1_000 },
  /**
   * Device restarts and mode changes: each reaches a machine in the field (a restart stops its
   * flows a moment), so a double click is one, and at most 10 a minute, a second apart.
   */
  deviceActions: { max: 10, windowMs: 60_000, gapMs: 1_000 },
  /**
   * Bulk actions (each up to 100 instances, main/bulk): a second apart (a double click is one),
   * 6 a minute, so a page cannot make main send more than 600 actions a minute.
   */
  bulk: { max: 6, windowMs: 60_000, gapMs: 1_000 },
};

export interface CallLimits {
  readonly probes: RateLimit;
  readonly pages: RateLimit;
  readonly refreshes: RateLimit;
  readonly logReads: RateLimit;
  readonly marks: RateLimit;
  readonly copies: RateLimit;
  readonly deviceActions: RateLimit;
  readonly bulk: RateLimit;
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
    logReads: createRateLimit({ ...all.logReads, now, what: 'log reads' }),
    marks: createRateLimit({ ...all.marks, now, what: 'notifications marked read' }),
    copies: createRateLimit({ ...all.copies, now, what: 'copies' }),
    deviceActions: createRateLimit({ ...all.deviceActions, now, what: 'device actions' }),
    bulk: createRateLimit({ ...all.bulk, now, what: 'bulk actions' }),
  };
}

/**
 * The shell the handlers get: opening a page (in the browser, or the log file in the file
 * manager) takes from the page limit first, and a copy from the copy limit, whichever handler
 * asks, so none can be missed. The same page or text again within the gap is a double click: it
 * opens or copies nothing, quietly.
 */
export function pageLimitedShell(shell: ShellPort, pages: RateLimit, copies: RateLimit): ShellPort {
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
    copyText(text) {
      return copies.take(text) ? shell.copyText(text) : Promise.resolve();
    },
    quit: () => {
      shell.quit();
    },
    applySettings: (next, previous) => shell.applySettings(next, previous),
  };
}
