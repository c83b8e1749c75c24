/**
 * Which teams main keeps fresh: told once the teams on screen have settled, not restarted by
 * updates that show the same teams (a click's draft, a push, the clock), and nothing when
 * hidden.
 */
import type { ReactiveControllerHost } from 'lit';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { TeamRef } from '../state/list-sections';
import type { Store } from '../state/store';
import { WatchTeamsController } from './watch-teams-controller';

const host = (): ReactiveControllerHost => ({
  addController: () => undefined,
  removeController: () => undefined,
  requestUpdate: () => undefined,
  updateComplete: Promise.resolve(true),
});

const teams = (...ids: string[]): TeamRef[] => ids.map((teamId) => ({ accountId: 'a', teamId }));

let told: string[][] = [];

function watcher(): WatchTeamsController {
  const store = {
    state: {},
    connected: {
      watchTeams: (payload: { teams: { teamId: string }[] }) => {
        told.push(payload.teams.map((team) => team.teamId));
        return Promise.resolve({ ok: true, value: null });
      },
    },
  } as unknown as Store;
  return new WatchTeamsController(host(), () => store, 300);
}

beforeEach(() => {
  vi.useFakeTimers();
  // Node runs these tests: the page's visibility is all the controller reads of the document.
  vi.stubGlobal('document', { visibilityState: 'visible' });
  told = [];
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

it('an update showing the same teams starts no timer', () => {
  const watch = watcher();
  watch.seen(teams('t1', 't2'));
  const timers = vi.spyOn(globalThis, 'setTimeout');
  for (let update = 0; update < 5; update += 1) watch.seen(teams('t1', 't2'));
  expect(timers).not.toHaveBeenCalled();
  timers.mockRestore();
  vi.advanceTimersByTime(300);
  expect(told).toEqual([['t1', 't2']]);
  // Told: later updates with the same teams start nothing either.
  const after = vi.spyOn(globalThis, 'setTimeout');
  watch.seen(teams('t1', 't2'));
  expect(after).not.toHaveBeenCalled();
  after.mockRestore();
});

it('tells main once the teams have been on screen for the debounce, while the list keeps updating', () => {
  const watch = watcher();
  for (let at = 0; at <= 1_000; at += 100) {
    watch.seen(teams('t1', 't2'));
    vi.advanceTimersByTime(100);
  }
  // Updates every 100 ms (pushes of a refresh) no longer put the call off until they stop.
  expect(told).toEqual([['t1', 't2']]);
});

it('a change of teams waits again, and only the settled set is sent', () => {
  const watch = watcher();
  watch.seen(teams('t1'));
  vi.advanceTimersByTime(200);
  watch.seen(teams('t2'));
  vi.advanceTimersByTime(200);
  expect(told).toEqual([]);
  watch.seen(teams('t2'));
  vi.advanceTimersByTime(100);
  expect(told).toEqual([['t2']]);
  watch.seen(teams('t1'));
  vi.advanceTimersByTime(300);
  expect(told).toEqual([['t2'], ['t1']]);
});
