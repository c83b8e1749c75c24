/**
 * The `_electron` suite: the built app (out/, from `npm run build`) in a real Electron, against
 * the fake FlowFuse server. Where Electron's binary is absent every test is skipped with the
 * reason, and global-setup says so in one line.
 *
 * On Linux CI it needs a display: `xvfb-run -a npm run test:e2e:electron`.
 */
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: import.meta.dirname,
  testMatch: '*.spec.ts',
  globalSetup: './global-setup.ts',
  // One app at a time: each test file launches its own Electron with its own profile.
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  retries: 0,
  reporter: [['list']],
  outputDir: '../artifacts/electron',
});
