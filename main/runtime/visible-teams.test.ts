import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asAccountId, asTeamId } from '../../common/brand';
import { createVisibleTeams } from './visible-teams';

const ref = (teamId: string) => ({ accountId: asAccountId('a'), teamId: asTeamId(teamId) });

describe('teams on screen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup(fetchedAt: Map<string, number | null>) {
    const refreshed: string[] = [];
    const asked: boolean[] = [];
    const visible = createVisibleTeams({
      refreshTeam: (accountId, teamId, userAsked) => {
        refreshed.push(`${accountId}/${teamId}`);
        asked.push(userAsked);
        fetchedAt.set(`${accountId}/${teamId}`, Date.now());
        return Promise.resolve();
      },
      fetchedAt: (accountId, teamId) => fetchedAt.get(`${accountId}/${teamId}`) ?? null,
      now: () => Date.now(),
      intervalMs: 20_000,
    });
    return { visible, refreshed, asked };
  }

  it('reads at once the teams never read or older than the interval, then every 20 s', () => {
    const now = Date.now();
    const { visible, refreshed, asked } = setup(
      new Map([
        ['a/fresh', now],
        ['a/old', now - 60_000],
      ]),
    );
    visible.watch([ref('fresh'), ref('old'), ref('never')]);
    expect(refreshed).toEqual(['a/old', 'a/never']);
    vi.advanceTimersByTime(20_000);
    expect(refreshed.slice(2).sort()).toEqual(['a/fresh', 'a/never', 'a/old']);
    // Brought on screen: the user's lane; the reads every 20 s after: the background's.
    expect(asked).toEqual([true, true, false, false, false]);
    visible.dispose();
  });

  it('stops reading when the popover closes (an empty list)', () => {
    const { visible, refreshed } = setup(new Map());
    visible.watch([ref('t')]);
    visible.watch([]);
    vi.advanceTimersByTime(120_000);
    expect(refreshed).toEqual(['a/t']);
  });
});
