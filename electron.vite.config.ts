import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import type { Rolldown } from 'vite';
import { minifyCssTemplatesPlugin } from './scripts/vite/minify-css-templates';
import { minifyHtmlTemplatesPlugin } from './scripts/vite/minify-html-templates';
import { noPreloadHelperPlugin } from './scripts/vite/no-preload-helper';

const root = import.meta.dirname;
const rendererEntry = resolve(root, 'renderer/main.ts');

type ManualChunks = NonNullable<Rolldown.OutputOptions['manualChunks']>;

/**
 * Every module the renderer's entry imports statically goes into the entry's own chunk, so the
 * popover's first paint waits for one script, not four: the modules it shares with the lazy parts
 * (the store, the icons) would otherwise be chunks of their own.
 */
function firstPaintChunk(): ManualChunks {
  let firstPaint: Set<string> | null = null;
  return (id, graph) => {
    if (firstPaint === null) {
      const found = new Set<string>();
      const visit = (moduleId: string): void => {
        if (found.has(moduleId)) return;
        found.add(moduleId);
        for (const imported of graph.getModuleInfo(moduleId)?.importedIds ?? []) visit(imported);
      };
      visit(rendererEntry);
      firstPaint = found;
    }
    return firstPaint.has(id) ? 'index' : undefined;
  };
}

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      lib: { entry: resolve(root, 'main/index.ts') },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot require anything but 'electron': bundle everything, emit CommonJS.
      externalizeDeps: false,
      lib: { entry: resolve(root, 'preload/index.ts'), formats: ['cjs'] },
      rollupOptions: { output: { entryFileNames: '[name].cjs' } },
    },
  },
  renderer: {
    root: resolve(root, 'renderer'),
    // The styles' CSS loses its comments and spaces, the templates their line breaks, and Vite's
    // preload helper is left out (issue 30's first script under 36 kB gzip).
    plugins: [minifyCssTemplatesPlugin(), minifyHtmlTemplatesPlugin(), noPreloadHelperPlugin()],
    build: {
      outDir: resolve(root, 'out/renderer'),
      target: 'chrome140',
      // electron-vite leaves output unminified by default; the renderer has a 40 KB gzip budget.
      minify: true,
      cssMinify: true,
      // No modulepreload: no inline polyfill (the CSP has no 'unsafe-inline'), and no preload
      // helper in the first script (issue 30): a lazy part's few chunks are read from the app's
      // own files, where fetching one after the other costs nothing worth its bytes.
      modulePreload: false,
      rollupOptions: {
        input: resolve(root, 'renderer/index.html'),
        output: { manualChunks: firstPaintChunk() },
        // @lit-labs/preact-signals says nothing of side effects, so importing its SignalWatcher
        // (from its one entry) kept its `watch` directive and lit-html's async-directive in the
        // first script, unused: both modules only define what they export (0.25 kB gzip).
        treeshake: {
          moduleSideEffects: [
            {
              test: /@lit-labs[\\/]preact-signals[\\/]lib[\\/](?:watch|html-tag)\.js$/,
              sideEffects: false,
            },
          ],
        },
      },
    },
  },
});
