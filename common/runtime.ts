/**
 * What Teamtray knows about a team's runtime: its hosted instances (FlowFuse Node-RED instances)
 * and its devices (remote Node-RED agents), as they cross the bridge. One block per team, each a
 * few columns: a thousand instances are a few arrays, not a thousand objects.
 */
import type { AccountId } from './brand';
import type { AppErrorShape } from './errors';
import type { LeftOut } from './left-out';

export const INSTANCE_ACTIONS = ['start', 'restart', 'stop', 'suspend'] as const;
export type InstanceAction = (typeof INSTANCE_ACTIONS)[number];

/** A team's hosted instances. */
export interface InstanceTable {
  readonly id: readonly string[];
  readonly name: readonly string[];
  /** The Node-RED editor's address, when the server gave one. */
  readonly url: readonly (string | null)[];
  /** The application each instance belongs to (its name). */
  readonly application: readonly (string | null)[];
  /**
   * `meta.state` as the server says it (`running`, `crashed`, …; any string is possible), or the
   * transition of an action Teamtray sent and is following (`stopping`, …).
   */
  readonly state: readonly string[];
  /** The action Teamtray sent and follows until the state settles, or null. */
  readonly action: readonly (InstanceAction | null)[];
}

/** A team's devices. */
export interface DeviceTable {
  readonly id: readonly string[];
  readonly name: readonly string[];
  /** Epoch ms of the last time the agent called home (on this machine's clock), or null: never. */
  readonly lastSeenAt: readonly (number | null)[];
  /** The last state the agent reported (`running`, `stopped`, …), or null. */
  readonly state: readonly (string | null)[];
  /** FlowFuse 2.33+ says online/offline/not-seen itself; null on older servers. */
  readonly onlineStatus: readonly (string | null)[];
}

/**
 * - `loading`: nothing known yet, a first read is under way
 * - `ok`: listed (`fetchedAt` says when)
 * - `hidden`: the token may not see this team's instances (a dashboard role, or a token limited
 *   to other teams): not an error of the account
 * - `error`: the last read failed (`error` says why); what was known before is kept
 */
export type RuntimeStatus = 'loading' | 'ok' | 'hidden' | 'error';

/**
 * One team's runtime. Sparse, because most teams of a big account have nothing running: what is
 * empty is left out (`error`, `instances`, `devices`), and read it with `instancesOf` /
 * `devicesOf` (common/runtime-read.ts), which give empty tables.
 */
export interface TeamRuntime {
  readonly teamId: string;
  readonly status: RuntimeStatus;
  readonly error?: AppErrorShape;
  /** Epoch ms of the read these lists come from; null when never read. */
  readonly fetchedAt: number | null;
  readonly instances?: InstanceTable;
  readonly devices?: DeviceTable;
  /** Instances the last read left out: not readable, or past the cap ("and N more"). */
  readonly instancesLeftOut?: LeftOut;
  /** Devices likewise. */
  readonly devicesLeftOut?: LeftOut;
}

/**
 * An account's runtime in getState: a block for each team with something to say, and for every
 * other listed team "read, and nothing there" as of `quietSince` (null: not read yet, loading).
 */
export interface AccountRuntime {
  readonly teams: readonly TeamRuntime[];
  /** When the teams without a block were read, found with no instance and no device. */
  readonly quietSince: number | null;
}

/** A push: one team's runtime changed. */
export interface TeamRuntimeUpdate {
  readonly accountId: AccountId;
  readonly runtime: TeamRuntime;
}

/** What a notification's click asks the popover to show. */
export interface FocusTarget {
  readonly accountId: AccountId;
  readonly teamId: string | null;
  readonly item: { readonly kind: 'instance' | 'device'; readonly id: string } | null;
}
