import { describe, expect, it } from 'vitest';
import { accountTitle, userAtHost } from './account-title';

const host = 'flowfuse.example.com';

describe('accountTitle', () => {
  it('uses the label, with the host beside it', () => {
    expect(accountTitle({ label: 'Production', username: 'ada', host })).toEqual({
      title: 'Production',
      showHost: true,
    });
  });

  it('names an unlabelled account by user and host, and does not show the host again', () => {
    expect(accountTitle({ label: '', username: 'ada', host })).toEqual({
      title: 'ada @ flowfuse.example.com',
      showHost: false,
    });
  });

  it('falls back to the host alone when the username is unknown', () => {
    expect(accountTitle({ label: '', username: null, host })).toEqual({
      title: host,
      showHost: false,
    });
  });

  it('treats a blank label as none', () => {
    expect(accountTitle({ label: '   ', username: 'ada', host }).title).toBe(
      'ada @ flowfuse.example.com',
    );
  });

  it('treats a label that is only the host as none, so the host never shows twice', () => {
    expect(accountTitle({ label: host, username: 'grace', host })).toEqual({
      title: 'grace @ flowfuse.example.com',
      showHost: false,
    });
  });

  it('tells two users of one server apart', () => {
    const ada = accountTitle({ label: '', username: 'ada', host }).title;
    const grace = accountTitle({ label: '', username: 'grace', host }).title;
    expect(ada).not.toBe(grace);
  });
});

describe('userAtHost', () => {
  it('joins the username and the host', () => {
    expect(userAtHost({ label: 'x', username: 'ada', host: '127.0.0.1:8787' })).toBe(
      'ada @ 127.0.0.1:8787',
    );
    expect(userAtHost({ label: 'x', username: '', host })).toBe(host);
  });
});
