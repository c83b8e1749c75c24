import { describe, expect, it } from 'vitest';
import { asAccountId, asOrigin } from '../../common/brand';
import {
  DEFAULT_URL,
  addRequest,
  checkFields,
  consentAddress,
  firstInvalid,
  initialFields,
  movesServer,
  originOf,
  tokenPageRequest,
  updateRequest,
  type Fields,
} from './account-input';

const TOKEN = 'ffpat_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const saved = {
  id: asAccountId('5b3c1e5e-0000-4000-8000-000000000001'),
  origin: asOrigin('https://flowfuse.example.com'),
  label: 'Production',
};
const fields = (extra: Partial<Fields> = {}): Fields => ({
  url: 'https://flowfuse.example.com',
  label: '',
  token: TOKEN,
  ...extra,
});

describe('initialFields', () => {
  it('starts a new account at FlowFuse Cloud, and an existing one at its own server and label', () => {
    expect(initialFields(null)).toEqual({ url: DEFAULT_URL, label: '', token: '' });
    expect(initialFields(saved)).toEqual({ url: saved.origin, label: 'Production', token: '' });
  });
});

describe('checkFields', () => {
  it('passes a complete form', () => {
    expect(checkFields('add', fields(), null)).toEqual({});
  });

  it('asks for an address and a token when they are empty', () => {
    expect(checkFields('add', fields({ url: '  ', token: '' }), null)).toEqual({
      url: 'Enter the address of your FlowFuse server.',
      token: 'Paste an access token from FlowFuse.',
    });
  });

  it('refuses spaces inside the address or the token, not around them', () => {
    expect(checkFields('add', fields({ url: 'flow fuse.com' }), null).url).toBe(
      'An address cannot contain spaces.',
    );
    expect(checkFields('add', fields({ token: 'ffpat_abc def' }), null).token).toMatch(
      /^A token has no spaces/,
    );
    expect(
      checkFields('add', fields({ url: ' flowfuse.com ', token: ` ${TOKEN}\n` }), null),
    ).toEqual({});
  });

  it('keeps the saved token when an edit leaves the token blank', () => {
    expect(checkFields('edit', fields({ token: '' }), saved)).toEqual({});
  });

  it('asks for a new token when an edit moves the account to another server', () => {
    expect(
      checkFields('edit', fields({ url: 'https://other.example.com', token: '' }), saved).token,
    ).toBe('A new address needs its own token: paste one for that server.');
    expect(
      checkFields('edit', fields({ url: 'https://other.example.com', token: TOKEN }), saved),
    ).toEqual({});
  });

  it('checks only the token when only the token is replaced', () => {
    expect(checkFields('token', fields({ url: '', token: '' }), saved)).toEqual({
      token: 'Paste an access token from FlowFuse.',
    });
  });
});

describe('firstInvalid', () => {
  it('picks the topmost field at fault', () => {
    expect(firstInvalid({ token: 'x', url: 'y' })).toBe('url');
    expect(firstInvalid({ token: 'x' })).toBe('token');
    expect(firstInvalid({})).toBeUndefined();
  });
});

describe('originOf and movesServer', () => {
  it('reads an address as the browser would, https when no scheme is typed', () => {
    expect(originOf('flowfuse.example.com/team/acme')).toBe('https://flowfuse.example.com');
    expect(originOf('http://localhost:1880/')).toBe('http://localhost:1880');
    expect(originOf('http://')).toBe('http://');
  });

  it('keeps a server across a path, or an upgrade from http to https', () => {
    expect(movesServer('flowfuse.example.com/anything', saved)).toBe(false);
    expect(
      movesServer('https://flowfuse.example.com', {
        origin: asOrigin('http://flowfuse.example.com'),
      }),
    ).toBe(false);
    expect(movesServer('https://flowfuse.example.com:8443', saved)).toBe(true);
    expect(movesServer('http://flowfuse.example.com', saved)).toBe(true);
  });
});

describe('consentAddress', () => {
  it('is the saved server when only the token changes, else what was typed', () => {
    expect(consentAddress('token', fields({ url: 'x' }), saved)).toBe(saved.origin);
    expect(consentAddress('add', fields({ url: ' http://192.0.2.10 ' }), null)).toBe(
      'http://192.0.2.10',
    );
  });
});

describe('requests', () => {
  it('adds with trimmed fields, and leaves out an empty label and a consent not given', () => {
    expect(
      addRequest(fields({ url: ' flowfuse.example.com ', token: ` ${TOKEN} ` }), false),
    ).toEqual({ url: 'flowfuse.example.com', token: TOKEN });
    expect(addRequest(fields({ label: ' Home ' }), true)).toEqual({
      url: 'https://flowfuse.example.com',
      token: TOKEN,
      label: 'Home',
      allowHttp: true,
    });
  });

  it('updates only what changed', () => {
    const unchanged = fields({ url: `${saved.origin}/`, label: 'Production', token: '' });
    expect(updateRequest('edit', unchanged, saved, false)).toEqual({ id: saved.id });
    expect(
      updateRequest(
        'edit',
        fields({ url: 'https://other.example.com', label: '', token: TOKEN }),
        saved,
        false,
      ),
    ).toEqual({ id: saved.id, label: '', url: 'https://other.example.com', token: TOKEN });
  });

  it('replaces only the token in token mode, whatever the other fields hold', () => {
    expect(
      updateRequest('token', fields({ url: 'https://x.example', label: 'x' }), saved, true),
    ).toEqual({ id: saved.id, token: TOKEN, allowHttp: true });
  });

  it("opens the saved account's token page until its address is changed", () => {
    expect(tokenPageRequest('edit', fields(), saved, false)).toEqual({ accountId: saved.id });
    expect(
      tokenPageRequest('edit', fields({ url: 'https://other.example.com' }), saved, false),
    ).toEqual({ url: 'https://other.example.com', allowHttp: false });
    expect(tokenPageRequest('add', fields({ url: ' ' }), null, false)).toEqual({
      url: DEFAULT_URL,
      allowHttp: false,
    });
  });
});
