import { describe, expect, it } from 'vitest';
import { looksLikeWebPage, pageTitle, webPageError } from './web-page';

describe('pageTitle', () => {
  it('reads the title as plain text: entities decoded, tags dropped, spaces folded', () => {
    expect(pageTitle('<html><head><title>Sign in</title></head></html>')).toBe('Sign in');
    expect(pageTitle('<TITLE lang="en">\n  Acme &amp; Co &#8211; <b>SSO</b>\n</TITLE>')).toBe(
      'Acme & Co – SSO',
    );
    expect(pageTitle('<title>&lt;script&gt; &#x41;&quot;</title>')).toBe('<script> A"');
  });

  it('is null for no title, an empty one, or one that may carry a secret', () => {
    expect(pageTitle('<h1>Error 401</h1>')).toBeNull();
    expect(pageTitle('<title>   </title>')).toBeNull();
    expect(pageTitle('<title>token ffpat_abc</title>')).toBeNull();
    expect(pageTitle('<title>a\u0007b</title>')).toBe('a b');
  });

  it('cuts a long title to 80 characters', () => {
    const title = pageTitle(`<title>${'x'.repeat(300)}</title>`);
    expect(title).toHaveLength(80);
    expect(title?.endsWith('…')).toBe(true);
  });
});

describe('looksLikeWebPage', () => {
  it('knows a page by its type or its first character', () => {
    expect(looksLikeWebPage('text/html; charset=utf-8', '')).toBe(true);
    expect(looksLikeWebPage(null, '  <!doctype html>')).toBe(true);
    expect(looksLikeWebPage('application/json', '{"a":1}')).toBe(false);
    expect(looksLikeWebPage('text/plain', 'hello')).toBe(false);
  });
});

describe('webPageError', () => {
  it('suggests a sign-in page or a proxy, with the status and the title as the detail', () => {
    const error = webPageError('ff.example.com', 200, '<title>Corp SSO</title>');
    expect(error.code).toBe('web_page');
    expect(error.message).toBe(
      'ff.example.com answered with a web page, not with FlowFuse’s API: a sign-in page or a proxy may stand in front of the server.',
    );
    expect(error.detail).toBe('HTTP 200, page title “Corp SSO”');
  });
});
