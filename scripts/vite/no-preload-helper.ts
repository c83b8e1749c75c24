/**
 * A build step for the renderer (issue 30: a first script under 36 kB gzip): Vite wraps every
 * `import()` in its preload helper, which adds `<link rel="modulepreload">` for the chunk's own
 * imports and loads the CSS files it imports, and reports a failure as `vite:preloadError`. The
 * renderer has none of that to do: `modulePreload` is off (electron.vite.config.ts) and no lazy
 * chunk imports a CSS file (the styles are Lit's css`…` in the modules; global.css is linked by
 * index.html). Vite has no switch to leave the helper out, so its module is replaced here by the
 * one line it then amounts to: call the import. 0.66 kB of the first script, gzipped.
 *
 * Should a lazy chunk come to import CSS, the build fails here rather than the popover showing
 * an unstyled part.
 */
import type { Plugin } from 'vite';

const PRELOAD_HELPER = /^\0vite\/preload-helper\.js$/;

export function noPreloadHelperPlugin(): Plugin {
  return {
    name: 'teamtray:no-preload-helper',
    apply: 'build',
    enforce: 'pre',
    load: {
      filter: { id: PRELOAD_HELPER },
      handler() {
        return 'export const __vitePreload = (load) => load();';
      },
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || chunk.isEntry) continue;
        const css = chunk.viteMetadata?.importedCss;
        if (css !== undefined && css.size > 0) {
          this.error(
            `${chunk.fileName} imports CSS (${[...css].join(', ')}): the preload helper that loads it is left out (scripts/vite/no-preload-helper.ts)`,
          );
        }
      }
    },
  };
}
