/** Accounts and teams for the renderer's unit tests: the renderer's objects, and the wire's. */
import { asAccountId, asOrigin } from '../../common/brand';
import type { AccountMeta, AccountView, TeamTable } from '../../common/model';
import type { TeamRuntime } from '../../common/runtime';
import type { TeamRecord } from '../../common/team-table';
import { accountItem, type Account, type Team } from './account-item';

export function team(
  accountId: string,
  id: string,
  name: string,
  extra: Partial<TeamRecord> = {},
): Team {
  return {
    accountId: asAccountId(accountId),
    id,
    name,
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    avatarUrl: null,
    typeName: 'Starter',
    role: 50,
    instanceCount: 1,
    memberCount: 2,
    deviceCount: 0,
    ...extra,
  };
}

function meta(id: string, extra: Partial<AccountMeta>): AccountMeta {
  return {
    id: asAccountId(id),
    label: `Label ${id}`,
    origin: asOrigin(`https://${id}.example.com`),
    allowHttp: false,
    username: 'alice',
    status: 'ok',
    error: null,
    lastSuccessAt: 1_700_000_000_000,
    version: '2.24.0',
    stale: false,
    ...extra,
  };
}

/** An account as the renderer holds it. */
export function account(
  id: string,
  names: readonly string[],
  extra: Partial<AccountMeta> = {},
): Account {
  return accountItem(
    meta(id, extra),
    names.map((name, index) => team(id, `t${index}`, name)),
  );
}

/** The same account as main sends it. */
export function accountView(
  id: string,
  names: readonly string[],
  extra: Partial<AccountMeta> = {},
): AccountView {
  return {
    ...meta(id, extra),
    teams: tableOf(account(id, names).teams),
    runtime: { teams: [], quietSince: null },
  };
}

export function tableOf(teams: readonly TeamRecord[]): TeamTable {
  const types = [
    ...new Set(teams.flatMap((each) => (each.typeName === null ? [] : [each.typeName]))),
  ];
  return {
    id: teams.map((each) => each.id),
    name: teams.map((each) => each.name),
    slug: teams.map((each) => each.slug),
    types,
    type: teams.map((each) => (each.typeName === null ? -1 : types.indexOf(each.typeName))),
    role: teams.map((each) => each.role),
    avatarBase: '',
    avatar: teams.map((each) => each.avatarUrl),
    instanceCount: teams.map((each) => each.instanceCount),
    memberCount: teams.map((each) => each.memberCount),
    deviceCount: teams.map((each) => each.deviceCount),
  };
}

/** A team's runtime as main sends it: instances by [name, state], devices by [name, last seen]. */
export function teamRuntime(
  teamId: string,
  instances: readonly (readonly [string, string])[],
  devices: readonly (readonly [string, number | null])[] = [],
): TeamRuntime {
  return {
    teamId,
    status: 'ok',
    fetchedAt: 1_800_000_000_000,
    instances: {
      id: instances.map(([name]) => `id-${name}`),
      name: instances.map(([name]) => name),
      url: instances.map(([name]) => `https://${name}.example.com`),
      application: instances.map(() => 'App'),
      state: instances.map(([, state]) => state),
      action: instances.map(() => null),
    },
    devices: {
      id: devices.map(([name]) => `id-${name}`),
      name: devices.map(([name]) => name),
      lastSeenAt: devices.map(([, seen]) => seen),
      state: devices.map(() => 'running'),
      onlineStatus: devices.map(() => null),
    },
  };
}
