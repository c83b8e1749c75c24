/**
 * A build step for the renderer (issue 30: a first script under 36 kB gzip): in Lit's html`…`
 * and svg`…` templates, each line break and the indentation after it become one space. Prettier
 * lays templates out one attribute and one element a line; the minifier keeps that text as it is
 * (a template's text is a string to it), and it was about 0.6 kB of the first script, gzipped.
 *
 * One space is what HTML makes of that whitespace anyway, wherever text is laid out normally; the
 * renderer has no <pre>, <textarea> or `white-space: pre*` element with a line break written in
 * its template (the log's pre-wrap lines are a hole's text, never the template's). A hole's
 * expression (`${…}`) is code, left as it is, and nested templates in it are done on their own.
 *
 * Written here rather than taken from a library: minify-html-literals is unmaintained. The
 * templates are found with TypeScript's own parser (the project's compiler), not a pattern, so a
 * backtick in a comment or a string is never taken for a template.
 */
import ts from 'typescript';
import type { Plugin } from 'vite';

const TAGS = new Set(['html', 'svg']);
const LINE_BREAK = /[ \t]*\r?\n\s*/g;

interface Edit {
  readonly start: number;
  readonly end: number;
}

/** The static text of each html`…`/svg`…` template in `source`, as [start, end) offsets. */
function templateTexts(source: string, fileName: string): Edit[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false);
  const texts: Edit[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isTaggedTemplateExpression(node) &&
      ts.isIdentifier(node.tag) &&
      TAGS.has(node.tag.text)
    ) {
      const template = node.template;
      if (ts.isNoSubstitutionTemplateLiteral(template)) {
        texts.push({ start: template.getStart(file) + 1, end: template.end - 1 });
      } else {
        // head: `…${   middle: }…${   tail: }…`
        texts.push({ start: template.head.getStart(file) + 1, end: template.head.end - 2 });
        for (const span of template.templateSpans) {
          const literal = span.literal;
          const close = ts.isTemplateTail(literal) ? 1 : 2;
          texts.push({ start: literal.getStart(file) + 1, end: literal.end - close });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return texts;
}

export function minifyHtmlTemplates(source: string, fileName = 'module.ts'): string {
  const texts = templateTexts(source, fileName).sort((a, b) => b.start - a.start);
  let out = source;
  for (const { start, end } of texts) {
    out = out.slice(0, start) + out.slice(start, end).replace(LINE_BREAK, ' ') + out.slice(end);
  }
  return out;
}

/** The Vite plugin: the renderer's own modules, at build time. */
export function minifyHtmlTemplatesPlugin(): Plugin {
  return {
    name: 'teamtray:minify-html-templates',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]renderer[\\/].*\.ts$/.test(id) || !/\b(?:html|svg)`/.test(code)) return null;
      return { code: minifyHtmlTemplates(code, id), map: null };
    },
  };
}
