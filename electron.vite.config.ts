import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';

const root = import.meta.dirname;

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
    build: {
      outDir: resolve(root, 'out/renderer'),
      target: 'chrome140',
      // electron-vite leaves output unminified by default; the renderer has a 40 KB gzip budget.
      minify: true,
      cssMinify: true,
      // The entry's chunks are named in index.html as modulepreload links (no inline polyfill:
      // the CSP has no 'unsafe-inline', and Chromium preloads modules itself).
      modulePreload: { polyfill: false },
      rollupOptions: { input: resolve(root, 'renderer/index.html') },
    },
  },
});
