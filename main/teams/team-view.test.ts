import { describe, expect, it } from 'vitest';
import { asAccountId, asOrigin } from '../../common/brand';
import type { ApiTeam } from '../flowfuse/types';
import { avatarUrl, teamPageUrl, toTeamView, tokenPageUrl } from './team-view';

const origin = asOrigin('https://ff.example.com');
const team: ApiTeam = {
  id: 't1',
  name: 'Dev',
  slug: 'dev team',
  avatar: '//www.gravatar.com/avatar/abc',
  type: { id: 'x', name: 'Starter' },
  role: 30,
  instanceCount: 2,
  memberCount: 3,
  deviceCount: null,
};

describe('toTeamView', () => {
  it('makes scheme-less avatars https and keeps the counts', () => {
    const view = toTeamView(asAccountId('i1'), origin, team);
    expect(view.avatarUrl).toBe('https://www.gravatar.com/avatar/abc');
    expect(view.typeName).toBe('Starter');
    expect(view.memberCount).toBe(3);
  });

  it('offers rename to owners only, with the reason otherwise', () => {
    const member = toTeamView(asAccountId('i1'), origin, team);
    expect(member.canRename).toBe(false);
    expect(member.renameBlockedReason).toContain('member');
    const owner = toTeamView(asAccountId('i1'), origin, { ...team, role: 50 });
    expect(owner.canRename).toBe(true);
    expect(owner.renameBlockedReason).toBeNull();
  });

  it('offers rename when the role is unknown, so the server can decide', () => {
    const view = toTeamView(asAccountId('i1'), origin, { ...team, role: null });
    expect(view.canRename).toBe(true);
  });
});

describe('avatarUrl', () => {
  it.each([
    ['/avatar/abc', 'https://ff.example.com/avatar/abc'],
    ['https://cdn.example.com/a.png', 'https://cdn.example.com/a.png'],
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
