import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CustomScheme } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../../../common/csp';

const fake = vi.hoisted(() => ({
  schemes: [] as unknown[],
  handled: new Map<string, (request: Request) => Promise<Response>>(),
}));

vi.mock('electron', () => ({
  protocol: {
    registerSchemesAsPrivileged: (schemes: unknown[]) => fake.schemes.push(...schemes),
    handle: (scheme: string, handler: (request: Request) => Promise<Response>) =>
      fake.handled.set(scheme, handler),
  },
}));

const { createAppRequestHandler, handleAppProtocol, registerAppScheme, resolveInside } =
  await import('./app-protocol');

let base: string;
let root: string;
let serve: (request: Request) => Promise<Response>;

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'teamtray-protocol-'));
  root = join(base, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Teamtray</title>');
  writeFileSync(join(root, 'assets', 'index.js'), 'export {};');
  writeFileSync(join(root, 'assets', 'index.css'), 'body{}');
  writeFileSync(join(root, 'assets', 'logo.svg'), '<svg/>');
  writeFileSync(join(root, 'assets', 'inter.woff2'), 'font');
  writeFileSync(join(root, 'assets', 'blob.bin'), 'bytes');
  writeFileSync(join(base, 'secret.txt'), 'ffpat_not_for_the_page');
  mkdirSync(join(base, 'renderer-evil'));
  writeFileSync(join(base, 'renderer-evil', 'x.js'), 'evil');
  serve = createAppRequestHandler(root);
});
afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});

const get = (url: string, method = 'GET') => serve(new Request(url, { method }));

describe('app:// scheme registration', () => {
  it('is standard and secure, and grants nothing that weakens the page', () => {
    registerAppScheme();
    const [scheme] = fake.schemes as CustomScheme[];
    expect(scheme?.scheme).toBe('app');
    expect(scheme?.privileges).toMatchObject({ standard: true, secure: true });
    for (const risky of [
      'bypassCSP',
      'corsEnabled',
      'supportFetchAPI',
      'allowServiceWorkers',
      'allowExtensions',
    ] as const) {
      expect(scheme?.privileges?.[risky]).toBeFalsy();
    }
  });

  it('handles the app scheme with the file handler', () => {
    handleAppProtocol(root);
    expect(fake.handled.has('app')).toBe(true);
  });
});

describe('app:// handler', () => {
  it.each([
    ['app://teamtray/', 'text/html; charset=utf-8'],
    ['app://teamtray/index.html', 'text/html; charset=utf-8'],
    ['app://teamtray/assets/index.js', 'text/javascript; charset=utf-8'],
    ['app://teamtray/assets/index.css', 'text/css; charset=utf-8'],
    ['app://teamtray/assets/logo.svg', 'image/svg+xml'],
    ['app://teamtray/assets/inter.woff2', 'font/woff2'],
    ['app://teamtray/assets/blob.bin', 'application/octet-stream'],
  ])('serves %s as %s with the CSP header', async (url, mime) => {
    const response = await get(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(mime);
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('sends the CSP on errors too', async () => {
    const response = await get('app://teamtray/missing.js');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  });

  it.each([
    'app://teamtray/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
    'app://teamtray/%2E%2E%2Fsecret.txt',
    'app://teamtray/..%2fsecret.txt',
    'app://teamtray/..%2frenderer-evil/x.js',
    'app://teamtray/index.html%00.js',
    'app://teamtray/%E0%A4%A',
  ])('refuses to leave the renderer folder: %s', async (url) => {
    const response = await get(url);
    expect(response.status).toBe(403);
    expect(await response.text()).not.toContain('ffpat_');
  });

  // The URL parser folds `..` and `%2e%2e` segments before the handler sees them.
  it('never serves a file outside the folder, whatever the path', async () => {
    for (const url of [
      'app://teamtray/%2e%2e/secret.txt',
      'app://teamtray/%2e%2e/renderer-evil/x.js',
      'app://teamtray/../secret.txt',
      'app://teamtray/assets/../../secret.txt',
      'app://teamtray/..%5csecret.txt',
      'app://teamtray//secret.txt',
    ]) {
      const response = await get(url);
      expect(response.status).not.toBe(200);
      expect(await response.text()).not.toContain('ffpat_');
    }
  });

  it('answers only its own host and only GET and HEAD', async () => {
    expect((await get('app://elsewhere/index.html')).status).toBe(404);
    expect((await get('app://teamtray/index.html', 'POST')).status).toBe(405);
    const head = await get('app://teamtray/index.html', 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('resolveInside keeps paths inside the root', () => {
    expect(resolveInside(root, '/')).toBe(join(root, 'index.html'));
    expect(resolveInside(root, '/assets/index.js')).toBe(join(root, 'assets', 'index.js'));
    expect(resolveInside(root, '/%2e%2e/secret.txt')).toBeNull();
    expect(resolveInside(root, '/%2e%2e')).toBeNull();
  });
});
