import { describe, expect, it } from 'vitest';
import { asOrigin } from '../../common/brand';
import { avatarUrl, teamPageUrl, tokenPageUrl } from './team-view';

const origin = asOrigin('https://ff.example.com');
describe('avatarUrl', () => {
  it.each([
    ['//www.gravatar.com/avatar/abc', 'https://www.gravatar.com/avatar/abc'],
    ['https://secure.gravatar.com/avatar/abc', 'https://secure.gravatar.com/avatar/abc'],
    // Only Gravatar: anything else would be a tracking pixel (initials are shown instead).
    ['/avatar/abc', null],
    ['https://cdn.example.com/a.png', null],
    ['//www.gravatar.com.evil.example/avatar/abc', null],
    ['http://cdn.example.com/a.png', null],
    ['javascript:alert(1)', null],
    ['', null],
  ])('%s -> %s', (input, expected) => {
    expect(avatarUrl(input, origin)).toBe(expected);
  });
});

describe('page URLs', () => {
  it('builds team and token pages from the origin, escaping the slug', () => {
    expect(teamPageUrl(origin, 'dev team', 'overview')).toBe(
      'https://ff.example.com/team/dev%20team',
    );
    expect(teamPageUrl(origin, 'dev', 'settings')).toBe(
      'https://ff.example.com/team/dev/settings/general',
    );
    expect(tokenPageUrl(origin)).toBe('https://ff.example.com/account/security/tokens');
  });
});
