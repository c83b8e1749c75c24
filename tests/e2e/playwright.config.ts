/**
 * Browser end-to-end tests: the built renderer (out/renderer, from `npm run build`) in Chromium,
 * the real main-process core behind preload's bridge, fake FlowFuse servers over real HTTP.
 * Playwright cannot download browsers on every machine: findChromium() prefers the system one.
 */
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../support/chromium';

export default defineConfig({
  testDir: import.meta.dirname,
  testMatch: '*.spec.ts',
  globalSetup: './support/global-setup.ts',
  workers: 2,
  fullyParallel: true,
  timeout: 30_000,
  expect: { timeout: 8_000 },
  retries: 0,
  reporter: [['list']],
  outputDir: '../artifacts/e2e',
  use: {
    headless: true,
    viewport: { width: 400, height: 600 },
    deviceScaleFactor: 1,
    colorScheme: 'light',
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
  },
});
