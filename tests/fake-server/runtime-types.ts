/**
 * The public shapes of the fake server's runtime: applications, hosted Node-RED instances
 * ("projects" on the wire) and devices (remote agents), as FlowFuse 2.4.0 has them.
 */

/**
 * What `meta.state` can say. The launcher's states, the in-flight ones the platform holds while
 * an action runs, and `suspended`/`unknown`; any other string is possible on a real server too.
 */
export type InstanceState =
  | 'running'
  | 'stopped'
  | 'suspended'
  | 'crashed'
  | 'starting'
  | 'stopping'
  | 'restarting'
  | 'suspending'
  | 'loading'
  | 'installing'
  | 'safe'
  | 'unknown'
  | (string & {});

export interface FakeApplication {
  readonly id: string;
  readonly teamId: string;
  readonly name: string;
  readonly description: string;
  readonly createdAt: string;
}

export interface FakeInstance {
  /** A UUID, as FlowFuse gives instances (teams, applications and devices get hashids). */
  readonly id: string;
  readonly applicationId: string;
  readonly teamId: string;
  /** Mutable: `renameInstance` changes it (the id stays). */
  name: string;
  /** The editor's address: `http://<name>.example.com`, as the stub driver makes it. */
  readonly url: string;
  /** What `meta.state` says now. Mutable: actions and `setInstanceState` change it. */
  state: InstanceState;
  readonly createdAt: string;
  updatedAt: string;
}

export interface FakeDevice {
  /** A hashid; the team's device list is ordered by creation, which is FlowFuse's id order. */
  readonly id: string;
  readonly teamId: string;
  applicationId: string | null;
  readonly name: string;
  readonly type: string;
  /** Epoch ms of the last heartbeat, or null for a device that never called home. */
  lastSeenAt: number | null;
  /** The last state the agent reported; null shows as `offline`. */
  reportedState: string | null;
  agentVersion: string;
  readonly createdAt: string;
  /** `autonomous` unless developer mode was turned on (`PUT /devices/:id/mode`). */
  mode: 'developer' | 'autonomous';
  /**
   * The snapshot it runs and the one it was told to run (names; null: none). While they differ
   * FlowFuse says `isDeploying` (tests/contract/cases/devices.ts, `devices/snapshots`).
   */
  activeSnapshot?: FakeSnapshot | null;
  targetSnapshot?: FakeSnapshot | null;
}

/** A snapshot as a device names it: `{id, name, description}`. */
export interface FakeSnapshot {
  readonly id: string;
  readonly name: string;
}

export interface NewApplication {
  readonly name: string;
  readonly description?: string;
}

export interface NewInstance {
  readonly name: string;
  /** Default `running`. Any state can be forced, `crashed` included (the stub never crashes). */
  readonly state?: InstanceState;
  /**
   * Who created it and brought it to `state` (its audit log says so); the team's owner by
   * default, as the contract's seeding does on a real server.
   */
  readonly by?: FakeActor;
}

/** When a device last called home: never, just now, two hours ago, or any time ago. */
export type LastSeen = 'never' | 'recent' | 'long-ago' | { readonly msAgo: number };

export interface NewDevice {
  readonly name: string;
  /** Required by FlowFuse (it answers 400 without one); default `raspberry-pi`. */
  readonly type?: string;
  /** Default `never`. */
  readonly lastSeen?: LastSeen;
  /** What the agent reported; default `running` for a device that was seen. */
  readonly state?: string;
  readonly agentVersion?: string;
}

export type InstanceAction = 'start' | 'stop' | 'restart' | 'suspend';

export interface RuntimeOptions {
  /** How long `start` on a suspended instance shows `starting` (FlowFuse's stub: 500 ms). */
  readonly startDelayMs?: number;
  /** As FlowFuse 2.32+: an action made through the API is marked `source: 'api'`. */
  readonly apiSource?: boolean;
}

/** Who did something to an instance: a user, or the platform itself (a failed start). */
export type FakeActor = { readonly id: string; readonly username: string } | 'system';

/** One entry of an instance's log, as `GET /projects/:id/logs` sends it. */
export interface FakeLogEntry {
  /** Epoch ms and a 4-digit counter, as text: the launcher's way to keep entries apart. */
  readonly ts: string;
  readonly level: string;
  /** May hold several lines. */
  readonly msg: string;
  readonly src?: string;
}

/** A log entry to put in an instance's log: `msAgo` before now (default now). */
export interface NewLogEntry {
  readonly level: string;
  readonly msg: string;
  readonly src?: string;
  readonly msAgo?: number;
}

/** One entry of an instance's audit log. */
export interface FakeAuditEntry {
  /** A hashid: the audit log's cursor. */
  readonly id: string;
  /** Order of writing: newer entries have larger numbers. */
  readonly seq: number;
  readonly createdAt: string;
  readonly event: string;
  readonly actor: FakeActor;
  readonly body: Readonly<Record<string, unknown>>;
  /** `api` for an action made with a token, as FlowFuse 2.32+ marks it; absent before. */
  readonly source?: string;
}
