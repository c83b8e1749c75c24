/**
 * `npm run test:live`: the popover against a real FlowFuse server. Adds the account, lists its
 * teams, renames TEAMTRAY_LIVE_TEAM and renames it back, checking each name through the API;
 * lists the team's instances, and stops and starts TEAMTRAY_LIVE_INSTANCE when it is set.
 * Skipped, and said so, when TEAMTRAY_LIVE_URL, TEAMTRAY_LIVE_TOKEN or TEAMTRAY_LIVE_TEAM is
 * unset; the instance step alone when TEAMTRAY_LIVE_INSTANCE is.
 */
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../support/chromium';

export default defineConfig({
  testDir: import.meta.dirname,
  testMatch: '*.spec.ts',
  globalSetup: './global-setup.ts',
  workers: 1,
  fullyParallel: false,
  timeout: 120_000,
  expect: { timeout: 30_000 },
  retries: 0,
  reporter: [['list']],
  outputDir: '../artifacts/live',
  use: {
    headless: true,
    viewport: { width: 400, height: 600 },
    // No traces: the add-account step types the real token, and a trace records what is typed.
    trace: 'off',
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
  },
});
