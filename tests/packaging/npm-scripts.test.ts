/** The npm scripts a fresh clone runs first: each builds what it needs before using it. */
import { describe, expect, it } from 'vitest';
import { loadPackageJson } from './config';

const scripts = loadPackageJson().scripts;

describe('package.json scripts on a fresh clone', () => {
  // start first checks the Node version (scripts/check-node.mjs), then builds.
  it.each(['start', 'test:live', 'bench'])('%s builds before it runs', (name) => {
    expect(scripts[name]).toMatch(/^(node scripts\/check-node\.mjs && )?npm run build && /);
  });

  it('starts through scripts/start.ts, which fetches a missing Electron binary first', () => {
    expect(scripts.start).toBe(
      'node scripts/check-node.mjs && npm run build && tsx scripts/start.ts',
    );
  });

  it('lint also finds unused files, exports and dependencies (knip, configured in knip.jsonc)', () => {
    expect(scripts['lint:unused']).toBe('knip');
    expect(scripts.lint?.split(' && ')).toContain('npm run lint:unused');
  });

  it.each(['start', 'test', 'test:unit'])(
    '%s stops first on a Node older than engines.node (one line, scripts/check-node.mjs)',
    (name) => {
      expect(scripts[name]).toMatch(/^node scripts\/check-node\.mjs && /);
    },
  );
});
