import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { absentBecause } from './flowfuse-figures';

let dir = '';
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

it('says why FlowFuse cannot be measured: not installed, or another version', async () => {
  dir = await mkdtemp(join(tmpdir(), 'teamtray-flowfuse-'));
  expect(await absentBecause(dir)).toBe(
    `FlowFuse 2.4.0 is not installed at ${dir} (npm run test:contract installs it)`,
  );
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'package.json'), JSON.stringify({ version: '2.3.1' }));
  expect(await absentBecause(dir)).toBe(`${dir} holds FlowFuse 2.3.1, not 2.4.0`);
  await writeFile(join(dir, 'package.json'), JSON.stringify({ version: '2.4.0' }));
  expect(await absentBecause(dir)).toBeNull();
});
