import { describe, expect, it } from 'vitest';
import type { TeamRuntime } from '../../common/state';
import { attentionCounts } from '../../common/attention';
import {
  accountOf,
  deviceOf,
  instanceOf,
  runtimeOf,
  teamOf,
} from '../../tests/support/state-builders';
import {
  listFailed,
  partText,
  summarySentence,
  teamSummary,
  type SummaryPart,
} from './team-summary';

const NOW = 1_800_000_000_000;
const MINUTE = 60_000;

function runtime(
  instances: readonly string[],
  devices: readonly (number | null)[] = [],
  extra: Partial<TeamRuntime> = {},
): TeamRuntime {
  return runtimeOf({
    fetchedAt: NOW,
    instances: instances.map((state, index) =>
      instanceOf(`i${index}`, { name: `instance-${index}`, application: 'App', state }),
    ),
    devices: devices.map((lastSeenAt, index) =>
      deviceOf(`d${index}`, { name: `device-${index}`, lastSeenAt, state: 'running' }),
    ),
    ...extra,
  });
}

const summary = (value: TeamRuntime, role: number | null = 50): readonly SummaryPart[] =>
  teamSummary(value, NOW, role);
const texts = (value: TeamRuntime): string[] => summary(value).map(partText);

describe('teamSummary', () => {
  it('says how old the last-known lists are once the account’s team list failed', () => {
    const old = runtime([], [], { fetchedAt: NOW - 3 * 60 * MINUTE });
    expect(teamSummary(old, NOW, 50, listFailed('unreachable')).map(partText)).toEqual([
      'No instances or devices',
      'As of 3 h ago',
    ]);
    expect(teamSummary(old, NOW, 50, listFailed('ok')).map(partText)).toEqual([
      'No instances or devices',
    ]);
    expect(listFailed('unauthorized')).toBe(true);
    expect(listFailed('loading')).toBe(false);
  });

  it('names the most urgent state among the instances, in words beside its tone', () => {
    expect(summary(runtime(['running', 'crashed', 'stopped', 'stopping']))[0]).toEqual({
      text: '4 instances',
      qualifier: '1 crashed',
      tone: 'problem',
    });
    expect(texts(runtime(['running', 'stopping', 'stopped']))).toEqual([
      '3 instances · 1 stopping',
    ]);
    expect(texts(runtime(['running', 'stopped', 'stopped']))).toEqual(['3 instances · 2 stopped']);
    expect(texts(runtime(['running', 'running']))).toEqual(['2 instances · all running']);
    expect(texts(runtime(['running']))).toEqual(['1 instance · running']);
  });

  it('says "+" when the read left some out (past the cap, or not readable)', () => {
    const more = { unread: [], unreadCount: 0, more: 4500 };
    expect(
      texts(runtime(['running'], [NOW], { instancesLeftOut: more, devicesLeftOut: more })),
    ).toEqual(['1+ instances · running', '1+ devices · online']);
  });

  it('says what a mix in one tone is, and reads "safe" as safe mode', () => {
    expect(texts(runtime(['stopped', 'suspended']))).toEqual(['2 instances · 2 not running']);
    expect(texts(runtime(['crashed', 'error']))).toEqual(['2 instances · 2 need attention']);
    expect(texts(runtime(['running', 'safe']))).toEqual(['2 instances · 1 in safe mode']);
    expect(texts(runtime(['starting', 'installing']))).toEqual(['2 instances · 2 starting']);
    expect(texts(runtime(['stopping', 'suspending']))).toEqual(['2 instances · 2 stopping']);
    expect(texts(runtime(['starting', 'stopping']))).toEqual([
      '2 instances · 2 starting or stopping',
    ]);
    expect(texts(runtime(['running', 'weird-new-state']))).toEqual([
      '2 instances · 1 weird-new-state',
    ]);
  });

  it('counts devices offline first, then never seen, else online', () => {
    expect(summary(runtime([], [NOW, NOW - 60 * MINUTE, null]))).toEqual([
      { text: '3 devices', qualifier: '1 offline', tone: 'offline' },
    ]);
    expect(texts(runtime([], [NOW, null]))).toEqual(['2 devices · 1 never seen']);
    expect(texts(runtime([], [NOW - MINUTE, NOW]))).toEqual(['2 devices · all online']);
    expect(texts(runtime(['running'], [NOW]))).toEqual([
      '1 instance · running',
      '1 device · online',
    ]);
  });

  it('does not call a device offline in developer mode "offline", as the tray does not', () => {
    const device = (id: string, lastSeenAt: number, mode: string | null) =>
      deviceOf(id, { name: id, lastSeenAt, state: 'running', mode });
    const developer = runtimeOf({
      fetchedAt: NOW,
      devices: [device('d0', NOW, null), device('d1', NOW - 60 * MINUTE, 'developer')],
    });
    expect(summary(developer)).toEqual([
      { text: '2 devices', qualifier: '1 in developer mode', tone: 'muted' },
    ]);
    const tray = attentionCounts(
      [accountOf('a', { teams: [teamOf('t', { runtime: developer })] })],
      {
        now: NOW,
        devices: true,
      },
    );
    expect(tray.devices).toBe(0);
    // Another device offline, not in developer mode, is said as before.
    const both = runtimeOf({
      ...developer,
      devices: [...developer.devices, device('d2', NOW - 60 * MINUTE, null)],
    });
    expect(texts(both)).toEqual(['3 devices · 1 offline']);
  });

  it('says so briefly when the runtime is not known, hidden, failed or empty', () => {
    expect(texts(runtime([], [], { status: 'loading', fetchedAt: null }))).toEqual([
      'Loading instances…',
    ]);
    expect(texts(runtime([], [], { status: 'hidden', fetchedAt: null }))).toEqual([
      'Hidden from this token',
    ]);
    const failed = { code: 'unreachable', message: 'The server did not answer.' } as const;
    expect(summary(runtime([], [], { status: 'error', error: failed, fetchedAt: null }))).toEqual([
      { text: 'Could not read instances', tone: 'warning', detail: failed.message },
    ]);
    expect(texts(runtime([]))).toEqual(['No instances or devices']);
  });

  it('gives a short reason for a hidden team, one that fits beside the role badge', () => {
    const hidden = runtime([], [], { status: 'hidden', fetchedAt: null });
    const dashboard = summary(hidden, 5);
    expect(dashboard.map((part) => part.text)).toEqual(['Hidden for the Dashboard role']);
    expect(dashboard[0]?.detail).toBe(
      'FlowFuse shows the Dashboard role dashboards only, not instances or devices.',
    );
    const refused = summary(hidden, 30);
    expect(refused.map((part) => part.text)).toEqual(['Hidden from this token']);
    expect(refused[0]?.detail).toBe(
      'FlowFuse would not show this team’s instances and devices to this token.',
    );
    // Short enough to fit: the longest reason is under 30 characters.
    for (const part of [...dashboard, ...refused]) expect(part.text.length).toBeLessThan(30);
  });

  it('keeps the last good read after a failed one, and says the latest failed', () => {
    const failed = { code: 'unreachable', message: 'The server did not answer.' } as const;
    expect(summary(runtime(['running'], [], { status: 'error', error: failed }))).toEqual([
      { text: '1 instance', qualifier: 'running', tone: 'ok' },
      { text: 'Last read failed', tone: 'warning', detail: failed.message },
    ]);
  });

  it('works a summary out once per runtime and clock tick', () => {
    const view = runtime(['running'], [NOW - 2 * MINUTE]);
    const first = teamSummary(view, NOW, 50);
    expect(teamSummary(view, NOW, 50)).toBe(first);
    // The clock moves on: the same device is now offline.
    expect(teamSummary(view, NOW + 10 * MINUTE, 50).map(partText)).toEqual([
      '1 instance · running',
      '1 device · 1 offline',
    ]);
  });

  it('reads as one sentence for the row’s accessible name', () => {
    expect(summarySentence(summary(runtime(['crashed'], [null])))).toBe(
      '1 instance, 1 crashed; 1 device, 1 never seen',
    );
  });
});
