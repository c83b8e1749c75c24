import { describe, expect, it } from 'vitest';
import { minifyCss, minifyCssTemplates } from './minify-css-templates';

describe('the CSS of css`…` templates, minified', () => {
  it('drops comments and the whitespace between rules, and keeps what the CSS means', () => {
    const css = `
      /* The list keeps its own place. */
      :host {
        display: block;
        overflow-anchor: none; /* no anchoring */
      }
      .row .name,
      .row:hover > .actions {
        width: calc(100% - 2rem);
        font-family: system-ui, sans-serif;
      }
      @media (prefers-color-scheme: dark) {
        .dot::after { content: '·'; }
      }
    `;
    expect(minifyCss(css)).toBe(
      ":host{display: block;overflow-anchor: none}.row .name,.row:hover > .actions{width: calc(100% - 2rem);font-family: system-ui,sans-serif}@media (prefers-color-scheme: dark){.dot::after{content: '·'}}",
    );
  });

  it('changes only css`…` templates without a hole, in a module’s source', () => {
    const source = [
      'const a = css`',
      '  /* a */',
      '  :host { display: block; }',
      '`;',
      'const b = css`:host { color: ${red}; }`;',
      'const c = html`<p>  two  spaces  </p>`;',
      "const d = '/* not CSS */';",
    ].join('\n');
    expect(minifyCssTemplates(source)).toBe(
      [
        'const a = css`:host{display: block}`;',
        'const b = css`:host { color: ${red}; }`;',
        'const c = html`<p>  two  spaces  </p>`;',
        "const d = '/* not CSS */';",
      ].join('\n'),
    );
  });
});
