/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../common/csp';
import indexHtml from './index.html?raw';

describe('renderer/index.html', () => {
  it('carries exactly the shared Content Security Policy', () => {
    const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(indexHtml);
    expect(meta?.[1]).toBe(CONTENT_SECURITY_POLICY);
  });

  it('has no inline script or inline style', () => {
    expect(indexHtml).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(indexHtml).not.toMatch(/<style\b/);
    expect(indexHtml).not.toMatch(/\sstyle=/);
  });
});
