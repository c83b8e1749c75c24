/**
 * Built sizes from out/: the renderer's JavaScript gzipped (level 9, what a size budget usually
 * means), main's and preload's JavaScript raw. kB is 1,000 bytes, as Vite prints it.
 *
 * The renderer's budget is for what the popover loads to open: the script index.html names and
 * every chunk it imports, statically, on and on. Settings, the account form and the dialogs are
 * imported when needed (renderer/components/lazy-parts.ts); all of it together is reported too.
 */
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const JS = /\.(?:js|mjs|cjs)$/;

export interface BuiltSizes {
  readonly renderer_js_gzip_kb: number;
  readonly renderer_js_all_gzip_kb: number;
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
  const gzipped = (bytes: Buffer): number => gzipSync(bytes, { level: 9 }).length;
  return {
    renderer_js_gzip_kb: await total(await firstLoad(join(outDir, 'renderer')), gzipped),
    renderer_js_all_gzip_kb: await total(renderer, gzipped),
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

/** A chunk's static imports (`import … from "./x.js"`), not its `import("./y.js")`. */
const STATIC_IMPORT =
  /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;

/** The script index.html loads and every chunk it imports statically, transitively. */
export async function firstLoad(rendererDir: string): Promise<string[]> {
  const html = await readFile(join(rendererDir, 'index.html'), 'utf8');
  const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  if (entry === undefined) throw new Error('out/renderer/index.html names no module script');
  const seen = new Set<string>();
  const queue = [resolve(rendererDir, entry)];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const code = await readFile(file, 'utf8');
    for (const match of code.matchAll(STATIC_IMPORT)) {
      const target = match[1];
      if (target !== undefined) queue.push(resolve(dirname(file), target));
    }
  }
  return [...seen].sort();
}
