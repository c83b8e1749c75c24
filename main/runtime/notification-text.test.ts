import { describe, expect, it } from 'vitest';
import { clip, escapeMarkup, NAME_MAX, plainText, shownName } from './notification-text';

describe('notification text', () => {
  it('turns every kind of line break into a space: a name is one line', () => {
    expect(plainText('line-1\ncrashed\r\nagain\u2028and\u2029more\u0085end\tok')).toBe(
      'line-1 crashed again and more end ok',
    );
  });

  it('drops C0 and C1 controls and DEL', () => {
    expect(plainText('a\u0000b\u0007c\u001Bd\u007Fe\u0080f\u009Bg')).toBe('abcdefg');
  });

  it('drops bidi marks, embeddings, overrides and isolates', () => {
    // "\u202Efdp.exe" shows as "exe.pdf" with the override.
    const bidi =
      'a\u200Eb\u200Fc\u202Ad\u202Be\u202Cf\u202Dg\u202Eh\u2066i\u2067j\u2068k\u2069l\u061Cm';
    expect(plainText(bidi)).toBe('abcdefghijklm');
    expect(plainText('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
  });

  it('keeps ordinary text, markup characters and other scripts as they are', () => {
    expect(plainText('R&D <b>Line</b> · Zürich 東京 שלום')).toBe(
      'R&D <b>Line</b> · Zürich 東京 שלום',
    );
  });

  it('clips by characters with an ellipsis, never splitting a surrogate pair', () => {
    expect(clip('abcdef', 6)).toBe('abcdef');
    expect(clip('abcdefg', 6)).toBe('abcde…');
    expect(clip('😀😀😀😀', 3)).toBe('😀😀…');
    expect(Array.from(clip('x'.repeat(10_000), 80))).toHaveLength(80);
  });

  it('shows a name plain, clipped, and never empty', () => {
    expect(shownName('\u202E\n\t')).toBe('(no name)');
    const long = shownName(`${'n'.repeat(500)}\ncrashed`);
    expect(Array.from(long)).toHaveLength(NAME_MAX);
    expect(long.endsWith('…')).toBe(true);
  });

  it('escapes &, < and > for a markup body', () => {
    expect(escapeMarkup('R&D <a href="https://x.example">click</a> <b>x</b>')).toBe(
      'R&amp;D &lt;a href="https://x.example"&gt;click&lt;/a&gt; &lt;b&gt;x&lt;/b&gt;',
    );
  });
});
