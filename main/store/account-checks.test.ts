import { describe, expect, it } from 'vitest';
import { mayReuseToken } from './account-checks';

describe('mayReuseToken', () => {
  it.each([
    ['https://ff.example.com', 'https://ff.example.com', true],
    ['http://ff.lan', 'https://ff.lan', true],
    ['http://ff.lan', 'https://ff.lan:443', true],
    // The same port, or 80 to 443; never to another port (another service on the host).
    ['http://ff.lan:3000', 'https://ff.lan:3000', true],
    ['http://ff.lan:3000', 'https://ff.lan', false],
    ['http://ff.lan:1880', 'https://ff.lan:8443', false],
    ['http://ff.lan', 'https://ff.lan:8443', false],
    ['https://ff.example.com', 'http://ff.example.com', false],
    ['https://ff.example.com', 'https://ff.example.com:8443', false],
    ['https://ff.example.com', 'https://other.example.com', false],
  ])('%s -> %s: %s', (saved, next, expected) => {
    expect(mayReuseToken(saved, next)).toBe(expected);
  });
});
