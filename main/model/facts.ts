/**
 * What the transitions take in: the parts of the model's tree (common/state.ts) that come from
 * outside Teamtray, before Teamtray adds its own (a team's runtime and pending name, an
 * instance's action in flight). One shape each: the server's answers, the caches and the
 * transitions all speak these; readingOf takes one back out of the tree.
 */
import type { LeftOut } from '../../common/left-out';
import type { Account, Device, Instance, LastAction, Team, TeamRuntime } from '../../common/state';

/** A saved account as the registry keeps it: what the user and the server said of it. */
export type SavedAccountFacts = Pick<
  Account,
  'id' | 'label' | 'origin' | 'allowHttp' | 'username' | 'version'
> &
  Partial<Pick<Account, 'tokenInfo' | 'tokenWarned'>>;

/** A team as the team list (or the teams cache) gives it. */
export type ListedTeam = Omit<Team, 'runtime' | 'pendingName'>;

/**
 * An instance as a read (or the runtime cache) gives it. Only the cache holds a `lastAction`:
 * a read of the team has none (the audit log is read apart, main/runtime/last-actions.ts). Neither
 * holds a log: it is read apart too (main/runtime/instance-logs.ts) and never kept on disk; nor
 * what changed before a problem (main/runtime/change-before.ts), read again at each problem.
 */
export type ReadInstance = Omit<
  Instance,
  'action' | 'actionSentAt' | 'lastAction' | 'log' | 'trouble' | 'recovered' | 'changeBefore'
> & {
  readonly lastAction?: LastAction | null;
};

/** A device as a read (or the runtime cache) gives it: without Teamtray's action in flight. */
export type ReadDevice = Omit<Device, 'action'>;

/** One read of a team's instances and devices (main/runtime/team-fetch.ts; the runtime cache). */
export interface TeamReading {
  readonly instances: readonly ReadInstance[];
  readonly devices: readonly ReadDevice[];
  /** Instances the read left out (not readable, past the cap or the budget); absent when none. */
  readonly instancesLeftOut?: LeftOut;
  /** Devices likewise. */
  readonly devicesLeftOut?: LeftOut;
}

/**
 * What the reads of a team found, without what Teamtray adds (the runtime cache keeps this):
 * no action in flight, and no log (it is read again, never written to disk).
 */
export function readingOf(runtime: TeamRuntime): TeamReading {
  return {
    instances: runtime.instances.map(
      ({
        action: _action,
        actionSentAt: _at,
        log: _log,
        // Teamtray's own view of this run's trouble: not kept across runs.
        trouble: _trouble,
        recovered: _recovered,
        changeBefore: _change,
        ...read
      }) => read,
    ),
    devices: runtime.devices.map(({ action: _action, ...read }) => read),
    ...(runtime.instancesLeftOut === null ? {} : { instancesLeftOut: runtime.instancesLeftOut }),
    ...(runtime.devicesLeftOut === null ? {} : { devicesLeftOut: runtime.devicesLeftOut }),
  };
}
