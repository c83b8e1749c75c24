import { describe, expect, it } from 'vitest';
import { findMatch } from './highlight';

describe('findMatch', () => {
  it('finds the first occurrence whatever the case, as typed in the text', () => {
    expect(findMatch('Acme Production', ' PROD ')).toEqual({
      before: 'Acme ',
      match: 'Prod',
      after: 'uction',
    });
  });

  it('finds nothing for a blank query or a miss', () => {
    expect(findMatch('Acme', '  ')).toBeNull();
    expect(findMatch('Acme', 'zz')).toBeNull();
  });

  it('marks nothing where lower-casing changes the length', () => {
    expect(findMatch('İstanbul Lab', 'lab')).toBeNull();
  });

  it('keeps markup-like names as text pieces', () => {
    expect(findMatch('<img src=x onerror=alert(1)>', 'img')).toEqual({
      before: '<',
      match: 'img',
      after: ' src=x onerror=alert(1)>',
    });
  });
});
