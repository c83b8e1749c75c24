/**
 * Why an instance needs attention: a projection of the model that reads the instance's last log
 * lines (the client's instanceLog, FlowFuse's newest 30) when a read, a poll or a settled action
 * finds it turned crashed, in safe mode or in error (or finds it so with no log read yet in this
 * run; at most UNASKED_READS such reads per change of a team), and when the user asks (the
 * bridge's readInstanceLog). Never for every instance on every refresh; at most one read in
 * flight per instance (a second ask joins it), through the server's limiter: the user's ask in
 * its user lane, raising an unasked read it joins. What it learns goes into the model
 * (logRequested, logRead, logSuspended, logFailed); main's own log file gets no line of it, only
 * that a read failed and its error code.
 */
import type { AccountId, InstanceId, TeamId } from '../../common/brand';
import type { Unsubscribe } from '../../common/emitter';
import { AppError, isAppError, type AppErrorShape } from '../../common/errors';
import { needsAttention } from '../../common/instance-state';
import type { LogLine, TeamtrayState } from '../../common/state';
import type { Lane, Limiter } from '../base/limiter';
import { createSingleFlight } from '../base/single-flight';
import { DEFAULT_LOG_LINES } from '../flowfuse/activity-schemas';
import type { ApiLogLine } from '../flowfuse/types';
import type { Logger } from '../log';
import type { Change, Model } from '../model/model';
import { instanceTurns, teamRead } from '../model/select';
import type { AccountRegistry } from '../store/types';

export interface InstanceLogsDeps {
  readonly model: Model;
  readonly registry: AccountRegistry;
  /** The server's request limiter (the runtime service's). */
  readonly limiter: (accountId: AccountId) => Limiter;
  /** A 401: the account hears it needs a new token. */
  readonly tokenRefused: (accountId: AccountId, error: AppErrorShape) => void;
  readonly now: () => number;
  readonly log: Logger;
}

export interface InstanceLogs {
  readonly stop: Unsubscribe;
  /**
   * The user asks: reads the instance's log now, or joins (and raises) the read in flight;
   * resolves once the model has it.
   */
  read(accountId: AccountId, teamId: TeamId, instanceId: InstanceId): Promise<void>;
  /** Resolves when no read is in flight (for tests and a clean shutdown). */
  idle(): Promise<void>;
}

/**
 * Logs read unasked per change of a team (a read, a poll, a settled action): a team with 60
 * crashed instances is not 60 reads at once. What is asked through the bridge is not counted.
 */
export const UNASKED_READS = 3;

/** The model's line from the client's: what is shown, no more. */
const logLineOf = ({ ts, at, level, msg, src }: ApiLogLine): LogLine => ({
  ts,
  at,
  level,
  msg,
  src,
});

function shapeOf(error: unknown): AppErrorShape {
  if (isAppError(error)) return error.toShape();
  return new AppError('internal', 'Something went wrong while reading the log.').toShape();
}

export function watchInstanceLogs(deps: InstanceLogsDeps): InstanceLogs {
  const { model, registry, limiter, now, log } = deps;
  const reads = createSingleFlight<string>();
  /** The lane of each read in flight: the user's ask raises an unasked one. */
  const lanes = new Map<string, Lane>();

  async function readOne(
    accountId: AccountId,
    teamId: TeamId,
    instanceId: InstanceId,
    lane: Lane,
  ): Promise<void> {
    const held = await registry.clientFor(accountId);
    if (held === null) return;
    const ref = { accountId, teamId, instanceId };
    model.apply('logRequested', ref);
    const { client } = held;
    const moved = () => registry.get(accountId)?.origin !== held.account.origin;
    try {
      const read = await limiter(accountId)(
        () => client.instanceLog(instanceId, { limit: DEFAULT_LOG_LINES }),
        lane,
      );
      // Moved to another server meanwhile: what was read is not about this account any more.
      if (moved()) return;
      if (read.kind === 'suspended') model.apply('logSuspended', { ...ref, at: now() });
      else model.apply('logRead', { ...ref, lines: read.lines.map(logLineOf), at: now() });
    } catch (error) {
      const shape = shapeOf(error);
      // Only the code: the message may quote the server, and no log line goes to the file.
      log.warn('instance log: could not read it', { code: shape.code });
      if (moved()) return;
      if (shape.code === 'unauthorized') deps.tokenRefused(accountId, shape);
      model.apply('logFailed', { ...ref, error: shape });
    }
  }

  function read(
    accountId: AccountId,
    teamId: TeamId,
    instanceId: InstanceId,
    asked: boolean,
  ): Promise<void> {
    const key = `${accountId}/${instanceId}`;
    const joined = lanes.get(key);
    if (asked && joined !== undefined) limiter(accountId).raise(joined);
    return reads.run(key, () => {
      const lane: Lane = { user: asked };
      lanes.set(key, lane);
      return readOne(accountId, teamId, instanceId, lane)
        .catch((error: unknown) => {
          log.warn('instance log: unexpected failure', { code: shapeOf(error).code });
        })
        .finally(() => {
          lanes.delete(key);
        });
    });
  }

  /**
   * The team's instances that turned to a problem, or are one with no log read in this run: at
   * most UNASKED_READS of them per change of the team, those that turned first. The others are
   * read at the team's next changes, or at once when the user opens their row.
   */
  function heard(
    state: TeamtrayState,
    previous: TeamtrayState,
    accountId: AccountId,
    teamId: TeamId,
  ): void {
    const turned: InstanceId[] = [];
    const unread: InstanceId[] = [];
    for (const each of instanceTurns(state, previous, accountId, teamId)) {
      if (!needsAttention(each.instance.state)) continue;
      if (each.turned) turned.push(each.instance.id);
      else if (each.instance.log === null) unread.push(each.instance.id);
    }
    for (const instanceId of [...turned, ...unread].slice(0, UNASKED_READS)) {
      void read(accountId, teamId, instanceId, false);
    }
  }

  const stop = model.subscribe((change: Change) => {
    const team = teamRead(change);
    if (team !== null) heard(change.state, change.previous, team.accountId, team.teamId);
  });

  return {
    stop,
    read: (accountId, teamId, instanceId) => read(accountId, teamId, instanceId, true),
    idle: () => reads.idle(),
  };
}
