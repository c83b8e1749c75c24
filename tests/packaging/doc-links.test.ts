/**
 * The README and docs/ link to their own headings (and Help opens one): each `#anchor` must name a
 * heading that exists, as GitHub spells anchors, so a renamed section cannot leave a dead link.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appLinkUrl } from '../../main/app-links';
import { readText, root } from './config';

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchors(path: string): Set<string> {
  const text = readText(path).replace(/```[\s\S]*?```/g, '');
  return new Set(
    text
      .split('\n')
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => anchorOf(line.replace(/^#+ /, ''))),
  );
}

const DOCS = [
  'README.md',
  'SECURITY.md',
  'CHANGELOG.md',
  ...readdirSync(join(root, 'docs'))
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file}`),
];

describe('links to headings', () => {
  it.each(DOCS)('every #anchor in %s names a heading', (path) => {
    const links = [...readText(path).matchAll(/\]\(([^)\s]*)#([^)\s]+)\)/g)];
    for (const [, file, anchor] of links) {
      if (file?.startsWith('http') === true) continue;
      const target =
        file === undefined || file === ''
          ? path
          : new URL(file, `file:///${path}`).pathname.slice(1);
      expect(anchors(target), `${path} → ${file ?? ''}#${anchor ?? ''}`).toContain(anchor);
    }
  });

  it('Help opens a heading of the README', () => {
    const anchor = new URL(appLinkUrl('help')).hash.slice(1);
    expect(anchors('README.md')).toContain(anchor);
  });
});
