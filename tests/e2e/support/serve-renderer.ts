/**
 * Serves the built renderer (out/renderer) to the page at http://teamtray.test/, with the CSP
 * header main sends in the app, so the test page runs under the same policy as the popover.
 */
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { Page } from '@playwright/test';
import { CONTENT_SECURITY_POLICY } from '../../../common/csp';

export const RENDERER_DIR = join(import.meta.dirname, '..', '..', '..', 'out', 'renderer');
export const APP_ORIGIN = 'http://teamtray.test';
export const APP_URL = `${APP_ORIGIN}/index.html`;

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

export async function serveRenderer(page: Page): Promise<void> {
  await page.route(`${APP_ORIGIN}/**`, async (route) => {
    const pathname = decodeURIComponent(new URL(route.request().url()).pathname);
    const file = normalize(join(RENDERER_DIR, pathname === '/' ? 'index.html' : pathname));
    if (!file.startsWith(RENDERER_DIR + sep)) {
      await route.fulfill({ status: 403, body: '' });
      return;
    }
    try {
      const body = await readFile(file);
      await route.fulfill({
        status: 200,
        body,
        headers: {
          'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
          'content-security-policy': CONTENT_SECURITY_POLICY,
          'x-content-type-options': 'nosniff',
        },
      });
    } catch {
      await route.fulfill({ status: 404, body: '' });
    }
  });
  // Nothing else may load: gravatar and any other host answer 404 so no test touches the network.
  await page.route(
    (url) => url.origin !== APP_ORIGIN,
    (route) => route.fulfill({ status: 404, body: '' }),
  );
}
