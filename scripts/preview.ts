/**
 * `npm run preview`: the built popover in a browser window, without Electron. The page is the real
 * out/renderer under the app's CSP; `window.teamtray` is preload's own createBridge; behind it runs
 * the real core (main's handlers, registry, vault, HTTP client) in this process, saved into a
 * folder of its own for this run, against the sample server (started here) or a server you name.
 * It is the browser tests' harness (tests/e2e/support) opened for a person, so it is not written
 * twice: what the preview shows is what the tests prove.
 *
 *   npm run preview                                     the sample server, a window 400 × 560
 *   npm run preview -- --dark --width 260               dark, narrow
 *   npm run preview -- --inbox                          the sample as FlowFuse 2.7+, with an inbox
 *   TEAMTRAY_PREVIEW_TOKEN=ffpat_… npm run preview -- --server URL    your own FlowFuse
 *
 * The token is read from the environment, never the command line: an argument stays in the shell's
 * history and is readable by every process on the machine (`ps`).
 *   npm run preview -- --screenshot popover.png         draws once, saves a PNG, exits (no display needed)
 *
 * Links the popover opens and notifications it raises are printed here, not opened.
 */
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { installBridge } from '../tests/e2e/support/bridge';
import { APP_URL, serveRenderer } from '../tests/e2e/support/serve-renderer';
import { SAMPLE_TOKEN, seedSample } from '../tests/fake-server/sample-data';
import { addSampleInbox, keepDevicesCallingHome } from '../tests/fake-server/sample-life';
import { startFakeFlowFuse, type FakeFlowFuse } from '../tests/fake-server/server';
import { CHROMIUM_ARGS, findChromium } from '../tests/support/chromium';
import { startTestCore } from '../tests/support/test-core';

const { values: options } = parseArgs({
  options: {
    server: { type: 'string' },
    token: { type: 'string' },
    width: { type: 'string', default: '400' },
    height: { type: 'string', default: '560' },
    dark: { type: 'boolean', default: false },
    screenshot: { type: 'string' },
    inbox: { type: 'boolean', default: false },
  },
});

function size(text: string, name: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 200 || value > 2000) {
    console.error(`preview: --${name} must be a whole number of pixels from 200 to 2000.`);
    process.exit(2);
  }
  return value;
}

const width = size(options.width, 'width');
const height = size(options.height, 'height');
if (options.token !== undefined) {
  console.error(
    'preview: a token on the command line stays in your shell history; set TEAMTRAY_PREVIEW_TOKEN instead.',
  );
  process.exit(2);
}
const ownToken = (process.env.TEAMTRAY_PREVIEW_TOKEN ?? '').trim();
if ((options.server === undefined) !== (ownToken === '')) {
  console.error(
    'preview: --server and TEAMTRAY_PREVIEW_TOKEN go together (or leave both out for the sample).',
  );
  process.exit(2);
}
const headless = options.screenshot !== undefined;
if (
  !headless &&
  process.platform === 'linux' &&
  !process.env.DISPLAY &&
  !process.env.WAYLAND_DISPLAY
) {
  console.error(
    'preview: no display here; run it under xvfb-run, or draw once with `npm run preview -- --screenshot popover.png`.',
  );
  process.exit(1);
}

let sample: FakeFlowFuse | null = null;
let stopCallingHome = (): void => undefined;
let server = options.server;
let token = ownToken;
if (server === undefined) {
  // As `npm run sample-server` (with `--inbox` as FlowFuse 2.7+ with an inbox).
  sample = await startFakeFlowFuse(
    options.inbox ? { port: 0, version: '2.7.0', notifications: true } : { port: 0 },
  );
  const { user } = seedSample(sample);
  if (options.inbox) addSampleInbox(sample, user);
  stopCallingHome = keepDevicesCallingHome(sample);
  server = sample.origin;
  token = SAMPLE_TOKEN;
}

// The app's own refresh and action timing, not the tests' quick ones.
const testCore = await startTestCore({ refreshOnStart: true });
const core = testCore.core;
const printed = { opened: 0, notified: 0 };
const echo = setInterval(() => {
  for (const url of testCore.shell.opened.slice(printed.opened)) console.log(`would open ${url}`);
  for (const shown of testCore.notifier.shown.slice(printed.notified)) {
    console.log(`would notify: ${shown.title}: ${shown.body}`);
  }
  printed.opened = testCore.shell.opened.length;
  printed.notified = testCore.notifier.shown.length;
}, 250);

const added = await core.dispatch('addAccount', { url: server, token });
if (!added.ok) {
  console.error(`preview: ${server} was not added: ${added.error.message}`);
  await shutDown(null);
  process.exit(1);
}

const browser = await chromium.launch({
  executablePath: findChromium(),
  headless,
  args: CHROMIUM_ARGS.filter((flag) => headless || !flag.startsWith('--headless')),
});
const page = await browser.newPage({
  viewport: { width, height },
  colorScheme: options.dark ? 'dark' : 'light',
});
// tsx keeps function names with a `__name` helper that the page lacks; the bridge's source
// crosses as text (as scripts/bench/popover-load.ts does for the same reason).
await page.addInitScript('globalThis.__name ??= (fn) => fn;');
await serveRenderer(page);
await installBridge(page, core);
await page.goto(APP_URL);

if (options.screenshot !== undefined) {
  // Drawn once the account's teams are on screen; when none come, the picture shows why.
  const teams = page.locator('.row.team');
  await teams
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(() => undefined);
  await page.waitForTimeout(500);
  await page.screenshot({ path: options.screenshot });
  const drawn = await teams.count();
  console.log(
    `preview: saved ${options.screenshot} (${width} × ${height}, ${drawn} team rows, ${server})`,
  );
  await shutDown(browser);
  if (drawn === 0) {
    console.error(`preview: the popover listed no team; ${options.screenshot} shows what it said.`);
    process.exit(1);
  }
} else {
  console.log(`preview: the popover against ${server}; close the window or press Ctrl+C to stop.`);
  const stop = (): void => void shutDown(browser).then(() => process.exit(0));
  page.once('close', stop);
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

async function shutDown(opened: Browser | null): Promise<void> {
  clearInterval(echo);
  stopCallingHome();
  await opened?.close().catch(() => undefined);
  await testCore.close();
  await sample?.close();
}
