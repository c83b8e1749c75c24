import { describe, expect, it } from 'vitest';
import { clipText, controlCharsAsSpaces, hasControlChars } from './text';

describe('text rules', () => {
  it('finds C0, DEL and C1 controls, and nothing else', () => {
    for (const bad of ['a\u0000b', 'line\nbreak', 'tab\there', 'del\u007f', 'c1\u0085']) {
      expect(hasControlChars(bad)).toBe(true);
    }
    expect(hasControlChars('Überwachung Werk Nord 🚀')).toBe(false);
  });

  it('turns each control into a space', () => {
    expect(controlCharsAsSpaces('a\nb\u0000c')).toBe('a b c');
  });

  it('clips by code points, never half a surrogate pair', () => {
    expect(clipText('🚀🚀🚀', 2)).toBe('🚀🚀');
    expect(clipText('short', 10)).toBe('short');
  });
});
