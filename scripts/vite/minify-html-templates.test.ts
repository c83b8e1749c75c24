import { describe, expect, it } from 'vitest';
import { minifyHtmlTemplates } from './minify-html-templates';

describe('the line breaks of html`…` and svg`…` templates, made one space', () => {
  it('makes each line break and its indentation one space, in the template’s text only', () => {
    const source = [
      'const a = html`<button',
      '    class="icon-btn"',
      '    @click=${() => {',
      '      go(1);',
      '    }}',
      '  >',
      '    ${icon}',
      '  </button>`;',
    ].join('\n');
    expect(minifyHtmlTemplates(source)).toBe(
      [
        'const a = html`<button class="icon-btn" @click=${() => {',
        '      go(1);',
        '    }} > ${icon} </button>`;',
      ].join('\n'),
    );
  });

  it('does a template nested in a hole on its own, and one with no hole', () => {
    const source = [
      'const b = html`<ul>',
      '  ${items.map((item) => html`<li>',
      '    ${item}',
      '  </li>`)}',
      '</ul>`;',
      'const c = svg`<path',
      '  d="M0 0"/>`;',
    ].join('\n');
    expect(minifyHtmlTemplates(source)).toBe(
      [
        'const b = html`<ul> ${items.map((item) => html`<li> ${item} </li>`)} </ul>`;',
        'const c = svg`<path d="M0 0"/>`;',
      ].join('\n'),
    );
  });

  it('leaves every other template, string and comment as it is', () => {
    const source = [
      '// html`a comment',
      '//   with a line break`',
      "const d = 'html`<p>';",
      'const e = `plain',
      '  text`;',
      'const f = css`:host {',
      '  color: red;',
      '}`;',
      'const g = html`<p>  two  spaces  </p>`;',
      'const h = html`<p>${`a',
      '  b`}</p>`;',
    ].join('\n');
    expect(minifyHtmlTemplates(source)).toBe(source);
  });
});
