import { describe, expect, it } from 'vitest';
import { AppError } from '../../common/errors';
import { isLoopbackHost, normalizeBaseUrl } from './base-url';

const strict = { allowHttp: false };

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return 'no error';
}

describe('normalizeBaseUrl', () => {
  it.each([
    ['app.flowfuse.com', 'https://app.flowfuse.com'],
    ['  https://app.flowfuse.com/  ', 'https://app.flowfuse.com'],
    ['https://app.flowfuse.com///', 'https://app.flowfuse.com'],
    ['https://ff.example.com/api/v1/user/teams', 'https://ff.example.com'],
    ['https://ff.example.com/team/dev-team/overview', 'https://ff.example.com'],
    ['HTTPS://FF.Example.COM:8443/', 'https://ff.example.com:8443'],
    ['https://ff.example.com:443', 'https://ff.example.com'],
    ['localhost:3000', 'https://localhost:3000'],
    ['http://localhost:3000/', 'http://localhost:3000'],
    ['http://127.0.0.1:4000/api/', 'http://127.0.0.1:4000'],
    ['http://[::1]:4000', 'http://[::1]:4000'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeBaseUrl(input, strict)).toBe(expected);
  });

  it.each([
    ['', 'invalid_url'],
    ['   ', 'invalid_url'],
    ['not a url', 'invalid_url'],
    ['ftp://ff.example.com', 'invalid_url'],
    ['https://user:pass@ff.example.com', 'invalid_url'],
    ['https://', 'invalid_url'],
    ['http://ff.example.com', 'insecure_http'],
    ['http://192.168.1.10:3000', 'insecure_http'],
  ])('refuses %j with %s', (input, code) => {
    expect(codeOf(() => normalizeBaseUrl(input, strict))).toBe(code);
  });

  it('accepts plain http for another host only with consent', () => {
    expect(normalizeBaseUrl('http://ff.lan:3000', { allowHttp: true })).toBe('http://ff.lan:3000');
  });
});

describe('isLoopbackHost', () => {
  it.each(['localhost', 'app.localhost', '127.0.0.1', '127.1.2.3', '[::1]', '::1'])(
    '%s is loopback',
    (host) => {
      expect(isLoopbackHost(host)).toBe(true);
    },
  );
  it.each(['example.com', '10.0.0.1', 'localhost.example.com', '128.0.0.1'])(
    '%s is not',
    (host) => {
      expect(isLoopbackHost(host)).toBe(false);
    },
  );
});

describe('link-local and metadata addresses', () => {
  it.each([
    '169.254.169.254',
    'http://169.254.169.254/latest/meta-data',
    '0xA9FEA9FE',
    '2852039166',
    '[fe80::1]',
    '[::ffff:169.254.169.254]',
    'metadata.google.internal',
    'metadata.google.internal.',
    '[fd00:ec2::254]',
    '100.100.100.200',
  ])('refuses %s before any request', (input) => {
    expect(() => normalizeBaseUrl(input, { allowHttp: true })).toThrow(
      expect.objectContaining({ code: 'invalid_url' }) as Error,
    );
  });

  it('still takes ordinary private and public addresses', () => {
    for (const input of ['10.0.0.5', '192.168.1.20:1880', 'ff.example.com', '[fd12::1]']) {
      expect(() => normalizeBaseUrl(input, { allowHttp: false })).not.toThrow();
    }
  });
});
