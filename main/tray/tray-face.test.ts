/**
 * What the tray shows for a summary, per OS: the count beside the icon on macOS, a badge drawn
 * on the icon on Windows, the tooltip everywhere (Linux has nothing else); plain when the count
 * is turned off.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AttentionCounts } from '../../common/attention';
import type { TraySummary } from './tray-status';
import { badgeLabel, trayFace, trayTooltip, TOOLTIP_MAX_LENGTH } from './tray-face';

const none: AttentionCounts = {
  instances: 0,
  crashed: 0,
  inError: 0,
  safeMode: 0,
  devices: 0,
  notUpdated: 0,
  accounts: 0,
  unreachable: 0,
  tokensExpiring: 0,
};
const crashed = (count: number): AttentionCounts => ({ ...none, instances: count, crashed: count });

const THREE: TraySummary = {
  status: 'attention',
  count: 3,
  perAccount: [
    { title: 'ada @ example.com', counts: crashed(2) },
    { title: 'Factory', counts: { ...none, accounts: 1 } },
  ],
};
const QUIET: TraySummary = { status: 'ok', count: 0, perAccount: [] };

const options = (platform: NodeJS.Platform, showCount = true) => ({
  platform,
  iconDir: '/icons',
  showCount,
});

describe('the tray tooltip', () => {
  it('says how many need the user, then each account and what it has', () => {
    expect(trayTooltip(THREE, true)).toBe(
      'Teamtray — 3 need you\nada @ example.com: 2 instances crashed\nFactory: 1 account needs a new token',
    );
    expect(
      trayTooltip({ ...THREE, count: 1, perAccount: THREE.perAccount.slice(1) }, true),
    ).toMatch(/^Teamtray — 1 needs you\n/);
  });

  it('is the plain status words when nothing needs the user or the count is off', () => {
    expect(trayTooltip(QUIET, true)).toBe('Teamtray');
    expect(trayTooltip({ ...QUIET, status: 'offline' }, true)).toBe('Teamtray: no account answers');
    expect(trayTooltip(THREE, false)).toBe('Teamtray: something needs you');
  });

  it('stays within what Windows shows (127 characters), saying how many accounts it left out', () => {
    const many: TraySummary = {
      status: 'attention',
      count: 40,
      perAccount: Array.from({ length: 20 }, (_, index) => ({
        title: `user${index} @ a-rather-long-server-name-${index}.example.com`,
        counts: crashed(2),
      })),
    };
    const text = trayTooltip(many, true);
    expect(text.length).toBeLessThanOrEqual(TOOLTIP_MAX_LENGTH);
    const lines = text.split('\n');
    expect(lines[0]).toBe('Teamtray — 40 need you');
    expect(lines.at(-1)).toMatch(/^…and \d+ more accounts$/);
    const shown = lines.length - 2;
    expect(shown).toBeGreaterThan(0);
    expect(lines.at(-1)).toBe(`…and ${20 - shown} more accounts`);
    // A long line is cut with an ellipsis, never past its end.
    for (const line of lines.slice(1, -1)) expect(line.length).toBeLessThanOrEqual(60);
  });
});

describe('the badge label', () => {
  it.each([
    [1, '1'],
    [9, '9'],
    [10, '9+'],
    [250, '9+'],
  ])('%i is %s', (count, label) => {
    expect(badgeLabel(count)).toBe(label);
  });
});

describe('the tray face per OS', () => {
  it('macOS: the count beside the icon, with a space before it; empty when none', () => {
    expect(trayFace(THREE, options('darwin'))).toEqual({
      iconPath: join('/icons', 'tray-attentionTemplate.png'),
      title: ' 3',
      tooltip: trayTooltip(THREE, true),
    });
    expect(trayFace(QUIET, options('darwin')).title).toBe('');
  });

  it('Windows: the icon with the count drawn on it; no title (a tray has none there)', () => {
    expect(trayFace(THREE, options('win32'))).toEqual({
      iconPath: join('/icons', 'tray-attention-3.ico'),
      title: null,
      tooltip: trayTooltip(THREE, true),
    });
    expect(trayFace({ ...THREE, count: 12 }, options('win32')).iconPath).toBe(
      join('/icons', 'tray-attention-9plus.ico'),
    );
    expect(trayFace(QUIET, options('win32')).iconPath).toBe(join('/icons', 'tray-ok.ico'));
  });

  it('Linux: the attention icon and the count in the tooltip', () => {
    expect(trayFace(THREE, options('linux'))).toEqual({
      iconPath: join('/icons', 'tray-attention.png'),
      title: null,
      tooltip: trayTooltip(THREE, true),
    });
  });

  it('with the count off: no count anywhere, the status icon, the plain tooltip', () => {
    expect(trayFace(THREE, options('darwin', false)).title).toBe('');
    expect(trayFace(THREE, options('win32', false)).iconPath).toBe(
      join('/icons', 'tray-attention.ico'),
    );
    expect(trayFace(THREE, options('linux', false)).tooltip).toBe('Teamtray: something needs you');
  });
});
