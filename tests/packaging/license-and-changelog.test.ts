/**
 * The files package.json and About name: the LICENSE that `license` declares, and the CHANGELOG
 * that About › Release notes opens, with a section for the version About shows.
 */
import { describe, expect, it } from 'vitest';
import { appLinkUrl, HOMEPAGE } from '../../main/app-links';
import { loadPackageJson, readText } from './config';

describe('LICENSE and CHANGELOG', () => {
  it('LICENSE is the Apache License 2.0 that package.json declares', () => {
    expect(loadPackageJson().license).toBe('Apache-2.0');
    const text = readText('LICENSE');
    expect(text).toMatch(/^\s*Apache License\s+Version 2\.0, January 2004/);
    expect(text).toContain('END OF TERMS AND CONDITIONS');
  });

  it('About › Release notes opens CHANGELOG.md, which has a section for this version', () => {
    expect(appLinkUrl('releases')).toBe(`${HOMEPAGE}/blob/main/CHANGELOG.md`);
    const { version } = loadPackageJson();
    const headings = readText('CHANGELOG.md')
      .split('\n')
      .filter((line) => line.startsWith('## '));
    expect(headings[0]).toBe('## Unreleased');
    expect(headings.some((line) => line.startsWith(`## ${version} (`))).toBe(true);
  });
});
