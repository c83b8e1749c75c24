/**
 * What Teamtray believes, as one tree: the model main keeps (main/model) and the replica the
 * renderer holds are this same shape. Accounts in the user's order, each with its teams as the
 * server listed them, each team with its instances and devices, and what is in flight (a refresh,
 * a rename, an action). Nothing here is secret: no token, no header, no raw response.
 *
 * The bridge sends it once (`getState`: a Snapshot), then only what changed (`patches`: a
 * PatchPush, immer's JSON patches, numbered so a gap is seen and mended with a new snapshot).
 */
import type { Patch } from 'immer';
import type { AccountId, DeviceId, InstanceId, Origin, TeamId } from './brand';
import type { DeviceAction, DeviceRoutes } from './device-actions';
import type { BulkRun } from './bulk';
import type { AppErrorShape } from './errors';
import type { LeftOut } from './left-out';
import type { TokenInfo, TokenWarned } from './token-health';
import type { AccountStatus, Notice, Settings, VaultStatus } from './model';
import type { InstanceAction, RuntimeStatus } from './runtime';

export interface TeamtrayState {
  readonly settings: Settings;
  readonly vault: VaultStatus;
  readonly notices: readonly Notice[];
  /** The saved accounts, in the user's order. */
  readonly accounts: readonly Account[];
  /** The last bulk action of this run (common/bulk.ts); absent or null before the first. */
  readonly bulk?: BulkRun | null;
}

/** A saved account (a server and one user's token), without the token. */
export interface Account {
  readonly id: AccountId;
  /** '' when the user gave none: the popover then shows `user @ host`. */
  readonly label: string;
  readonly origin: Origin;
  /** True when the user consented to plain http for a non-loopback host. */
  readonly allowHttp: boolean;
  /** The FlowFuse username the token belongs to, when known. */
  readonly username: string | null;
  readonly status: AccountStatus;
  readonly error: AppErrorShape | null;
  /** Epoch ms of the last successful team list. */
  readonly lastSuccessAt: number | null;
  /** Platform version from `/api/json`, when known. */
  readonly version: string | null;
  /** True when the teams shown come from the cache or an older refresh. */
  readonly stale: boolean;
  /** A refresh of this account is in flight. */
  readonly refreshing: boolean;
  /**
   * The team list answered (or failed) in this run of the app: what the account shows is this
   * run's, not the cache's. The first answer of a run is no news (notifications).
   */
  readonly readThisRun: boolean;
  /** Teams the last list left out (could not be read, or past the cap); null when none. */
  readonly teamsLeftOut: LeftOut | null;
  /** The teams, in the server's order. */
  readonly teams: readonly Team[];
  /** What the server's own FlowFuse inbox holds for this user (FlowFuse 2.7+). */
  readonly inbox: Inbox;
  /** The device routes this server refused as too old or unlicensed, in this run. */
  readonly deviceRoutes: DeviceRoutes;
  /**
   * Which of the user's tokens this account is (its id, name, dates and scope: never the token),
   * saved with the account; null until known (common/token-health.ts).
   */
  readonly tokenInfo: TokenInfo | null;
  /**
   * The user's tokens when the list could not say which one this account is: the user is asked
   * once ("Which of your tokens is this?") and picks one (`chooseToken`); null when not asking.
   */
  readonly tokenChoices: readonly TokenInfo[] | null;
  /**
   * The last expiry warning told of its token (7 days, or the last day), saved with the account
   * so a restart does not tell it again; absent or null when none was told.
   */
  readonly tokenWarned?: TokenWarned | null;
}

/**
 * An account's FlowFuse inbox. A server without one (FlowFuse before 2.7 answers 404) has
 * `supported: false` and nothing to show; that is not an error. A failed read is kept in `error`
 * and stays quiet: it does not make the account an error.
 */
export interface Inbox {
  /** null: not asked yet in this run; false: the server has none; true: it has one. */
  readonly supported: boolean | null;
  /** The unread notifications, newest first (one marked read in Teamtray has `read: true`). */
  readonly notifications: readonly InboxNotification[];
  /** The last read failed; null when it worked. */
  readonly error: AppErrorShape | null;
}

/** One notification of a FlowFuse inbox, in Teamtray's words (main/inbox/notification-words.ts). */
export interface InboxNotification {
  readonly id: string;
  /** `instance-crashed`, `team-invite`, … as the server sent it. */
  readonly type: string;
  /** Epoch ms it was made, or null when the server's time could not be read. */
  readonly at: number | null;
  /** Marked read in Teamtray; the next read of the inbox drops it. */
  readonly read: boolean;
  /** One line, made from the notification's data: "line-3 crashed". Server text: text only. */
  readonly title: string;
  /** A second line ("Node-RED instance"), or ''. */
  readonly text: string;
  /** The FlowFuse page it opens (main builds the URL from the saved origin). */
  readonly target: InboxTarget;
}

/** What a notification opens in FlowFuse. */
export type InboxTarget =
  | { readonly kind: 'instance'; readonly id: string }
  | { readonly kind: 'device'; readonly id: string }
  | { readonly kind: 'invitations' }
  | { readonly kind: 'team'; readonly slug: string; readonly page: 'members' | 'billing' }
  /** Nothing more precise: FlowFuse's home, where its own inbox is. */
  | { readonly kind: 'home' };

export interface Team {
  readonly id: TeamId;
  readonly name: string;
  readonly slug: string;
  readonly typeName: string | null;
  /** The numeric role (common/roles.ts), or null when the server did not say. */
  readonly role: number | null;
  /** An absolute https URL, or null. */
  readonly avatarUrl: string | null;
  readonly instanceCount: number | null;
  readonly memberCount: number | null;
  readonly deviceCount: number | null;
  /** A rename sent to the server and not yet answered: the name shown meanwhile. */
  readonly pendingName: string | null;
  /** The team's instances and devices. */
  readonly runtime: TeamRuntime;
}

/**
 * - `loading`: nothing known yet, a first read is under way
 * - `ok`: read (`fetchedAt` says when)
 * - `hidden`: the token may not see this team's instances: not an error of the account
 * - `error`: the last read failed (`error` says why); what was known before is kept
 */
export interface TeamRuntime {
  readonly status: RuntimeStatus;
  readonly error: AppErrorShape | null;
  /** Epoch ms of the read these lists come from; null when never read. */
  readonly fetchedAt: number | null;
  readonly instances: readonly Instance[];
  readonly devices: readonly Device[];
  /** Instances the last read left out; null when none. */
  readonly instancesLeftOut: LeftOut | null;
  readonly devicesLeftOut: LeftOut | null;
  /**
   * A read answered in this run of the app: the lists are this run's, not the cache's. What the
   * first read of a run finds is no news (notifications).
   */
  readonly readThisRun: boolean;
}

/** A FlowFuse (Node-RED) instance. */
export interface Instance {
  readonly id: InstanceId;
  readonly name: string;
  /** The Node-RED editor's address, when the server gave one. */
  readonly url: string | null;
  /** The application it belongs to (its name). */
  readonly application: string | null;
  /**
   * `meta.state` as the server says it (`running`, `crashed`, …; any string is possible), or the
   * transition of an action Teamtray sent and is following (`stopping`, …).
   */
  readonly state: string;
  /** The action Teamtray sent and follows until the state settles, or null. */
  readonly action: InstanceAction | null;
  /** Epoch ms the action was sent; null with no action. */
  readonly actionSentAt: number | null;
  /**
   * The newest start, stop, restart, suspend or failed start in the instance's audit log, read
   * when it turns stopped or suspended; null until one was read.
   */
  readonly lastAction: LastAction | null;
  /**
   * Its last log lines, read when it turns to a problem (crashed, safe mode, error) or when the
   * user asks; null until one was read in this run (the log is never kept on disk).
   */
  readonly log: InstanceLog | null;
  /**
   * Its trouble (crashed, safe mode, error, or suspended by a failed start) and since when, as
   * Teamtray saw it; null or absent when it is in none (main/model/trouble.ts). Not kept on disk.
   */
  readonly trouble?: Trouble | null;
  /** Its last way out of trouble, as Teamtray saw it; null or absent when none. */
  readonly recovered?: Recovery | null;
  /**
   * The newest change in its audit log before its problem (a crash, safe mode, an error, a
   * failed start), read when it turns to one (main/runtime/change-before.ts); null until read in
   * this run, and again once its state changes (it belongs to that problem). Never on disk.
   */
  readonly changeBefore: ChangeBefore | null;
  /**
   * Its last transitions as Teamtray saw them, oldest first, at most 20 (main/model/history.ts);
   * kept in the runtime cache. Absent or empty when none was seen yet.
   */
  readonly history?: readonly HistoryEntry[];
}

/** One transition of an instance or device: "crashed 10:02", "stopped by bob 09:40". */
export interface HistoryEntry {
  /** Epoch ms Teamtray saw it (this machine's clock). */
  readonly at: number;
  /** The state it turned to (a device: `offline` when it is off line), at most 64 characters. */
  readonly state: string;
  /** Who did it, from the audit log's last action (FlowFuse username); absent when not known. */
  readonly by?: string;
}

/** An instance in trouble. */
export interface Trouble {
  /** Epoch ms Teamtray first saw it (this machine's clock). */
  readonly since: number;
  /** `crashed`, `safe`, `error`, or `start-failed` (suspended by a failed start). */
  readonly what: string;
  /**
   * Epoch ms its one still-down reminder was told (main/model/alert-transitions.ts); absent until
   * then. It belongs to this trouble: it ends with it, and a new trouble is reminded of anew.
   */
  readonly remindedAt?: number;
}

/** An instance out of trouble: "Running again (down 12 min)", "Out of safe mode". */
export interface Recovery {
  /** Epoch ms Teamtray saw it running again. */
  readonly at: number;
  /** The trouble it came out of: `crashed`, `safe`, `error`, `start-failed`. */
  readonly from: string;
  /** How long it was in trouble, as Teamtray saw it; null when the start is not known. */
  readonly downMs: number | null;
  /**
   * The user's own action from Teamtray that brought it out (a restart, a start), followed until
   * it settled; absent when it came back on its own or by someone else's hand. The row then says
   * what the action did, not that it runs again.
   */
  readonly action?: InstanceAction;
}

/** What changed just before an instance's problem, from its audit log (common/change-words.ts). */
export interface ChangeBefore {
  /**
   * `flows.set`, `project.settings.updated`, `nodes.install`, `nodes.remove`,
   * `project.stack.changed` or `project.snapshot.rolled-back`; null when the audit log holds none
   * before the problem (then nothing is shown).
   */
  readonly event: string | null;
  /** Epoch ms of the change (server's clock), or null when not said. */
  readonly at: number | null;
  /** Its author's FlowFuse username; null for the platform, or when not said. */
  readonly by: string | null;
  /** The problem it came before: `crashed`, `safe`, `error`, or `start-failed`. */
  readonly problem: string;
  /**
   * When the problem began: the audit log's own entry for it (Node-RED's `crashed`, `safe-mode`,
   * the platform's `project.start-failed`), else when Teamtray saw the instance turn; null when
   * neither is known (found so by the first read of a run).
   */
  readonly problemAt: number | null;
}

/**
 * - `loading`: a read is under way (`lines` keeps what was read before)
 * - `ok`: read (`fetchedAt` says when)
 * - `suspended`: FlowFuse keeps no log while the instance is suspended
 * - `error`: the last read failed (`error` says why); the lines read before stay
 * - `released`: read, then let go so the account holds a bounded number of logs
 *   (main/model/transitions.ts, MAX_LOGS_HELD); read again when the user opens the row
 */
export interface InstanceLog {
  readonly status: 'loading' | 'ok' | 'suspended' | 'error' | 'released';
  /** The newest lines (at most 30), oldest first as FlowFuse sends them. */
  readonly lines: readonly LogLine[];
  /** Epoch ms of the read these lines come from; null when never read. */
  readonly fetchedAt: number | null;
  readonly error: AppErrorShape | null;
}

/** One entry of an instance's log. Its text is anyone's: shown as text, never as markup. */
export interface LogLine {
  /** The entry's `ts` as sent (orders the entries; unique within a log). */
  readonly ts: string;
  /** When, in epoch ms on the server's clock. */
  readonly at: number;
  /** `info`, `warn`, `error`, `system`, … in lower case; null when the server said none. */
  readonly level: string | null;
  /** Its text: several lines keep their breaks (`\n`). */
  readonly msg: string;
  /** Where it came from (`launcher`, …); null when not said. */
  readonly src: string | null;
}

/** One event of an instance's audit log and who made it happen. */
export interface LastAction {
  /** `project.stopped`, `project.suspended`, `project.start-failed`, … as the server sent it. */
  readonly event: string;
  /** Epoch ms, or null when the server's time could not be read. */
  readonly at: number | null;
  /** The FlowFuse username of its author; null when it was the platform itself. */
  readonly by: string | null;
  /** Made with a token, by a script (FlowFuse 2.32+ `source: 'api'`); absent when not said. */
  readonly viaApi?: boolean;
}

/** A remote Node-RED agent. */
export interface Device {
  readonly id: DeviceId;
  readonly name: string;
  /** Epoch ms of the last time the agent called home (on this machine's clock), or null. */
  readonly lastSeenAt: number | null;
  /** The last state the agent reported (`running`, `stopped`, …), or null. */
  readonly state: string | null;
  /** FlowFuse 2.33+ says online/offline/not-seen itself; null on older servers. */
  readonly onlineStatus: string | null;
  /** `developer` or `autonomous` as the server says (any string is possible); null: not said. */
  readonly mode: string | null;
  /** The restart or mode change Teamtray sent and is waiting on, or null (never cached). */
  readonly action: DeviceAction | null;
  /** The name of the snapshot it runs (`activeSnapshot`); null: none, or not said. */
  readonly activeSnapshot: string | null;
  /** The name of the snapshot it was told to run (`targetSnapshot`); null: none. */
  readonly targetSnapshot: string | null;
  /**
   * Since when Teamtray has seen it not on its target (FlowFuse's `isDeploying`, or a target
   * that is not the snapshot it runs), epoch ms; null while it is on its target or has none.
   * Past STUCK_AFTER_MS it is a problem (common/stuck-deploy.ts). Kept in the runtime cache, so
   * a restart does not start the clock again.
   */
  readonly notOnTargetSince: number | null;
  /** Its last transitions as Teamtray saw them, like an instance's (main/model/history.ts). */
  readonly history?: readonly HistoryEntry[];
}

/** getState's answer: the whole tree and the number of the last change it holds. */
export interface Snapshot {
  readonly version: number;
  readonly state: TeamtrayState;
}

/** A push: the changes from `version - 1` to `version`, as JSON patches. */
export interface PatchPush {
  readonly version: number;
  /**
   * The first change it holds, when it holds several (main sends one push per tick: the changes
   * `from` … `version`, their patches in order); absent, it holds only `version`'s.
   */
  readonly from?: number;
  readonly patches: readonly Patch[];
}

export type { Patch };
