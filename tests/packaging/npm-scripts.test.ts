/** The npm scripts a fresh clone runs first: each builds what it needs before using it. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPackageJson } from './config';

const ROOT = join(import.meta.dirname, '..', '..');

const scripts = loadPackageJson().scripts;

describe('package.json scripts on a fresh clone', () => {
  // start first checks the Node version (scripts/check-node.mjs), then builds.
  it.each(['start', 'preview', 'bench'])('%s builds before it runs', (name) => {
    expect(scripts[name]).toMatch(/^(node scripts\/check-node\.mjs && )?npm run build && /);
  });

  // The browser suites build in their global setup, so one spec run alone is never stale.
  it.each([
    ['test:e2e', 'tests/e2e/support/global-setup.ts'],
    ['test:live', 'tests/live/global-setup.ts'],
    ['test:e2e:electron', 'tests/electron/global-setup.ts'],
  ])('%s builds in its global setup (%s)', async (name, setup) => {
    expect(scripts[name]).toMatch(/^playwright test --config tests\/(e2e|live|electron)\//);
    const text = await readFile(join(ROOT, setup), 'utf8');
    expect(text).toMatch(/import \{ buildApp \} from '\.\.\/(\.\.\/)?support\/build-app';/);
    expect(text).toMatch(/buildApp\('tests\/(e2e|live|electron)'\)/);
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
