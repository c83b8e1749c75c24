import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_LINKS } from '../common/about';
import { HOMEPAGE, appLinkUrl } from './app-links';

describe('app links', () => {
  it("uses package.json's homepage", () => {
    const pkg = JSON.parse(
      readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8'),
    ) as {
      homepage: string;
    };
    expect(HOMEPAGE).toBe(pkg.homepage);
  });

  it.each(APP_LINKS)('%s is an https page under the homepage', (link) => {
    const url = new URL(appLinkUrl(link));
    expect(url.protocol).toBe('https:');
    expect(url.href.startsWith(HOMEPAGE)).toBe(true);
  });
});
