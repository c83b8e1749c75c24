import { describe, expect, it } from 'vitest';
import { attentionCounts, attentionText, needsUser } from './attention';
import type { TeamRuntime } from './runtime';

const NOW = 1_800_000_000_000;

function team(states: string[], lastSeen: (number | null)[] = []): TeamRuntime {
  return {
    teamId: 't',
    status: 'ok',
    fetchedAt: NOW,
    instances: {
      id: states.map((_, index) => `i${index}`),
      name: states.map((_, index) => `i${index}`),
      url: states.map(() => null),
      application: states.map(() => null),
      state: states,
      action: states.map(() => null),
    },
    devices: {
      id: lastSeen.map((_, index) => `d${index}`),
      name: lastSeen.map((_, index) => `d${index}`),
      lastSeenAt: lastSeen,
      state: lastSeen.map(() => 'running'),
      onlineStatus: lastSeen.map(() => null),
    },
  };
}

describe('attention', () => {
  it('counts crashed instances, offline devices when they count, and accounts needing a token', () => {
    const accounts = [
      {
        status: 'ok' as const,
        runtime: [team(['running', 'crashed', 'safe'], [NOW, NOW - 3_600_000, null])],
      },
      { status: 'unauthorized' as const, runtime: [] },
    ];
    expect(attentionCounts(accounts, { now: NOW, devices: false })).toEqual({
      instances: 2,
      devices: 0,
      accounts: 1,
    });
    const counts = attentionCounts(accounts, { now: NOW, devices: true });
    expect(counts.devices).toBe(1);
    expect(attentionText(counts)).toBe(
      '2 instances crashed · 1 device offline · 1 account needs a new token',
    );
  });

  it('is quiet when everything is fine', () => {
    const counts = attentionCounts([{ status: 'ok', runtime: [team(['running', 'stopped'])] }], {
      now: NOW,
      devices: true,
    });
    expect(needsUser(counts)).toBe(false);
    expect(attentionText(counts)).toBe('');
  });
});
