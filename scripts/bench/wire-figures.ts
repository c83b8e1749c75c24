/**
 * What crosses the bridge, from the real core (startTestCore) over ten fake servers with 200
 * teams each, every team with 3 instances and 1 device: the patches pushes (common/state.ts) of
 * a rename, of a push that only changes an account's status, and of a refresh after which the
 * servers renamed 50 teams and 20 instances changed state: how many pushes, how many bytes of
 * patches. getState's size is printed too (as JSON and as a V8 structured clone, the format
 * Electron's IPC carries), with no budget: issue 22 dropped the bytes-per-team budget, since
 * Electron clones the whole state in about a millisecond (transport_clone_ms_2000, the browser
 * figures). Sizes do not vary from run to run: this measures once.
 */
import { serialize } from 'node:v8';
import type { PatchPush, Patch, TeamtrayState } from '../../common/state';
import type { Core } from '../../main/core-types';
import type { FakeFleet } from '../../tests/fake-server';
import { startTestCore } from '../../tests/support/test-core';
import type { Samples } from './budgets';
import { onCleanup } from './cleanup';
import { saveFleet, stateOf, waitForIdle } from './fleet';
import { startRuntimeFleet, type RuntimeShape } from './runtime-figures';

const FLEET: RuntimeShape = { accounts: 10, teamsEach: 200, instancesEach: 3, devicesEach: 1 };
const TOTAL_TEAMS = FLEET.accounts * FLEET.teamsEach;
const RENAMED = 50;
const INSTANCES_CHANGED = 20;
/** After an answer, how long pushes it caused may still arrive. */
const SETTLE_MS = 400;
const IDLE_TIMEOUT_MS = 300_000;

/** UTF-8 bytes of a value as JSON: what a JSON transport carries. */
function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value), 'utf8');
}

/** Records every patches push of the core until stopped. */
function recordPushes(core: Core): { readonly pushed: PatchPush[]; stop(): void } {
  const pushed: PatchPush[] = [];
  const stop = core.onEvent((event, payload) => {
    if (event === 'patches') pushed.push(payload as PatchPush);
  });
  return { pushed, stop };
}

export async function measureWire(): Promise<{ samples: Samples; notes: string[] }> {
  const fleet = await startRuntimeFleet(FLEET);
  const closeFleet = onCleanup(() => fleet.close());
  const test = await startTestCore();
  const closeCore = onCleanup(() => test.close());
  try {
    const { core } = test;
    await saveFleet(core, fleet);
    const answer = await core.dispatch('getState', undefined);
    if (!answer.ok) throw new Error(`getState failed: ${answer.error.message}`);
    const state = await stateOf(core);
    const teams = state.accounts.reduce((sum, account) => sum + account.teams.length, 0);
    if (teams !== TOTAL_TEAMS) throw new Error(`getState holds ${teams} teams, not ${TOTAL_TEAMS}`);

    const changed = changeOnServers(fleet);
    const refresh = await refreshPushes(core, changed);
    const rename = await renameBytes(core, state);
    const statusOnly = refresh.filter(isStatusOnly);
    if (statusOnly.length === 0) throw new Error('a refresh pushed no status-only change');
    const kb = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;

    return {
      samples: {
        rename_bytes: [rename.total],
        status_push_bytes: [Math.max(...statusOnly.map(jsonBytes))],
        refresh_pushes_2000: [refresh.length],
        refresh_patch_kb_2000: [refresh.reduce((sum, push) => sum + jsonBytes(push), 0) / 1000],
      },
      notes: [
        `getState with ${TOTAL_TEAMS} teams (${FLEET.instancesEach} instances and ${FLEET.devicesEach} device each): ${kb(jsonBytes(answer.value))} as JSON, ${kb(serialize(answer.value).length)} as a V8 structured clone`,
        `a rename: answer ${rename.answer} B, ${rename.pushes.length} push(es) ${summary(rename.pushes)}`,
        `a refresh after the servers renamed ${changed.renamed} teams and ${changed.instances} instances changed state: ${refresh.length} pushes, ${summary(refresh)}`,
      ],
    };
  } finally {
    await closeCore();
    await closeFleet();
  }
}

/** On the servers: renames the first RENAMED teams and flips the first INSTANCES_CHANGED instances. */
function changeOnServers(fleet: FakeFleet): { renamed: number; instances: number } {
  let renamed = 0;
  let instances = 0;
  for (const member of fleet.members) {
    for (const [index, team] of member.teams.entries()) {
      if (renamed < RENAMED) {
        team.name = `${team.name} (renamed)`;
        renamed += 1;
      }
      for (const instance of member.runtimes[index]?.instances ?? []) {
        if (instances >= INSTANCES_CHANGED) break;
        member.server.setInstanceState(
          instance,
          instance.state === 'running' ? 'stopped' : 'running',
        );
        instances += 1;
      }
    }
  }
  if (renamed < RENAMED || instances < INSTANCES_CHANGED) {
    throw new Error(`only ${renamed} teams and ${instances} instances to change`);
  }
  return { renamed, instances };
}

/** Renames the first team the user may rename; bytes of the answer and of what it pushed. */
async function renameBytes(
  core: Core,
  state: TeamtrayState,
): Promise<{ answer: number; pushes: PatchPush[]; total: number }> {
  const account = state.accounts[0];
  const team = account?.teams.find((each) => each.role !== null && each.role >= 50);
  if (account === undefined || team === undefined) throw new Error('no team to rename');
  const recorder = recordPushes(core);
  try {
    const result = await core.dispatch('renameTeam', {
      accountId: account.id,
      teamId: team.id,
      name: 'Renamed by the bench',
    });
    if (!result.ok) throw new Error(`renameTeam failed: ${result.error.message}`);
    await pause(SETTLE_MS);
    const answer = jsonBytes(result);
    const pushes = [...recorder.pushed];
    return {
      answer,
      pushes,
      total: answer + pushes.reduce((sum, push) => sum + jsonBytes(push), 0),
    };
  } finally {
    recorder.stop();
  }
}

/** Every push of a refresh of all accounts, until every team is read again. */
async function refreshPushes(
  core: Core,
  changed: { renamed: number; instances: number },
): Promise<PatchPush[]> {
  const recorder = recordPushes(core);
  try {
    const since = Date.now();
    const result = await core.dispatch('refresh', undefined);
    if (!result.ok) throw new Error(`refresh failed: ${result.error.message}`);
    await waitForIdle(core, IDLE_TIMEOUT_MS, since);
    await pause(SETTLE_MS);
    const pushes = [...recorder.pushed];
    const names = pushes.flatMap((push) => push.patches).filter((patch) => keyOf(patch) === 'name');
    if (names.length < changed.renamed) {
      throw new Error(`the refresh pushed ${names.length} names, not ${changed.renamed}`);
    }
    return pushes;
  } finally {
    recorder.stop();
  }
}

/** The field a patch writes (the last step of its path that is not an index). */
function keyOf(patch: Patch): string {
  const named = patch.path.filter((step) => typeof step === 'string');
  return named.at(-1) ?? '(the whole tree)';
}

/** A push that changes only fields of accounts, none of their teams (e.g. "refreshing"). */
function isStatusOnly(push: PatchPush): boolean {
  return push.patches.every(
    (patch) => patch.path[0] === 'accounts' && patch.path.length === 3 && patch.path[2] !== 'teams',
  );
}

/** A set of pushes in bytes, and its patches by the field they write. */
function summary(pushes: readonly PatchPush[]): string {
  if (pushes.length === 0) return '(nothing pushed)';
  const total = pushes.reduce((sum, push) => sum + jsonBytes(push), 0);
  const fields = new Map<string, { count: number; bytes: number }>();
  for (const patch of pushes.flatMap((push) => push.patches)) {
    const key = `${patch.op} ${keyOf(patch)}`;
    const seen = fields.get(key) ?? { count: 0, bytes: 0 };
    fields.set(key, { count: seen.count + 1, bytes: seen.bytes + jsonBytes(patch) });
  }
  const parts = [...fields]
    .sort((a, b) => b[1].bytes - a[1].bytes)
    .map(([key, { count, bytes }]) => `${count} ${key} (${(bytes / 1000).toFixed(1)} kB)`);
  return `${(total / 1000).toFixed(1)} kB in all; patches by field: ${parts.join(', ')}`;
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
