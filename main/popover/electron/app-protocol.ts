/**
 * Serves the built renderer (out/renderer) on app://teamtray/ with protocol.handle: only files
 * under that folder, with their MIME type, and the CSP as a response header on every answer.
 */
import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { protocol } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../../../common/csp';
import { APP_HOST, APP_SCHEME } from '../app-origin';

/** Must run before the app is ready: Chromium reads scheme privileges at start-up. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      // standard: a real origin (app://teamtray) so relative URLs, ES modules and the sender
      // check work; secure: a secure context, like https. No bypassCSP, no CORS, no fetch API:
      // the page has no reason to fetch anything.
      privileges: { standard: true, secure: true, codeCache: true },
    },
  ]);
}

/** Call once the app is ready. */
export function handleAppProtocol(rootDir: string): void {
  protocol.handle(APP_SCHEME, createAppRequestHandler(rootDir));
}

const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
};

function mimeTypeFor(path: string): string {
  return MIME_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

function answer(status: number, body: string): Response {
  return new Response(body, {
    status,
    headers: { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
  });
}

/**
 * Resolves a request path inside rootDir, or null when it would leave it. The URL parser already
 * folds plain `..` segments; this catches the encoded ones (`%2e%2e%2f`, and `%5c` which is a
 * separator on Windows) that only appear once the path is decoded.
 */
export function resolveInside(rootDir: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const root = resolve(rootDir);
  const relative = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '');
  const target = resolve(root, relative);
  return target.startsWith(root + sep) ? target : null;
}

export function createAppRequestHandler(rootDir: string): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return answer(405, 'Method not allowed');
    }
    const url = new URL(request.url);
    if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return answer(404, 'Not found');
    const path = resolveInside(rootDir, url.pathname);
    if (path === null) return answer(403, 'Forbidden');
    let body: Buffer;
    try {
      body = await readFile(path);
    } catch {
      return answer(404, 'Not found');
    }
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
      status: 200,
      headers: {
        ...SECURITY_HEADERS,
        'Content-Type': mimeTypeFor(path),
        'Content-Length': String(body.byteLength),
      },
    });
  };
}
