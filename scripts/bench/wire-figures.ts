/**
 * What crosses the bridge, in bytes, from the real core (startTestCore) over ten fake servers with
 * 200 teams each: getState's answer as JSON (what the bench's DevTools binding carries) and as a
 * V8 structured clone (v8.serialize: the format Electron's IPC carries), the answer and pushes of
 * a rename, a push that only changes an account's status, and every push of a refresh whose teams
 * did not change. Sizes do not vary from run to run: this measures once.
 */
import { serialize } from 'node:v8';
import type { AccountView, AppState } from '../../common/model';
import type { Core } from '../../main/core-types';
import { startFakeFleet } from '../../tests/fake-server';
import { startTestCore } from '../../tests/support/test-core';
import type { Samples } from './budgets';
import { onCleanup } from './cleanup';
import { saveFleet, waitForIdle, waitForStatus } from './fleet';
import { devicesOf, instancesOf } from '../../common/runtime-read';

const ACCOUNTS = 10;
const TEAMS_EACH = 200;
const TOTAL_TEAMS = ACCOUNTS * TEAMS_EACH;
/** After an answer, how long pushes it caused may still arrive (the cache writes after 200 ms). */
const SETTLE_MS = 400;

interface Pushed {
  readonly event: string;
  readonly bytes: number;
  /** True when the push carried an account's teams. */
  readonly teams: boolean;
}

/** UTF-8 bytes of a value as JSON: what a JSON transport carries. */
export function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value), 'utf8');
}

/** Records every push of the core, with its size as JSON, until stopped. */
function recordPushes(core: Core): { readonly pushed: Pushed[]; stop(): void } {
  const pushed: Pushed[] = [];
  const stop = core.onEvent((event, payload) => {
    const teams = typeof payload === 'object' && payload !== null && 'teams' in payload;
    pushed.push({ event, bytes: jsonBytes(payload), teams });
  });
  return { pushed, stop };
}

export async function measureWire(): Promise<{ samples: Samples; notes: string[] }> {
  const fleet = await startFakeFleet(ACCOUNTS, TEAMS_EACH);
  const closeFleet = onCleanup(() => fleet.close());
  const test = await startTestCore();
  const closeCore = onCleanup(() => test.close());
  try {
    const { core } = test;
    const views = await saveFleet(core, fleet);
    const answer = await core.dispatch('getState', undefined);
    if (!answer.ok) throw new Error(`getState failed: ${answer.error.message}`);
    const state = answer.value as AppState;
    const teams = state.accounts.reduce((sum, account) => sum + account.teams.id.length, 0);
    if (teams !== TOTAL_TEAMS) throw new Error(`getState holds ${teams} teams, not ${TOTAL_TEAMS}`);

    // The refresh first: after a rename, main holds that account's teams as a new table, which
    // the refresh's first push then carries.
    const refresh = await refreshPushes(core, views);
    const rename = await renameBytes(core, views);
    const statusOnly = refresh.filter((push) => push.event === 'accountChanged' && !push.teams);
    if (statusOnly.length === 0) throw new Error('a refresh pushed no status-only update');

    return {
      samples: {
        state_bytes_per_team_2000: [jsonBytes(answer) / TOTAL_TEAMS],
        state_clone_bytes_per_team_2000: [serialize(answer).length / TOTAL_TEAMS],
        rename_bytes: [rename.total],
        status_push_bytes: [Math.max(...statusOnly.map((push) => push.bytes))],
        refresh_push_kb_2000: [refresh.reduce((sum, push) => sum + push.bytes, 0) / 1000],
      },
      notes: [
        ...stateNotes(state),
        `a rename: answer ${rename.answer} B, ${rename.pushes.length} push(es) ${summary(rename.pushes)}`,
        `a refresh that changed no team: ${refresh.length} pushes, ${summary(refresh)}`,
      ],
    };
  } finally {
    await closeCore();
    await closeFleet();
  }
}

/** Renames the first team the user may rename; bytes of the answer and of what it pushed. */
async function renameBytes(
  core: Core,
  views: readonly AccountView[],
): Promise<{ answer: number; pushes: Pushed[]; total: number }> {
  const account = views[0];
  const teamId = account?.teams.id[0];
  if (account === undefined || teamId === undefined) throw new Error('no team to rename');
  const recorder = recordPushes(core);
  try {
    const result = await core.dispatch('renameTeam', {
      accountId: account.id,
      teamId,
      name: 'Renamed by the bench',
    });
    if (!result.ok) throw new Error(`renameTeam failed: ${result.error.message}`);
    await pause(SETTLE_MS);
    const answer = jsonBytes(result);
    const pushes = [...recorder.pushed];
    return { answer, pushes, total: answer + pushes.reduce((sum, push) => sum + push.bytes, 0) };
  } finally {
    recorder.stop();
  }
}

/** Every push of a refresh of all accounts, none of whose teams changed on the servers. */
async function refreshPushes(core: Core, views: readonly AccountView[]): Promise<Pushed[]> {
  const ids = views.map((view) => view.id);
  const recorder = recordPushes(core);
  try {
    const settled = waitForStatus(core, 'ok', () => ids, 10_000);
    const result = await core.dispatch('refresh', undefined);
    if (!result.ok) throw new Error(`refresh failed: ${result.error.message}`);
    await settled.done;
    await waitForIdle(core, 60_000);
    await pause(SETTLE_MS);
    return [...recorder.pushed];
  } finally {
    recorder.stop();
  }
}

/**
 * JSON bytes of each key of `tables` (columns, or teams' runtime blocks) ÷ `per`, largest first:
 * `"name": [...],` counts the key, its quotes, colon and comma.
 */
export function bytesByKey(tables: readonly object[], per: number): string {
  const keys = new Map<string, number>();
  for (const table of tables) {
    for (const [key, value] of Object.entries(table)) {
      keys.set(key, (keys.get(key) ?? 0) + jsonBytes(value) + key.length + 4);
    }
  }
  return [...keys]
    .sort((a, b) => b[1] - a[1])
    .map(([key, bytes]) => `${key} ${(bytes / per).toFixed(1)}`)
    .join(', ');
}

/** Where getState's bytes go: the teams' columns, and each team's instances and devices. */
function stateNotes(state: AppState): string[] {
  const kb = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;
  const tables = state.accounts.map((account) => account.teams);
  const runtimes = state.accounts.flatMap((account) => account.runtime.teams);
  const instances = runtimes.reduce((sum, team) => sum + instancesOf(team).id.length, 0);
  const devices = runtimes.reduce((sum, team) => sum + devicesOf(team).id.length, 0);
  const empty = runtimes.filter(
    (team) => instancesOf(team).id.length === 0 && devicesOf(team).id.length === 0,
  );
  const lines = [
    `getState as JSON: ${kb(jsonBytes(state))}; the teams' columns ${kb(jsonBytes(tables))}, their instances and devices ${kb(jsonBytes(runtimes))} (${instances} instances, ${devices} devices)`,
    `  bytes per team, teams' columns: ${bytesByKey(tables, TOTAL_TEAMS)}`,
    `  bytes per team, instances and devices: ${bytesByKey(runtimes, TOTAL_TEAMS)}`,
  ];
  const [first] = empty;
  if (first !== undefined) {
    lines.push(
      `  ${empty.length} of ${runtimes.length} teams have no instance and no device; each still sends ${jsonBytes(first)} B: ${JSON.stringify(first)}`,
    );
  }
  return lines;
}

function summary(pushes: readonly Pushed[]): string {
  if (pushes.length === 0) return '(nothing pushed)';
  const total = pushes.reduce((sum, push) => sum + push.bytes, 0);
  const events = new Map<string, { count: number; bytes: number }>();
  for (const push of pushes) {
    const name = push.teams ? `${push.event} with teams` : push.event;
    const seen = events.get(name) ?? { count: 0, bytes: 0 };
    events.set(name, { count: seen.count + 1, bytes: seen.bytes + push.bytes });
  }
  const parts = [...events].map(
    ([name, { count, bytes }]) => `${count} ${name} (${(bytes / 1000).toFixed(1)} kB)`,
  );
  return `${(total / 1000).toFixed(1)} kB in all: ${parts.join(', ')}`;
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
