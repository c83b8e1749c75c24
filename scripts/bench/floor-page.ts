/**
 * The first-paint floor: what a load costs before any of Teamtray's renderer runs. The same
 * harness as a popover load (a fresh context, preload's bridge in the page, the core's getState
 * answer staged as a clone, the same server and CSP), and a page whose one small script takes
 * that answer, writes one line and has it laid out. Whatever first_paint_ms_2000 spends above
 * this, in the same run, is the renderer's bundle and its work; the rest is Chromium and the
 * harness on this machine.
 *
 * The page's text only: the renderer server's thread serves it, ./floor-load.ts loads it.
 */

/** Set by the floor page once its line is laid out. */
export const FLOOR_MARK = 'bench:floor-laid-out';

/** Served at renderer-server's FLOOR_PAGE, with the renderer's own headers. */
export const FLOOR_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>floor</title>
    <script type="module" src="./floor.js"></script>
  </head>
  <body></body>
</html>
`;

/** Its script: the first getState (preload's prefetch), one line, a layout, the mark. */
export const FLOOR_SCRIPT = `const answer = await window.teamtray.getState();
const teams = answer.ok
  ? answer.value.state.accounts.reduce((sum, account) => sum + account.teams.length, 0)
  : -1;
document.body.textContent = teams + ' teams';
document.body.getBoundingClientRect();
performance.mark(${JSON.stringify(FLOOR_MARK)});
`;
