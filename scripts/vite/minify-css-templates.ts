/**
 * A build step for the renderer (issue 30: a first script under 36 kB gzip): the CSS in Lit's
 * css`…` templates loses its comments and the whitespace between rules, which no minifier of
 * JavaScript touches (a template's text is a string to it). The styles' comments alone were more
 * than 2.5 kB of the popover's first script, gzipped.
 *
 * Written here rather than taken from a library: the maintained CSS minifiers (lightningcss, which
 * Vite uses for .css files) take stylesheets, not templates inside TypeScript, and
 * minify-html-literals is unmaintained. What this does is deliberately little and safe for any
 * CSS: comments out, runs of whitespace made one space, none around `{`, `}`, `;` and `,`. A
 * template with a `${…}` hole is left alone, as is everything outside css`…`.
 */
import type { Plugin } from 'vite';

/** css`…` with no `${`: its text, escapes kept. */
const CSS_TEMPLATE = /\bcss`((?:[^`\\$]|\\[\s\S]|\$(?!\{))*)`/g;

export function minifyCss(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/ ?([{};,]) ?/g, '$1')
    .replace(/;}/g, '}')
    .trim();
}

export function minifyCssTemplates(source: string): string {
  return source.replace(CSS_TEMPLATE, (_match, body: string) => `css\`${minifyCss(body)}\``);
}

/** The Vite plugin: the renderer's own modules, at build time. */
export function minifyCssTemplatesPlugin(): Plugin {
  return {
    name: 'teamtray:minify-css-templates',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]renderer[\\/].*\.ts$/.test(id) || !code.includes('css`')) return null;
      return { code: minifyCssTemplates(code), map: null };
    },
  };
}
