import { describe, expect, it } from 'vitest';
import { attentionCounts, attentionText, needsUser } from './attention';
import { deviceOf, instanceOf, runtimeOf, tokenExpiring } from '../tests/support/state-builders';

const NOW = 1_800_000_000_000;

function team(states: string[], lastSeen: (number | null)[] = []) {
  return {
    runtime: runtimeOf({
      fetchedAt: NOW,
      instances: states.map((state, index) => instanceOf(`i${index}`, { state })),
      devices: lastSeen.map((lastSeenAt, index) =>
        deviceOf(`d${index}`, { lastSeenAt, state: 'running' }),
      ),
    }),
  };
}

const DAY = 24 * 60 * 60 * 1000;
describe('attention: tokens that expire soon (token health)', () => {
  it('counts a working token within 7 days of its expiry, not one further off or already refused', () => {
    const accounts = [
      { status: 'ok' as const, teams: [], tokenInfo: tokenExpiring(NOW + 3 * DAY) },
      { status: 'ok' as const, teams: [], tokenInfo: tokenExpiring(NOW + 8 * DAY) },
      { status: 'ok' as const, teams: [], tokenInfo: tokenExpiring(null) },
      { status: 'unauthorized' as const, teams: [], tokenInfo: tokenExpiring(NOW - DAY) },
    ];
    const counts = attentionCounts(accounts, { now: NOW, devices: false });
    expect(counts.tokensExpiring).toBe(1);
    expect(counts.accounts).toBe(1);
    expect(needsUser(counts)).toBe(true);
    expect(attentionText(counts)).toBe('1 account needs a new token · 1 token expires soon');
    const alone = attentionCounts(accounts.slice(0, 2), { now: NOW, devices: false });
    expect(needsUser(alone)).toBe(true);
    expect(attentionText(alone)).toBe('1 token expires soon');
  });
});

describe('attention', () => {
  it('counts crashed instances, offline devices when they count, and accounts needing a token', () => {
    const accounts = [
      {
        status: 'ok' as const,
        teams: [team(['running', 'crashed', 'safe'], [NOW, NOW - 3_600_000, null])],
      },
      { status: 'unauthorized' as const, teams: [] },
    ];
    expect(attentionCounts(accounts, { now: NOW, devices: false })).toEqual({
      instances: 2,
      crashed: 1,
      inError: 0,
      safeMode: 1,
      devices: 0,
      notUpdated: 0,
      accounts: 1,
      unreachable: 0,
      tokensExpiring: 0,
    });
    const counts = attentionCounts(accounts, { now: NOW, devices: true });
    expect(counts.devices).toBe(1);
    expect(attentionText(counts)).toBe(
      '1 instance crashed · 1 in safe mode · 1 device offline · 1 account needs a new token',
    );
  });

  it('does not count an offline device in developer mode', () => {
    const offline = { lastSeenAt: NOW - 3_600_000, state: 'running' };
    const runtime = runtimeOf({
      devices: [deviceOf('d1', { ...offline, mode: 'developer' }), deviceOf('d2', offline)],
    });
    const counts = attentionCounts([{ status: 'ok', teams: [{ runtime }] }], {
      now: NOW,
      devices: true,
    });
    expect(counts.devices).toBe(1);
  });

  it('names each kind of trouble: safe mode and error are not crashes', () => {
    const text = (states: string[]) =>
      attentionText(
        attentionCounts([{ status: 'ok', teams: [team(states)] }], { now: NOW, devices: false }),
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

  it('says an account is unreachable, beside the last-known crashes it still counts', () => {
    const counts = attentionCounts(
      [
        { status: 'unreachable', teams: [team(['crashed'])] },
        { status: 'error', teams: [] },
        { status: 'ok', teams: [team(['running'])] },
      ],
      { now: NOW, devices: false },
    );
    expect(counts.unreachable).toBe(2);
    expect(attentionText(counts)).toBe('1 instance crashed · 2 accounts unreachable');
    expect(
      attentionText(
        attentionCounts([{ status: 'unreachable', teams: [] }], { now: NOW, devices: false }),
      ),
    ).toBe('1 account unreachable');
  });

  it('does not turn the tray to attention for an unreachable account alone', () => {
    const counts = attentionCounts([{ status: 'unreachable', teams: [team(['running'])] }], {
      now: NOW,
      devices: true,
    });
    expect(needsUser(counts)).toBe(false);
  });

  it('is quiet when everything is fine', () => {
    const counts = attentionCounts([{ status: 'ok', teams: [team(['running', 'stopped'])] }], {
      now: NOW,
      devices: true,
    });
    expect(needsUser(counts)).toBe(false);
    expect(attentionText(counts)).toBe('');
  });
});
