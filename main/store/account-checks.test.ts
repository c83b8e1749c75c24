import { describe, expect, it } from 'vitest';
import { mayReuseToken } from './account-checks';

describe('mayReuseToken', () => {
  it.each([
    ['https://ff.example.com', 'https://ff.example.com', true],
    ['http://ff.lan', 'https://ff.lan', true],
    ['http://ff.lan:3000', 'https://ff.lan', true],
    ['https://ff.example.com', 'http://ff.example.com', false],
    ['https://ff.example.com', 'https://ff.example.com:8443', false],
    ['https://ff.example.com', 'https://other.example.com', false],
  ])('%s -> %s: %s', (saved, next, expected) => {
    expect(mayReuseToken(saved, next)).toBe(expected);
  });
});
