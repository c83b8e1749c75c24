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
      crashed: 1,
      inError: 0,
      safeMode: 1,
      devices: 0,
      accounts: 1,
    });
    const counts = attentionCounts(accounts, { now: NOW, devices: true });
    expect(counts.devices).toBe(1);
    expect(attentionText(counts)).toBe(
      '1 instance crashed · 1 in safe mode · 1 device offline · 1 account needs a new token',
    );
  });

  it('names each kind of trouble: safe mode and error are not crashes', () => {
    const text = (states: string[]) =>
      attentionText(
        attentionCounts([{ status: 'ok', runtime: [team(states)] }], { now: NOW, devices: false }),
      );
    expect(text(['safe'])).toBe('1 instance in safe mode');
    expect(text(['safe', 'safe'])).toBe('2 instances in safe mode');
    expect(text(['error'])).toBe('1 instance in error');
    expect(text(['crashed', 'crashed'])).toBe('2 instances crashed');
    expect(text(['crashed', 'crashed', 'error', 'safe'])).toBe(
      '2 instances crashed · 1 in error · 1 in safe mode',
    );
    expect(text(['safe', 'error'])).toBe('1 instance in error · 1 in safe mode');
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
