import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { firstLoad } from './sizes';

let dir = '';
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

it('counts the entry and its static imports, transitively, and not what it imports later', async () => {
  dir = await mkdtemp(join(tmpdir(), 'teamtray-sizes-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(
    join(dir, 'index.html'),
    '<script type="module" crossorigin src="./assets/index-1.js"></script>',
  );
  const files: Record<string, string> = {
    'index-1.js': 'import{a as e}from"./store-2.js";const s=()=>import("./settings-3.js");',
    'store-2.js': 'import"./styles-4.js";export{x as a};',
    'settings-3.js': 'import{a}from"./store-2.js";',
    'styles-4.js': 'export const css=1;',
  };
  for (const [name, code] of Object.entries(files)) {
    await writeFile(join(dir, 'assets', name), code);
  }
  const loaded = (await firstLoad(dir)).map((file) => file.slice(dir.length + 1));
  expect(loaded).toEqual(['assets/index-1.js', 'assets/store-2.js', 'assets/styles-4.js']);
});
