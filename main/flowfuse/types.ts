/**
 * The FlowFuse client as the rest of main sees it. Implemented in client.ts over ky.
 */
import type { Origin, Token } from '../../common/brand';
import type { InstanceAction } from '../../common/runtime';
import type { LeftOut } from '../../common/left-out';
import type { DeviceCalls } from './device-calls';
import type { TokenCalls } from './token-calls';

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
  /** `developer` or `autonomous` (FlowFuse 1.7+); null when not said. */
  readonly mode: string | null;
  /** The snapshots' names: what it runs, what it was told to run (null: none, or not said). */
  readonly activeSnapshot: string | null;
  readonly targetSnapshot: string | null;
  /** Not on its target at this read: `readAt`; null when it is, or has none. */
  readonly notOnTargetSince: number | null;
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

/** One entry of an instance's log, as read: server text, bounded, never markup. */
export interface ApiLogLine {
  /** The entry's `ts` as sent: epoch ms (a launcher adds a 4-digit counter). Orders entries. */
  readonly ts: string;
  /** When, in epoch ms on the server's clock. */
  readonly at: number;
  /** `info`, `warn`, `error`, `system`, … in lower case; null when the server said none. */
  readonly level: string | null;
  /**
   * The message as text: several lines keep their breaks (`\n`); other control characters
   * become spaces; at most MAX_LOG_MESSAGE_LINES lines and MAX_LOG_MESSAGE characters.
   */
  readonly msg: string;
  /** True when `msg` was cut to those bounds. */
  readonly clipped: boolean;
  /** Where it came from (a launcher's host name, say); null when not said. */
  readonly src: string | null;
}

export type InstanceLog =
  | {
      readonly kind: 'log';
      /** Oldest first, the newest last, as FlowFuse sends them. */
      readonly lines: readonly ApiLogLine[];
      /** Pass as `cursor` for the entries before these; null when these start the log. */
      readonly olderCursor: string | null;
      /** Pass as `cursor` for entries written after these; null when none were read. */
      readonly newerCursor: string | null;
      /** Entries not read, or older than MAX_LOG_LINES; null when none. */
      readonly leftOut: LeftOut | null;
    }
  /** FlowFuse keeps no log while an instance is suspended (400 `project_suspended`). */
  | { readonly kind: 'suspended' };

export interface InstanceLogOptions {
  /** How many of the newest entries (default 30, at most MAX_LOG_LINES). */
  readonly limit?: number;
  /** An `olderCursor` or `newerCursor` from an earlier read. */
  readonly cursor?: string;
}

/** Who made an audit event: a user, or the platform itself (a start that failed). */
export type ApiActor =
  { readonly kind: 'user'; readonly username: string } | { readonly kind: 'platform' };

/** An entry of an instance's audit log. */
export interface ApiAuditEvent {
  readonly id: string;
  /** `project.started`, `project.stopped`, `project.start-failed`, … as sent. */
  readonly event: string;
  /** Epoch ms, or null when the time could not be read. */
  readonly at: number | null;
  /** Null when the server did not say. */
  readonly actor: ApiActor | null;
  /** The error FlowFuse wrote with the event (why a start failed), as text; null when none. */
  readonly error: string | null;
  /** Made with a token (FlowFuse 2.32+ `source: 'api'`); absent when the entry did not say. */
  readonly viaApi?: boolean;
}

/** A thing a notification is about, by id and name, as the server sent them. */
export interface ApiRef {
  readonly id: string | null;
  readonly name: string | null;
}

/** A notification of the account's FlowFuse inbox (FlowFuse 2.7+). */
export interface ApiNotification {
  readonly id: string;
  /** `team-invite`, `instance-crashed`, `instance-safe-mode`, `device-crashed`, … as sent. */
  readonly type: string;
  /** Epoch ms, or null when the time could not be read. */
  readonly at: number | null;
  readonly read: boolean;
  readonly instance: ApiRef | null;
  readonly device: ApiRef | null;
  readonly team: ApiRef | null;
  /** `data.meta.severity` (`error`, `warning`, …), when said. */
  readonly severity: string | null;
  /** Who sent an invitation (`data.invitor.username`), who accepted one (`data.invitee`). */
  readonly invitor: string | null;
  readonly invitee: string | null;
  /** `data.team.slug`: the team's pages are named by it. */
  readonly teamSlug: string | null;
  /** A platform message's own title and words (`data.title`, `data.message`), as sent. */
  readonly title: string | null;
  readonly message: string | null;
}

export type Inbox =
  /** The server has no inbox (404: FlowFuse before 2.7). Nothing to show, nothing wrong. */
  | { readonly kind: 'none' }
  | {
      readonly kind: 'inbox';
      /** Newest first, at most MAX_NOTIFICATIONS. */
      readonly notifications: readonly ApiNotification[];
      /** The server's own count of the account's notifications, read or not; null if unsaid. */
      readonly total: number | null;
      readonly leftOut: LeftOut | null;
    };

/** An instance's log and audit log, and the account's FlowFuse inbox. */
export interface ActivityCalls {
  /** `GET /projects/:id/logs`: the newest entries (or a page of them). */
  instanceLog(instanceId: string, options?: InstanceLogOptions): Promise<InstanceLog>;
  /** `GET /projects/:id/audit-log`, newest first, at most MAX_AUDIT_EVENTS. */
  instanceAuditLog(
    instanceId: string,
    options?: { readonly limit?: number },
  ): Promise<{ readonly events: readonly ApiAuditEvent[]; readonly leftOut: LeftOut | null }>;
  /** The newest start, stop, restart, suspend or failed start; null when there is none. */
  lastAction(instanceId: string): Promise<ApiAuditEvent | null>;
  /**
   * The newest changes (a deploy, settings, nodes, stack, rollback) and problem entries
   * (`crashed`, `safe-mode`, a failed start), newest first (change-calls.ts).
   */
  recentChanges(instanceId: string): Promise<readonly ApiAuditEvent[]>;
  /** `GET /user/notifications`: one page, newest first; `none` when the server has no inbox. */
  userNotifications(): Promise<Inbox>;
  /** `PUT /user/notifications/:id` for one, `PUT /user/notifications` for several. */
  markNotificationsRead(ids: readonly string[]): Promise<void>;
}

/** An account's teams as read: those kept, and what was left out (null: nothing). */
export interface TeamList {
  readonly teams: readonly ApiTeam[];
  readonly leftOut: LeftOut | null;
}

export interface FlowFuseClient extends RuntimeCalls, ActivityCalls, DeviceCalls, TokenCalls {
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
