import { describe, expect, it } from 'vitest';
import { asOrigin } from '../../common/brand';
import { teamsOf } from '../../common/team-table';
import type { ApiTeam } from '../flowfuse/types';
import { commonBase, teamTableOf } from './team-table';

const ORIGIN = asOrigin('https://ff.example.com');

function team(id: string, overrides: Partial<ApiTeam> = {}): ApiTeam {
  return {
    id,
    name: `Team ${id}`,
    slug: `team-${id}`,
    avatar: `//www.gravatar.com/avatar/${id}?d=identicon`,
    type: { id: 'starter', name: 'Starter' },
    role: 50,
    instanceCount: 3,
    memberCount: 2,
    deviceCount: null,
    ...overrides,
  };
}

describe('teamTableOf', () => {
  it('round-trips every field the renderer shows', () => {
    const teams = [
      team('a'),
      team('b', { type: { id: 'ent', name: 'Enterprise' }, role: 10, avatar: null }),
      team('c', { type: null, avatar: '/avatar/c.png', instanceCount: null }),
    ];
    expect(teamsOf(teamTableOf(ORIGIN, teams))).toEqual([
      {
        id: 'a',
        name: 'Team a',
        slug: 'team-a',
        typeName: 'Starter',
        role: 50,
        avatarUrl: 'https://www.gravatar.com/avatar/a?d=identicon',
        instanceCount: 3,
        memberCount: 2,
        deviceCount: null,
      },
      {
        id: 'b',
        name: 'Team b',
        slug: 'team-b',
        typeName: 'Enterprise',
        role: 10,
        avatarUrl: null,
        instanceCount: 3,
        memberCount: 2,
        deviceCount: null,
      },
      {
        id: 'c',
        name: 'Team c',
        slug: 'team-c',
        typeName: null,
        role: 50,
        // Only Gravatar's avatars are shown (common/avatar-hosts.ts).
        avatarUrl: null,
        instanceCount: null,
        memberCount: 2,
        deviceCount: null,
      },
    ]);
  });

  it('sends each type name, and the start the avatars share, once', () => {
    const table = teamTableOf(ORIGIN, [team('a'), team('b'), team('c')]);
    expect(table.types).toEqual(['Starter']);
    expect(table.type).toEqual([0, 0, 0]);
    expect(table.avatarBase).toBe('https://www.gravatar.com/avatar/');
    expect(table.avatar).toEqual(['a?d=identicon', 'b?d=identicon', 'c?d=identicon']);
  });

  it('builds one table per list of teams, and another for another origin', () => {
    const teams = [team('a')];
    const first = teamTableOf(ORIGIN, teams);
    expect(teamTableOf(ORIGIN, teams)).toBe(first);
    expect(teamTableOf(ORIGIN, [team('a')])).not.toBe(first);
    expect(teamTableOf(asOrigin('https://other.example.com'), teams)).not.toBe(first);
  });
});

describe('commonBase', () => {
  it('cuts after the last slash the URLs share', () => {
    expect(commonBase(['https://g.com/avatar/abc', 'https://g.com/avatar/abd'])).toBe(
      'https://g.com/avatar/',
    );
    expect(commonBase(['https://g.com/avatar/abc'])).toBe('https://g.com/avatar/');
    expect(commonBase(['https://a.com/x', null, 'https://b.com/y'])).toBe('https://');
    expect(commonBase([null])).toBe('');
  });
});
