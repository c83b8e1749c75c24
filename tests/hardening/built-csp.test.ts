/**
 * The built renderer (out/renderer), as it ships: its CSP meta is exactly common/csp.ts's policy,
 * the policy allows no inline script, no eval and no network from the page, and the page loads
 * nothing but its own files. `npm test` builds before it runs vitest; run `npm run build` first
 * when running this file alone. A missing build fails here: it is never skipped.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../common/csp';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = join(root, 'out', 'renderer');
const indexPath = join(outDir, 'index.html');

function builtHtml(): string {
  if (!existsSync(indexPath)) {
    throw new Error(
      'out/renderer/index.html is missing: run `npm run build` first (`npm test` builds before it tests).',
    );
  }
  return readFileSync(indexPath, 'utf8');
}

function directives(policy: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name !== undefined && name !== '') map.set(name, sources);
  }
  return map;
}

const UNSAFE = ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "'wasm-unsafe-eval'"];

describe('the built renderer (out/renderer/index.html)', () => {
  it('carries exactly the shared Content Security Policy, once', () => {
    const html = builtHtml();
    const metas = [
      ...html.matchAll(/<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/gi),
    ];
    expect(metas).toHaveLength(1);
    expect(metas[0]?.[1]).toBe(CONTENT_SECURITY_POLICY);
  });

  it('allows no inline script, no eval and no network from the page', () => {
    const policy = directives(CONTENT_SECURITY_POLICY);
    for (const unsafe of UNSAFE) expect(CONTENT_SECURITY_POLICY).not.toContain(unsafe);
    // No wildcard source anywhere (images may come from https: and data:, for avatars).
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/(^|\s)\*(\s|;|$)|'strict-dynamic'/);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('has no inline script, style or handler, and loads only its own files', () => {
    const html = builtHtml();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes = '', body = ''] of scripts) {
      expect(attributes).toMatch(/\ssrc="/);
      expect(body.trim()).toBe('');
    }
    expect(html).not.toMatch(/<style\b/i);
    expect(html).not.toMatch(/\sstyle=/i);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    const references = [...html.matchAll(/\s(?:src|href)="([^"]+)"/gi)].map(
      (match) => match[1] ?? '',
    );
    expect(references.length).toBeGreaterThan(0);
    for (const reference of references) {
      // Relative to the page (served from app://), and actually built.
      expect(reference).toMatch(/^\.\//);
      expect(existsSync(join(outDir, reference)), reference).toBe(true);
    }
  });

  it('ships no code that the policy would block (eval, new Function)', () => {
    builtHtml();
    const assets = join(outDir, 'assets');
    const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const name of scripts) {
      const code = readFileSync(join(assets, name), 'utf8');
      expect(code, name).not.toMatch(/\beval\s*\(|\bnew\s+Function\s*\(/);
    }
  });
});
