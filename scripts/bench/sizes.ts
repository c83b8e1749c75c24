/**
 * Built sizes from out/: the renderer's JavaScript gzipped (level 9, what a size budget usually
 * means), main's and preload's JavaScript raw. kB is 1,000 bytes, as Vite prints it.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const JS = /\.(?:js|mjs|cjs)$/;

export interface BuiltSizes {
  readonly renderer_js_gzip_kb: number;
  readonly main_js_kb: number;
  readonly preload_js_kb: number;
}

export async function measureSizes(outDir: string): Promise<BuiltSizes> {
  const renderer = await jsFiles(join(outDir, 'renderer'));
  const main = await jsFiles(join(outDir, 'main'));
  const preload = await jsFiles(join(outDir, 'preload'));
  for (const [name, files] of [
    ['renderer', renderer],
    ['main', main],
    ['preload', preload],
  ] as const) {
    if (files.length === 0)
      throw new Error(`out/${name} holds no JavaScript: run "npm run build".`);
  }
  return {
    renderer_js_gzip_kb: await total(renderer, (bytes) => gzipSync(bytes, { level: 9 }).length),
    main_js_kb: await total(main, (bytes) => bytes.length),
    preload_js_kb: await total(preload, (bytes) => bytes.length),
  };
}

async function total(files: readonly string[], size: (bytes: Buffer) => number): Promise<number> {
  let bytes = 0;
  for (const file of files) bytes += size(await readFile(file));
  return bytes / 1000;
}

async function jsFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && JS.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}
