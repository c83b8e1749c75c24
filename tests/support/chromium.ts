/**
 * Finds a Chromium for the browser tests: $CHROMIUM_PATH, then the system's, then Playwright's own.
 * These machines cannot download Playwright's browsers, so the system Chromium is the usual answer.
 */
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const SYSTEM_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
];

/** The flags a headless Chromium needs on a closed network, as root, without a GPU. */
export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function findChromium(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv !== undefined && fromEnv !== '' && existsSync(fromEnv)) return fromEnv;
  for (const candidate of SYSTEM_CANDIDATES) if (existsSync(candidate)) return candidate;
  const bundled = chromium.executablePath();
  if (existsSync(bundled)) return bundled;
  throw new Error(
    'No Chromium found: install one (Debian: apt-get install chromium; elsewhere: npx playwright install chromium) or set CHROMIUM_PATH.',
  );
}
