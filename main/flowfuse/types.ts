/**
 * The FlowFuse client as the rest of main sees it. Implemented in client.ts over ky.
 */
import type { Origin, Token } from '../../common/brand';
import type { InstanceAction } from '../../common/runtime';
import type { LeftOut } from '../../common/left-out';

export type { ApiTeam, ApiUser } from './schemas';
import type { ApiTeam, ApiUser } from './schemas';

interface ProbeResult {
  /** `info.version` from `/api/json`, when the server says. */
  readonly version: string | null;
}

/** A hosted instance as a team's list gives it. */
export interface ApiInstance {
  readonly id: string;
  readonly name: string;
  readonly url: string | null;
  /** The application's name. */
  readonly application: string | null;
  /** `meta.state`, when the list carried it (FlowFuse 2.19+ with `includeMeta`). */
  readonly state: string | null;
}

export interface ApiDevice {
  readonly id: string;
  readonly name: string;
  /** Epoch ms on this machine's clock, or null: never seen. */
  readonly lastSeenAt: number | null;
  readonly state: string | null;
  readonly onlineStatus: string | null;
}

/** A team's runtime, and an instance's actions. */
export interface RuntimeCalls {
  /** `GET /teams/:id/projects?includeMeta=true`; `withState` when the server understood it. */
  listInstances(teamId: string): Promise<{
    readonly instances: readonly ApiInstance[];
    readonly withState: boolean;
    /** Instances not read or past MAX_INSTANCES_PER_TEAM; null when none. */
    readonly leftOut: LeftOut | null;
  }>;
  /** `GET /teams/:id/applications/status`: instance id → state. */
  instanceStates(teamId: string): Promise<ReadonlyMap<string, string>>;
  /** `GET /teams/:id/devices`, page by page up to MAX_DEVICES_PER_TEAM. */
  listDevices(teamId: string): Promise<{
    readonly devices: readonly ApiDevice[];
    readonly leftOut: LeftOut | null;
  }>;
  /** `GET /projects/:id` → `meta.state`. */
  instanceState(instanceId: string): Promise<string>;
  /** `POST /projects/:id/actions/<action>`. */
  instanceAction(instanceId: string, action: InstanceAction): Promise<void>;
}

/** An account's teams as read: those kept, and what was left out (null: nothing). */
export interface TeamList {
  readonly teams: readonly ApiTeam[];
  readonly leftOut: LeftOut | null;
}

export interface FlowFuseClient extends RuntimeCalls {
  readonly origin: Origin;
  /** `GET /api/json` without a token: is this FlowFuse, and which version. */
  probe(): Promise<ProbeResult>;
  /** `GET /api/v1/user`: verifies the token. */
  whoAmI(): Promise<ApiUser>;
  /** `GET /api/v1/user/teams`, read team by team, at most MAX_TEAMS_PER_ACCOUNT. */
  listTeams(): Promise<TeamList>;
  /** `PUT /api/v1/teams/<id>` with `{name}`. The name must already be checked. */
  renameTeam(teamId: string, name: string): Promise<ApiTeam>;
}

export interface ClientOptions {
  readonly origin: Origin;
  /** Null for a client that may only probe. */
  readonly token: Token | null;
  /** Consent to plain http for a host other than loopback. */
  readonly allowHttp: boolean;
  /** Aborts every call of this client: its reason (an AppError) is what the call throws. */
  readonly signal?: AbortSignal;
}

/** Every caller gets clients from one factory, so the fetch and the limits are set in one place. */
export type ClientFactory = (options: ClientOptions) => FlowFuseClient;
