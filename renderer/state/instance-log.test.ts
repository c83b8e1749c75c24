import { describe, expect, it } from 'vitest';
import type { InstanceLog, LogLine } from '../../common/state';
import { instanceOf } from '../../tests/support/state-builders';
import { hasLines, logShown, logStatusText, logTone, newestFirst } from './instance-log';

const now = 1_700_000_000_000;
const MINUTE = 60_000;
const lineOf = (ts: number, level: string | null, msg: string): LogLine => ({
  ts: String(ts),
  at: ts,
  level,
  msg,
  src: null,
});
const logOf = (more: Partial<InstanceLog> = {}): InstanceLog => ({
  status: 'ok',
  lines: [lineOf(1, 'info', 'Started flows'), lineOf(2, 'error', 'TypeError')],
  fetchedAt: now - 2 * MINUTE,
  error: null,
  ...more,
});

describe('the log under an instance', () => {
  it('shows by itself under a problem, otherwise when the user asks; the user decides', () => {
    expect(logShown(instanceOf('i1', { state: 'crashed' }), null)).toBe(true);
    expect(logShown(instanceOf('i1', { state: 'safe' }), null)).toBe(true);
    expect(logShown(instanceOf('i1', { state: 'error' }), null)).toBe(true);
    expect(logShown(instanceOf('i1', { state: 'running' }), null)).toBe(false);
    expect(logShown(instanceOf('i1', { state: 'running' }), true)).toBe(true);
    expect(logShown(instanceOf('i1', { state: 'crashed' }), false)).toBe(false);
  });

  it('puts the newest first and makes errors and warnings stand out', () => {
    expect(newestFirst(logOf()).map((line) => line.msg)).toEqual(['TypeError', 'Started flows']);
    expect(newestFirst(null)).toEqual([]);
    expect(['error', 'fatal', 'warn', 'warning', 'info', 'system', null].map(logTone)).toEqual([
      'error',
      'error',
      'warn',
      'warn',
      'plain',
      'plain',
      'plain',
    ]);
  });

  it('says what it is: read when, reading, suspended, failed, empty', () => {
    expect(logStatusText(logOf(), now)).toBe('Last 2 lines, newest first · read 2 min ago');
    expect(logStatusText(logOf({ lines: [lineOf(1, null, 'x')] }), now)).toBe(
      'Last line, newest first · read 2 min ago',
    );
    expect(logStatusText(null, now)).toBe('Reading the log…');
    expect(logStatusText(logOf({ status: 'loading', lines: [], fetchedAt: null }), now)).toBe(
      'Reading the log…',
    );
    expect(logStatusText(logOf({ status: 'loading' }), now)).toBe('Reading the log again…');
    expect(logStatusText(logOf({ status: 'suspended', lines: [] }), now)).toBe(
      'No log while suspended',
    );
    expect(
      logStatusText(
        logOf({ status: 'error', error: { code: 'server_error', message: 'FlowFuse failed.' } }),
        now,
      ),
    ).toBe('Could not read the log: FlowFuse failed.');
    // A refused token is said once, in the account's header; the log points there.
    expect(
      logStatusText(
        logOf({ status: 'error', error: { code: 'unauthorized', message: 'refused the token' } }),
        now,
      ),
    ).toBe('Could not read the log. Token refused: see Replace token above.');
    expect(logStatusText(logOf({ lines: [] }), now)).toBe('The log is empty · read 2 min ago');
  });

  it('has something to copy only when lines were read', () => {
    expect(hasLines(logOf())).toBe(true);
    expect(hasLines(logOf({ lines: [] }))).toBe(false);
    expect(hasLines(logOf({ status: 'suspended', lines: [] }))).toBe(false);
    expect(hasLines(null)).toBe(false);
  });
});
