/** The npm scripts a fresh clone runs first: each builds what it needs before using it. */
import { describe, expect, it } from 'vitest';
import { loadPackageJson } from './config';

const scripts = loadPackageJson().scripts;

describe('package.json scripts on a fresh clone', () => {
  it.each(['start', 'test:live', 'bench'])('%s builds before it runs', (name) => {
    expect(scripts[name]).toMatch(/^npm run build && /);
  });

  it('starts through scripts/start.ts, which fetches a missing Electron binary first', () => {
    expect(scripts.start).toBe('npm run build && tsx scripts/start.ts');
  });
});
