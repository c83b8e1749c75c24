/**
 * Who last started, stopped or suspended an instance: a projection of the model that reads the
 * instance's audit log (the client's lastAction) when a read, a poll or a settled action finds it
 * turned stopped or suspended (a failed start leaves it suspended), and once for each stopped or
 * suspended instance in the first read of its team in this run. Never for every instance on
 * every refresh; at most one read in flight per instance, through the server's limiter. What it
 * learns goes into the model as `lastActionRead`; a failed read is logged, and nothing changes.
 */
import type { AccountId, InstanceId, TeamId } from '../../common/brand';
import type { Unsubscribe } from '../../common/emitter';
import type { Instance, LastAction, TeamtrayState } from '../../common/state';
import type { Limiter } from '../base/limiter';
import { createSingleFlight } from '../base/single-flight';
import type { ApiAuditEvent } from '../flowfuse/types';
import type { Logger } from '../log';
import type { Change, Model } from '../model/model';
import { instanceTurns, teamRead } from '../model/select';
import type { AccountRegistry } from '../store/types';

/** The states whose cause is worth a read of the audit log, and the events that explain each. */
const EXPLAINED: ReadonlyMap<string, readonly string[]> = new Map([
  ['stopped', ['project.stopped']],
  ['suspended', ['project.suspended', 'project.start-failed']],
]);

/** What the model already knows (from the runtime cache) says why the instance is so. */
const explained = (instance: Instance): boolean =>
  instance.lastAction !== null &&
  (EXPLAINED.get(instance.state) ?? []).includes(instance.lastAction.event);

export interface LastActionsDeps {
  readonly model: Model;
  readonly registry: AccountRegistry;
  /** The server's request limiter (the runtime service's). */
  readonly limiter: (accountId: AccountId) => Limiter;
  readonly log: Logger;
}

export interface LastActions {
  readonly stop: Unsubscribe;
  /** Resolves when no read is in flight (for tests and a clean shutdown). */
  idle(): Promise<void>;
}

/** The model's fact from the audit log's entry; null when it names no author it can keep. */
export function lastActionOf(event: ApiAuditEvent): LastAction | null {
  const failed = event.event === 'project.start-failed';
  if (event.actor === null && !failed) return null;
  const by = event.actor?.kind === 'user' ? event.actor.username : null;
  return {
    event: event.event,
    at: event.at,
    by,
    ...(event.viaApi === true ? { viaApi: true } : {}),
  };
}

export function watchLastActions(deps: LastActionsDeps): LastActions {
  const { model, registry, limiter, log } = deps;
  const reads = createSingleFlight<string>();
  /** Teams read at least once in this run (`account/team`). */
  const seen = new Set<string>();

  async function readOne(
    accountId: AccountId,
    teamId: TeamId,
    instanceId: InstanceId,
  ): Promise<void> {
    const held = await registry.clientFor(accountId);
    if (held === null) return;
    const event = await limiter(accountId)(() => held.client.lastAction(instanceId));
    // Moved to another server meanwhile: what was read is not about this account any more.
    if (registry.get(accountId)?.origin !== held.account.origin || event === null) return;
    const lastAction = lastActionOf(event);
    if (lastAction !== null) {
      model.apply('lastActionRead', { accountId, teamId, instanceId, lastAction });
    }
  }

  function read(accountId: AccountId, teamId: TeamId, instanceId: InstanceId): void {
    void reads.run(`${accountId}/${instanceId}`, () =>
      readOne(accountId, teamId, instanceId).catch((error: unknown) => {
        log.warn('last action: could not read the audit log', { error });
      }),
    );
  }

  /**
   * The team's instances that turned stopped or suspended; on the team's first read in this run,
   * also those the runtime cache gave no action that explains them (what changed while Teamtray
   * was closed is read, what did not is not asked again at every start).
   */
  function heard(
    state: TeamtrayState,
    previous: TeamtrayState,
    accountId: AccountId,
    teamId: TeamId,
  ): void {
    const first = !seen.has(`${accountId}/${teamId}`);
    seen.add(`${accountId}/${teamId}`);
    for (const { instance, turned } of instanceTurns(state, previous, accountId, teamId)) {
      if (!EXPLAINED.has(instance.state)) continue;
      if (turned || (first && !explained(instance))) read(accountId, teamId, instance.id);
    }
  }

  const stop = model.subscribe((change: Change) => {
    const team = teamRead(change);
    if (team !== null) {
      heard(change.state, change.previous, team.accountId, team.teamId);
      return;
    }
    switch (change.name) {
      case 'accountRemoved':
        for (const key of [...seen]) {
          if (key.startsWith(`${change.payload.accountId}/`)) seen.delete(key);
        }
        return;
      default:
        return;
    }
  });

  return {
    stop,
    idle: () => reads.idle(),
  };
}
