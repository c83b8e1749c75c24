/**
 * Small builders for the model's tree (common/state.ts) in tests: each fills what a test does not
 * care about with a plain default, so a test names only what it proves.
 */
import { DEVICE_ROUTES_UNKNOWN } from '../../common/device-actions';
import { asAccountId, asDeviceId, asInstanceId, asOrigin, asTeamId } from '../../common/brand';
import { DEFAULT_SETTINGS } from '../../common/model';
import type {
  Account,
  Device,
  Instance,
  Team,
  TeamRuntime,
  TeamtrayState,
} from '../../common/state';
import type { TokenInfo } from '../../common/token-health';

type Loose<T> = { -readonly [K in keyof T]?: T[K] };

export function instanceOf(id: string, more: Loose<Omit<Instance, 'id'>> = {}): Instance {
  return {
    id: asInstanceId(id),
    name: id,
    url: null,
    application: null,
    state: 'running',
    action: null,
    actionSentAt: null,
    lastAction: null,
    log: null,
    changeBefore: null,
    ...more,
  };
}

export function deviceOf(id: string, more: Loose<Omit<Device, 'id'>> = {}): Device {
  return {
    id: asDeviceId(id),
    name: id,
    lastSeenAt: null,
    state: null,
    onlineStatus: null,
    activeSnapshot: null,
    targetSnapshot: null,
    notOnTargetSince: null,
    mode: null,
    action: null,
    ...more,
  };
}

export function runtimeOf(more: Loose<TeamRuntime> = {}): TeamRuntime {
  return {
    status: 'ok',
    error: null,
    fetchedAt: 0,
    instances: [],
    devices: [],
    instancesLeftOut: null,
    devicesLeftOut: null,
    readThisRun: false,
    ...more,
  };
}

export function teamOf(id: string, more: Loose<Omit<Team, 'id'>> = {}): Team {
  return {
    id: asTeamId(id),
    name: id,
    slug: id,
    typeName: null,
    role: 50,
    avatarUrl: null,
    instanceCount: null,
    memberCount: null,
    deviceCount: null,
    pendingName: null,
    runtime: runtimeOf(),
    ...more,
  };
}

export function accountOf(id: string, more: Loose<Omit<Account, 'id'>> = {}): Account {
  return {
    id: asAccountId(id),
    label: '',
    origin: asOrigin('https://flowfuse.example.com'),
    allowHttp: false,
    username: 'alice',
    status: 'ok',
    error: null,
    lastSuccessAt: null,
    version: null,
    stale: false,
    refreshing: false,
    readThisRun: false,
    teamsLeftOut: null,
    teams: [],
    inbox: { supported: null, notifications: [], error: null },
    deviceRoutes: DEVICE_ROUTES_UNKNOWN,
    tokenInfo: null,
    tokenChoices: null,
    ...more,
  };
}

export function stateOf(more: Loose<TeamtrayState> = {}): TeamtrayState {
  return {
    settings: DEFAULT_SETTINGS,
    vault: { mode: 'persistent', reason: null },
    notices: [],
    accounts: [],
    ...more,
  };
}

/** The account's token as FlowFuse lists it, expiring at `expiresAt` (null: never). */
export function tokenExpiring(expiresAt: number | null): TokenInfo {
  return { id: 'k1', name: 'laptop', createdAt: null, expiresAt, readOnly: null, teams: null };
}
