/**
 * The bridge contract: one row per method (channel, request schema, result type) and one row per
 * push (channel, payload type). Main registers a handler for each method (a missing one does not
 * compile; see main/ipc/area-handlers.ts and each area's *-handlers.ts), preload builds its API from
 * it, the renderer imports its types only.
 *
 * No channel carries a token out of main, and none takes an arbitrary URL to open: main builds
 * every URL it opens from a saved account.
 */
import * as v from 'valibot';
import type { AppErrorShape, Result } from './errors';
import { DEVICE_MODES } from './device-actions';
import { INSTANCE_ACTIONS, type FocusTarget } from './runtime';
import { pinIntentSchema, settingsPatchSchema } from './settings';
import type { AccountId } from './brand';
import type { Renamed, Settings } from './model';
import type { PatchPush, Snapshot } from './state';
import { APP_LINKS, type AboutInfo } from './about';
import { MAX_BULK_ITEMS } from './bulk';

const id = v.pipe(v.string(), v.minLength(1), v.maxLength(100));
const url = v.pipe(v.string(), v.maxLength(2048));
const label = v.pipe(v.string(), v.maxLength(100));
// Generous: checkTeamName gives the precise 255-character message.
const teamName = v.pipe(v.string(), v.maxLength(1024));
// A FlowFuse token is 49 characters; allow room for other shapes but never megabytes.
const token = v.pipe(v.string(), v.maxLength(512));

const none = v.optional(v.undefined());
/** A FlowFuse notification's id (a hashid). */
const notificationId = v.pipe(v.string(), v.regex(/^[\w-]{1,100}$/));
/** Ids in one mark: one page of an inbox (FlowFuse's 100). */
const MAX_MARKED = 100;

/** What adding or changing an account answers: its id (the account itself comes as patches). */
export interface SavedAccountRef {
  readonly id: AccountId;
}

/**
 * One row per method: its IPC channel, the schema its request must pass, and (as a type only)
 * what it resolves to inside a Result. Main handles every row (a missing handler does not
 * compile), preload exposes every row, the renderer calls them by name.
 */
export interface MethodRow<S extends v.GenericSchema, R> {
  readonly channel: `teamtray:${string}`;
  readonly request: S;
  /** Never set: carries the result type R. */
  readonly result?: R;
}

const method =
  <R>() =>
  <S extends v.GenericSchema>(channel: `teamtray:${string}`, request: S): MethodRow<S, R> => ({
    channel,
    request,
  });

/**
 * A method that changes main's model (a rename, an action, a setting, a pin, the accounts'
 * order): its answer also carries the model's version once the call's change is made
 * (`Versioned`), so the page's draft of it (renderer/state/drafts.ts) gives way exactly when its
 * replica holds main's own.
 */
export interface ChangeRow<S extends v.GenericSchema, R> extends MethodRow<S, R> {
  readonly changes: true;
}

const change =
  <R>() =>
  <S extends v.GenericSchema>(channel: `teamtray:${string}`, request: S): ChangeRow<S, R> => ({
    channel,
    request,
    changes: true,
  });

export const contract = {
  /** The whole model (common/state.ts) and its version; pushes then carry what changed. */
  getState: method<Snapshot>()('teamtray:state:get', none),
  addAccount: method<SavedAccountRef>()(
    'teamtray:accounts:add',
    v.strictObject({ url, label: v.optional(label), token, allowHttp: v.optional(v.boolean()) }),
  ),
  updateAccount: method<SavedAccountRef>()(
    'teamtray:accounts:update',
    v.strictObject({
      id,
      label: v.optional(label),
      url: v.optional(url),
      token: v.optional(token),
      allowHttp: v.optional(v.boolean()),
    }),
  ),
  /** Stops every account check in flight (adding, or changing an address or token). */
  cancelAccountCheck: method<null>()('teamtray:accounts:cancel-check', none),
  removeAccount: method<null>()('teamtray:accounts:remove', v.strictObject({ id })),
  reorderAccounts: change<null>()(
    'teamtray:accounts:reorder',
    v.strictObject({ ids: v.pipe(v.array(id), v.maxLength(500)) }),
  ),
  refresh: method<null>()(
    'teamtray:teams:refresh',
    v.optional(v.strictObject({ accountId: v.optional(id) })),
  ),
  renameTeam: change<Renamed>()(
    'teamtray:teams:rename',
    v.strictObject({ accountId: id, teamId: id, name: teamName }),
  ),
  openTeam: method<null>()(
    'teamtray:open:team',
    v.strictObject({
      accountId: id,
      teamId: id,
      page: v.optional(v.picklist(['overview', 'settings'])),
    }),
  ),
  /** Puts `{origin}/team/{slug}` of a saved team on the clipboard (main builds the URL). */
  copyTeamUrl: method<null>()(
    'teamtray:teams:copy-url',
    v.strictObject({ accountId: id, teamId: id }),
  ),
  /** Opens `{origin}/account/security/tokens` for a saved account or a URL being added. */
  openTokenPage: method<null>()(
    'teamtray:open:token-page',
    v.union([
      v.strictObject({ accountId: id }),
      v.strictObject({ url, allowHttp: v.optional(v.boolean()) }),
    ]),
  ),
  updateSettings: change<Settings>()('teamtray:settings:update', settingsPatchSchema),
  /** Pin, unpin, snooze, unsnooze, quiet until: main applies it to the settings it saved. */
  changePins: change<Settings>()('teamtray:settings:change-pins', pinIntentSchema),
  dismissNotice: method<null>()('teamtray:notices:dismiss', v.strictObject({ id })),
  hideWindow: method<null>()('teamtray:window:hide', none),
  /** Start, restart, stop or suspend an instance (team owners only). */
  instanceAction: change<null>()(
    'teamtray:instances:action',
    v.strictObject({
      accountId: id,
      teamId: id,
      instanceId: id,
      action: v.picklist(INSTANCE_ACTIONS),
    }),
  ),
  /**
   * Start, restart, stop or suspend many instances at once (main/bulk): each checked against its
   * role and state, those left out named; its run and summary come as patches (`bulk`).
   */
  bulkInstanceAction: method<{ readonly id: number }>()(
    'teamtray:instances:bulk-action',
    v.strictObject({
      action: v.picklist(INSTANCE_ACTIONS),
      items: v.pipe(
        v.array(v.strictObject({ accountId: id, teamId: id, instanceId: id })),
        v.minLength(1),
        v.maxLength(MAX_BULK_ITEMS),
      ),
    }),
  ),
  /**
   * Opens an instance's Node-RED editor (its url), its FlowFuse page, or its log or audit log
   * there.
   */
  openInstance: method<null>()(
    'teamtray:open:instance',
    v.strictObject({
      accountId: id,
      teamId: id,
      instanceId: id,
      page: v.picklist(['editor', 'flowfuse', 'logs', 'audit-log']),
    }),
  ),
  /**
   * Opens a device's FlowFuse page, or (developer mode on) FlowFuse's page for its editor: never
   * the editor's tunnel itself, which needs a browser login.
   */
  openDevice: method<null>()(
    'teamtray:open:device',
    v.strictObject({
      accountId: id,
      teamId: id,
      deviceId: id,
      page: v.optional(v.picklist(['overview', 'editor'])),
    }),
  ),
  /** Restarts a device's Node-RED (team owners, FlowFuse 2.2+). */
  restartDevice: change<null>()(
    'teamtray:devices:restart',
    v.strictObject({ accountId: id, teamId: id, deviceId: id }),
  ),
  /** Turns a device's developer mode on (`developer`) or off (`autonomous`). */
  setDeviceMode: change<null>()(
    'teamtray:devices:mode',
    v.strictObject({ accountId: id, teamId: id, deviceId: id, mode: v.picklist(DEVICE_MODES) }),
  ),
  /** The teams on screen, kept fresh while the popover is open (empty: it closed). */
  watchTeams: method<null>()(
    'teamtray:teams:watch',
    v.strictObject({
      teams: v.pipe(v.array(v.strictObject({ accountId: id, teamId: id })), v.maxLength(200)),
    }),
  ),
  /** Shows main.log in the OS file manager (the path never crosses the bridge). */
  showLogFile: method<null>()('teamtray:window:show-log-file', none),
  /** The version and the like, for About. */
  getAbout: method<AboutInfo>()('teamtray:app:about', none),
  /** Opens one of Teamtray's own pages (a name, never a URL: main holds the addresses). */
  openAppLink: method<null>()(
    'teamtray:open:app-link',
    v.strictObject({ link: v.picklist(APP_LINKS) }),
  ),
  quit: method<null>()('teamtray:app:quit', none),
  /** Reads an instance's last log lines now (they come as patches: the instance's `log`). */
  readInstanceLog: method<null>()(
    'teamtray:instances:read-log',
    v.strictObject({ accountId: id, teamId: id, instanceId: id }),
  ),
  /** Puts the log lines main holds for an instance on the clipboard, as text. */
  copyInstanceLog: method<null>()(
    'teamtray:instances:copy-log',
    v.strictObject({ accountId: id, teamId: id, instanceId: id }),
  ),
  /**
   * The user says which of their tokens an account is, among those it was asked about
   * (token health): main checks the id is one of them and saves its id, name, dates and scope.
   */
  chooseToken: method<null>()(
    'teamtray:account:choose-token',
    v.strictObject({ accountId: id, tokenId: id }),
  ),
  /** Marks notifications of an account's FlowFuse inbox read, in Teamtray and on the server. */
  markNotificationsRead: method<null>()(
    'teamtray:inbox:mark-read',
    v.strictObject({
      accountId: id,
      ids: v.pipe(v.array(notificationId), v.minLength(1), v.maxLength(MAX_MARKED)),
    }),
  ),
  /** Opens a notification's FlowFuse page (main builds it from the saved origin) and marks it read. */
  openNotification: method<null>()(
    'teamtray:open:notification',
    v.strictObject({ accountId: id, id: notificationId }),
  ),
} as const;

export type Method = keyof typeof contract;
export type Request<M extends Method> = v.InferOutput<(typeof contract)[M]['request']>;
/** What a call resolves to (inside a Result). */
export type Response<M extends Method> =
  (typeof contract)[M] extends MethodRow<v.GenericSchema, infer R> ? R : never;

/** The methods that change main's model (their rows are `change`). */
export type ChangeMethod = {
  readonly [M in Method]: (typeof contract)[M] extends { readonly changes: true } ? M : never;
}[Method];

/**
 * A changing call's answer: its Result, and on success the model's version when main answered.
 * Main has sent every push up to that version before the answer, and it holds the call's change
 * (a rename's pending name, an action's "Stopping…", a setting saved).
 */
export type Versioned<T> =
  | { readonly ok: true; readonly value: T; readonly version: number }
  | { readonly ok: false; readonly error: AppErrorShape };

/** What a call answers: a Result, versioned for a method that changes the model. */
export type Answer<M extends Method> = M extends ChangeMethod
  ? Versioned<Response<M>>
  : Result<Response<M>>;

/** Whether a method changes main's model (its answer then carries the model's version). */
export const changesModel = (method: string): method is ChangeMethod =>
  Object.hasOwn(contract, method) && 'changes' in contract[method as Method];

/** Method name -> channel, for preload and the test bridges (plain data, no schemas). */
export const channels = Object.fromEntries(
  Object.entries(contract).map(([name, row]) => [name, row.channel]),
) as { readonly [M in Method]: (typeof contract)[M]['channel'] };

/** One row per push from main to the renderer: its channel and (as a type only) its payload. */
export interface EventRow<P> {
  readonly channel: `teamtray:event:${string}`;
  /** Never set: carries the payload type P. */
  readonly payload?: P;
}

const event =
  <P>() =>
  (channel: `teamtray:event:${string}`): EventRow<P> => ({ channel });

export const events = {
  /** The model changed: its patches, numbered (a gap means: ask getState again). */
  patches: event<PatchPush>()('teamtray:event:patches'),
  /** A notification was clicked: show this account, team or item. */
  focus: event<FocusTarget>()('teamtray:event:focus'),
  /** Main asks the renderer to show a view (from the tray menu). */
  navigate: event<'teams' | 'settings'>()('teamtray:event:navigate'),
} as const;

export type EventName = keyof typeof events;
export type EventPayloads = {
  readonly [E in EventName]: (typeof events)[E] extends EventRow<infer P> ? P : never;
};

/** Event name -> channel, for preload and the test bridges. */
export const eventChannels = Object.fromEntries(
  Object.entries(events).map(([name, row]) => [name, row.channel]),
) as { readonly [E in EventName]: (typeof events)[E]['channel'] };

export const methods = Object.keys(contract) as Method[];
export const eventNames = Object.keys(events) as EventName[];

/** The one object preload exposes as `window.teamtray`. */
export type TeamtrayApi = {
  readonly [M in Method]: (
    ...request: undefined extends Request<M> ? [request?: Request<M>] : [request: Request<M>]
  ) => Promise<Answer<M>>;
} & {
  readonly on: <E extends EventName>(
    event: E,
    listener: (payload: EventPayloads[E]) => void,
  ) => () => void;
};

/** The name under which preload exposes the API on `window`. */
export const API_KEY = 'teamtray';
