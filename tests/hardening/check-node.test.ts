/** scripts/check-node.mjs: an old Node stops `npm start` and the tests with one line. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SCRIPT = join(import.meta.dirname, '..', '..', 'scripts', 'check-node.mjs');

/** Runs the check as if on Node `version` (the script reads an override for this test). */
const run = (version?: string) =>
  spawnSync(process.execPath, [SCRIPT], {
    env: { ...process.env, TEAMTRAY_CHECK_NODE_VERSION: version ?? '' },
    encoding: 'utf8',
  });

describe('check-node', () => {
  it.each(['20.19.0', '22.11.9', 'v18.20.4'])('stops Node %s with one line', (version) => {
    const result = run(version);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('Node.js 22.12 or newer is needed');
    expect(result.stderr).toContain(`this is Node.js ${version}`);
  });

  it.each(['22.12.0', '23.0.0', '24.1.0'])('lets Node %s through without a word', (version) => {
    const result = run(version);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
  });

  it('lets this Node through (it runs the tests)', () => {
    expect(run().status).toBe(0);
  });
});
