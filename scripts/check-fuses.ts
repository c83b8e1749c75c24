/**
 * Fails when the fuses of a packaged app differ from electron-builder.yml. CI pipes the output
 * of `npx @electron/fuses read --app <app>` in:
 *
 *   npx @electron/fuses read --app release/linux-unpacked/teamtray | npx tsx scripts/check-fuses.ts
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { compareFuses, expectedFuses, parseFusesRead } from './fuses/compare-fuses';

const root = join(import.meta.dirname, '..');
const config = parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as {
  electronFuses?: Record<string, unknown>;
};
const expected = expectedFuses(config.electronFuses ?? {});
const read = parseFusesRead(readFileSync(0, 'utf8'));
const comparison = compareFuses(expected, read);
const problems = [...comparison.problems];

for (const line of comparison.unconfigured)
  console.log(`fuses: ${line} (not set by electron-builder.yml: Electron's default)`);
if (expected.size === 0) problems.push('electron-builder.yml sets no electronFuses');
if (problems.length > 0) {
  for (const problem of problems) console.error(`fuses: ${problem}`);
  process.exit(1);
}
console.log(`fuses: all ${expected.size} fuses set by electron-builder.yml are as configured`);
