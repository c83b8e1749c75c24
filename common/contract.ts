/**
 * The bridge contract: every channel between the renderer and main, its payload schema and its
 * result type. Main registers a handler for each entry (a missing one does not compile), preload
 * builds its API from it, and the renderer imports its types only.
 *
 * No channel carries a token out of main, and none takes an arbitrary URL to open: main builds
 * every URL it opens from a saved account.
 */
import * as v from 'valibot';
import type { Result } from './errors';
import type { AppState, AccountView, Settings, TeamView } from './model';

const id = v.pipe(v.string(), v.minLength(1), v.maxLength(100));
const url = v.pipe(v.string(), v.maxLength(2048));
const label = v.pipe(v.string(), v.maxLength(100));
// Generous: checkTeamName gives the precise 255-character message.
const teamName = v.pipe(v.string(), v.maxLength(1024));
// A FlowFuse token is 49 characters; allow room for other shapes but never megabytes.
const token = v.pipe(v.string(), v.maxLength(512));

const none = v.optional(v.undefined());

export const requestSchemas = {
  getState: none,
  addAccount: v.strictObject({
    url,
    label: v.optional(label),
    token,
    allowHttp: v.optional(v.boolean()),
  }),
  updateAccount: v.strictObject({
    id,
    label: v.optional(label),
    url: v.optional(url),
    token: v.optional(token),
    allowHttp: v.optional(v.boolean()),
  }),
  removeAccount: v.strictObject({ id }),
  reorderAccounts: v.strictObject({ ids: v.pipe(v.array(id), v.maxLength(500)) }),
  refresh: v.optional(v.strictObject({ accountId: v.optional(id) })),
  renameTeam: v.strictObject({ accountId: id, teamId: id, name: teamName }),
  openTeam: v.strictObject({
    accountId: id,
    teamId: id,
    page: v.optional(v.picklist(['overview', 'settings'])),
  }),
  /** Opens `{origin}/account/security/tokens` for a saved account or a URL being added. */
  openTokenPage: v.union([
    v.strictObject({ accountId: id }),
    v.strictObject({ url, allowHttp: v.optional(v.boolean()) }),
  ]),
  updateSettings: v.strictObject({
    launchAtLogin: v.optional(v.boolean()),
    refreshIntervalMinutes: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(24 * 60)),
    ),
    globalShortcut: v.optional(v.nullable(v.pipe(v.string(), v.minLength(1), v.maxLength(100)))),
    theme: v.optional(v.picklist(['system', 'light', 'dark'])),
  }),
  dismissNotice: v.strictObject({ id }),
  hideWindow: none,
} as const;

/** What each call resolves to (inside a Result). */
export interface ResultTypes {
  getState: AppState;
  addAccount: AccountView;
  updateAccount: AccountView;
  removeAccount: null;
  reorderAccounts: null;
  refresh: null;
  renameTeam: TeamView;
  openTeam: null;
  openTokenPage: null;
  updateSettings: Settings;
  dismissNotice: null;
  hideWindow: null;
}

export type Method = keyof typeof requestSchemas;
export type Request<M extends Method> = v.InferOutput<(typeof requestSchemas)[M]>;

/** The IPC channel of each method. A method without a channel does not compile. */
export const channels: { readonly [M in Method]: string } = {
  getState: 'teamtray:state:get',
  addAccount: 'teamtray:accounts:add',
  updateAccount: 'teamtray:accounts:update',
  removeAccount: 'teamtray:accounts:remove',
  reorderAccounts: 'teamtray:accounts:reorder',
  refresh: 'teamtray:teams:refresh',
  renameTeam: 'teamtray:teams:rename',
  openTeam: 'teamtray:open:team',
  openTokenPage: 'teamtray:open:token-page',
  updateSettings: 'teamtray:settings:update',
  dismissNotice: 'teamtray:notices:dismiss',
  hideWindow: 'teamtray:window:hide',
};

/** Pushes from main to the renderer. */
export interface EventPayloads {
  /** One account changed (status, teams, label...). */
  accountChanged: AccountView;
  /** The whole state changed shape (added, removed, reordered, settings, vault, notices). */
  stateChanged: AppState;
  /** Main asks the renderer to show a view (from the tray menu). */
  navigate: 'teams' | 'settings';
}

export type EventName = keyof EventPayloads;

export const eventChannels: { readonly [E in EventName]: string } = {
  accountChanged: 'teamtray:event:account-changed',
  stateChanged: 'teamtray:event:state-changed',
  navigate: 'teamtray:event:navigate',
};

export const methods = Object.keys(channels) as Method[];
export const eventNames = Object.keys(eventChannels) as EventName[];

/** The one object preload exposes as `window.teamtray`. */
export type TeamtrayApi = {
  readonly [M in Method]: (
    ...request: undefined extends Request<M> ? [request?: Request<M>] : [request: Request<M>]
  ) => Promise<Result<ResultTypes[M]>>;
} & {
  readonly on: <E extends EventName>(
    event: E,
    listener: (payload: EventPayloads[E]) => void,
  ) => () => void;
};

/** The name under which preload exposes the API on `window`. */
export const API_KEY = 'teamtray';
