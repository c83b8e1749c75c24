import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../common/state';
import {
  deviceHistoryState,
  HISTORY_MAX,
  HISTORY_TEXT_MAX,
  withAuthor,
  withTransition,
} from './history';

describe('a node’s history', () => {
  it('adds a new state, not the same one twice nor one on its way', () => {
    const one = withTransition(undefined, 'crashed', 1);
    expect(one).toEqual([{ at: 1, state: 'crashed' }]);
    expect(withTransition(one, 'crashed', 2)).toBe(one);
    expect(withTransition(one, 'restarting', 2)).toBe(one);
    expect(withTransition(one, 'running', 3)).toEqual([
      { at: 1, state: 'crashed' },
      { at: 3, state: 'running' },
    ]);
  });

  it('keeps the last 20, each state clipped', () => {
    let history: readonly HistoryEntry[] = [];
    for (let at = 0; at < 30; at += 1) {
      history = withTransition(history, at % 2 === 0 ? 'crashed' : 'running', at);
    }
    expect(history).toHaveLength(HISTORY_MAX);
    expect(history[0]?.at).toBe(10);
    const long = withTransition(history, 'x'.repeat(200), 31);
    expect(long.at(-1)?.state).toHaveLength(HISTORY_TEXT_MAX);
  });

  it('names the author of the action that left it in its newest state', () => {
    const history = [
      { at: 1_000_000, state: 'running' },
      { at: 2_000_000, state: 'stopped' },
    ];
    const stop = { event: 'project.stopped', at: 1_990_000, by: 'bob' };
    expect(withAuthor(history, stop)?.at(-1)).toEqual({
      at: 2_000_000,
      state: 'stopped',
      by: 'bob',
    });
    // Not another state's, not the platform's, not one older than the state before.
    expect(withAuthor(history, { ...stop, event: 'project.started' })).toBe(history);
    expect(withAuthor(history, { ...stop, by: null })).toBe(history);
    expect(withAuthor(history, { ...stop, at: 100_000 })).toBe(history);
    expect(withAuthor(undefined, stop)).toBeUndefined();
  });

  it('follows a device off line, else its agent’s state', () => {
    expect(deviceHistoryState({ state: 'running', onlineStatus: 'offline' })).toBe('offline');
    expect(deviceHistoryState({ state: 'stopped', onlineStatus: 'online' })).toBe('stopped');
    expect(deviceHistoryState({ state: null, onlineStatus: null })).toBeNull();
  });
});
