import { describe, expect, it } from 'vitest';
import { rowErrorText } from './error-help';

describe('rowErrorText', () => {
  it('points a refused token at the account header instead of repeating the sentence', () => {
    const sentence = 'a.example refused the token: token expired or revoked.';
    expect(rowErrorText({ code: 'unauthorized', message: sentence })).toBe(
      'Token refused: see Replace token above.',
    );
    expect(rowErrorText({ code: 'server_error', message: 'It broke.' })).toBe('It broke.');
  });
});
