/**
 * Serves the built renderer (out/renderer) to the page at http://teamtray.test/, with the CSP
 * header main sends in the app, so the test page runs under the same policy as the popover.
 */
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { Page } from '@playwright/test';
import { CONTENT_SECURITY_POLICY } from '../../../common/csp';

export const RENDERER_DIR = join(import.meta.dirname, '..', '..', '..', 'out', 'renderer');
const APP_ORIGIN = 'http://teamtray.test';
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

export interface RendererFile {
  readonly status: 200 | 403 | 404;
  readonly body: Buffer;
  readonly headers: Readonly<Record<string, string>>;
}

/** One answer for a path under out/renderer, with the headers main's app:// handler sends. */
export async function rendererFile(pathname: string): Promise<RendererFile> {
  const file = normalize(join(RENDERER_DIR, pathname === '/' ? 'index.html' : pathname));
  if (!file.startsWith(RENDERER_DIR + sep)) {
    return { status: 403, body: Buffer.alloc(0), headers: {} };
  }
  try {
    return {
      status: 200,
      body: await readFile(file),
      headers: {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'content-security-policy': CONTENT_SECURITY_POLICY,
        'x-content-type-options': 'nosniff',
      },
    };
  } catch {
    return { status: 404, body: Buffer.alloc(0), headers: {} };
  }
}

export async function serveRenderer(page: Page): Promise<void> {
  await page.route(`${APP_ORIGIN}/**`, async (route) => {
    const answer = await rendererFile(decodeURIComponent(new URL(route.request().url()).pathname));
    await route.fulfill({ status: answer.status, body: answer.body, headers: answer.headers });
  });
  // Nothing else may load: gravatar and any other host answer 404 so no test touches the network.
  await page.route(
    (url) => url.origin !== APP_ORIGIN,
    (route) => route.fulfill({ status: 404, body: '' }),
  );
}
