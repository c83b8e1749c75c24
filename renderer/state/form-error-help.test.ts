import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../common/errors';
import { helpFor, plainHttpAddress } from './form-error-help';

describe('plainHttpAddress', () => {
  it.each([
    ['127.0.0.1:8787', 'http://127.0.0.1:8787'],
    ['localhost:1880', 'http://localhost:1880'],
    ['  localhost:1880/team/acme ', 'http://localhost:1880'],
    ['https://ff.example.com:8443/x', 'http://ff.example.com:8443'],
    ['HTTPS://ff.example.com', 'http://ff.example.com'],
  ])('%s -> %s', (typed, expected) => {
    expect(plainHttpAddress(typed)).toBe(expected);
  });

  it.each(['http://127.0.0.1:8787', 'ftp://ff.example.com', '', 'exa mple'])(
    'offers nothing for %j',
    (typed) => {
      expect(plainHttpAddress(typed)).toBeNull();
    },
  );
});

describe('helpFor', () => {
  it('points an unknown host at the address, not at "Try again"', () => {
    expect(helpFor({ code: 'unknown_host', message: '' })).toEqual({
      title: 'Check the address',
      action: 'none',
      field: 'url',
    });
  });

  it('has a title for every code', () => {
    for (const code of ERROR_CODES) expect(helpFor({ code, message: '' }).title).not.toBe('');
  });
});
