/**
 * The world every contract case runs in, written once and seeded twice: into the fake server
 * (fake-world.ts) and into a real FlowFuse (scripts/contract/seed-real.ts). Each resource a case
 * changes is its own (an instance per action), so the cases do not depend on each other's order
 * beyond "reads before actions".
 */
import type { FakeRole } from '../fake-server/types';

export { LONG_AGO_MS } from '../fake-server/runtime-data';

export const USERS = {
  alice: { name: 'Alice Owner' },
  bob: { name: 'Bob Member' },
  carol: { name: 'Carol Viewer' },
  dave: { name: 'Dave Outsider' },
  erin: { name: 'Erin Dashboard' },
} as const;
export type UserKey = keyof typeof USERS;

export interface TeamSpec {
  readonly name: string;
  readonly slug: string;
  readonly owner: UserKey;
  /** Everyone else in the team, with their role. */
  readonly members: Readonly<Partial<Record<UserKey, Exclude<FakeRole, 50>>>>;
}

export const TEAMS = {
  alpha: {
    name: 'Alpha Works',
    slug: 'alpha-works',
    owner: 'alice',
    members: { bob: 30, carol: 10, erin: 5 },
  },
  beta: { name: 'Beta Lab', slug: 'beta-lab', owner: 'bob', members: {} },
  /** Only the rename cases touch this team's name. */
  renames: { name: 'Rename Lab', slug: 'rename-lab', owner: 'alice', members: { bob: 30 } },
} as const satisfies Record<string, TeamSpec>;
export type TeamKey = keyof typeof TEAMS;

export const APPLICATIONS = {
  alphaApp: { team: 'alpha', name: 'Alpha App' },
  alphaTools: { team: 'alpha', name: 'Alpha Tools' },
  betaApp: { team: 'beta', name: 'Beta App' },
  /** Holds the instance whose start fails, away from the teams whose counts cases check. */
  labTools: { team: 'renames', name: 'Lab Tools' },
} as const satisfies Record<string, { readonly team: TeamKey; readonly name: string }>;
export type ApplicationKey = keyof typeof APPLICATIONS;

/**
 * The states a seed can leave an instance in. `start-failed`: its first start failed, so the
 * platform suspended it and wrote `project.start-failed` to its audit log (FlowFuse's stub driver
 * fails every start of an instance named `stub-fail-start`).
 */
export type SeedState = 'running' | 'stopped' | 'suspended' | 'crashed' | 'start-failed';

export const INSTANCES = {
  running: { app: 'alphaApp', name: 'alpha-running', state: 'running' },
  stopped: { app: 'alphaApp', name: 'alpha-stopped', state: 'stopped' },
  crashed: { app: 'alphaApp', name: 'alpha-crashed', state: 'crashed' },
  suspended: { app: 'alphaTools', name: 'alpha-suspended', state: 'suspended' },
  toStop: { app: 'alphaTools', name: 'alpha-to-stop', state: 'running' },
  toRestart: { app: 'alphaTools', name: 'alpha-to-restart', state: 'running' },
  toSuspend: { app: 'alphaTools', name: 'alpha-to-suspend', state: 'running' },
  toStart: { app: 'alphaTools', name: 'alpha-to-start', state: 'suspended' },
  beta: { app: 'betaApp', name: 'beta-running', state: 'running' },
  /** What test:live shows the log lines of, without a click (scripts/contract/live.ts). */
  betaCrashed: { app: 'betaApp', name: 'beta-crashed', state: 'crashed' },
  /** Restarted together with beta-running by test:live's bulk step (scripts/contract/live.ts). */
  betaSpare: { app: 'betaApp', name: 'beta-spare', state: 'running' },
  failed: { app: 'labTools', name: 'stub-fail-start', state: 'start-failed' },
} as const satisfies Record<
  string,
  { readonly app: ApplicationKey; readonly name: string; readonly state: SeedState }
>;
export type InstanceKey = keyof typeof INSTANCES;

/**
 * What changed on an instance before it crashed, oldest first, and who changed it: its settings
 * through the platform's API (`PUT /projects/:id {settings}` writes `project.settings.updated`),
 * then a deploy as its Node-RED reports one (`flows.set`, body `{type}`).
 */
export const CHANGES_BEFORE_CRASH: Readonly<
  Partial<Record<InstanceKey, readonly { readonly event: string; readonly by: UserKey }[]>>
> = {
  crashed: [
    { event: 'project.settings.updated', by: 'alice' },
    { event: 'flows.set', by: 'alice' },
  ],
};

/** When a device last called home: never, just now, or two hours before the run. */
type LastSeen = 'never' | 'recent' | 'long-ago';

export interface DeviceSpec {
  readonly team: TeamKey;
  readonly name: string;
  readonly type: string;
  readonly app?: ApplicationKey;
  readonly lastSeen: LastSeen;
  /** What the agent reported (only for a device that was seen). */
  readonly state?: string;
}

export const DEVICES = {
  gateway: {
    team: 'alpha',
    app: 'alphaApp',
    name: 'alpha-gw-1',
    type: 'raspberry-pi',
    lastSeen: 'recent',
    state: 'running',
  },
  spare: { team: 'alpha', name: 'alpha-spare', type: 'edge-box', lastSeen: 'never' },
  lost: {
    team: 'alpha',
    app: 'alphaTools',
    name: 'alpha-lost',
    type: 'edge-box',
    lastSeen: 'long-ago',
    state: 'running',
  },
  beta: { team: 'beta', name: 'beta-gw', type: 'edge-box', lastSeen: 'never' },
} as const satisfies Record<string, DeviceSpec>;
export type DeviceKey = keyof typeof DEVICES;

/**
 * A device that has not reached the snapshot it was told to run: the name of the one it runs
 * (`activeSnapshot`) and of its target (`targetSnapshot`).
 */
export const DEVICE_SNAPSHOTS: Readonly<
  Partial<Record<DeviceKey, { readonly active: string; readonly target: string }>>
> = {
  lost: { active: 'line-3 v1', target: 'line-3 v2' },
};

/** The names of alice's extra tokens, as `GET /api/v1/user/tokens` lists them. */
export const EXPIRED_TOKEN_NAME = 'contract-expired';
export const REVOKED_TOKEN_NAME = 'contract-revoked';
/** alice's token that expires two days after seeding (token health warns of it). */
export const SOON_TOKEN_NAME = 'contract-soon';
export const SOON_TOKEN_MS = 2 * 24 * 60 * 60 * 1000;

/** What seeding produced: the ids and tokens the cases address. */
export interface SeededWorld {
  readonly users: Readonly<Record<UserKey, { readonly id: string; readonly token: string }>>;
  readonly teams: Readonly<Record<TeamKey, { readonly id: string }>>;
  readonly applications: Readonly<Record<ApplicationKey, { readonly id: string }>>;
  readonly instances: Readonly<Record<InstanceKey, { readonly id: string }>>;
  readonly devices: Readonly<Record<DeviceKey, { readonly id: string }>>;
  /**
   * alice's token that expired before the run, one she deleted, and one that expires two days
   * after seeding (`soon`: the live suite adds an account with it and sees the warning).
   */
  readonly tokens: { readonly expired: string; readonly revoked: string; readonly soon: string };
}

/** The team's members other than its owner, with their roles. */
export function membersOf(team: TeamSpec): [UserKey, Exclude<FakeRole, 50>][] {
  return Object.entries(team.members) as [UserKey, Exclude<FakeRole, 50>][];
}

/** `Object.entries` with the spec's own key type. */
export function entriesOf<K extends string, V>(record: Readonly<Record<K, V>>): [K, V][] {
  return Object.entries(record) as [K, V][];
}
