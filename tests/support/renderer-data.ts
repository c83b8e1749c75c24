/**
 * Accounts, teams and their instances and devices for the renderer's unit tests, as main's model
 * holds them (common/state.ts): the state builders of tests/support, with the names and numbers
 * these tests read.
 */
import { asOrigin } from '../../common/brand';
import type { Account, Team, TeamRuntime, TeamtrayState } from '../../common/state';
import { accountOf, deviceOf, instanceOf, runtimeOf, stateOf, teamOf } from './state-builders';

export const NOW = 1_800_000_000_000;

type Loose<T> = { -readonly [K in keyof T]?: T[K] };

export function team(id: string, name: string, extra: Loose<Omit<Team, 'id'>> = {}): Team {
  return teamOf(id, {
    name,
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    typeName: 'Starter',
    role: 50,
    instanceCount: 1,
    memberCount: 2,
    deviceCount: 0,
    runtime: runtimeOf({ status: 'loading', fetchedAt: null }),
    ...extra,
  });
}

/** An account with a team per name (ids t0, t1, …). */
export function account(
  id: string,
  names: readonly string[],
  extra: Loose<Omit<Account, 'id'>> = {},
): Account {
  return accountOf(id, {
    label: `Label ${id}`,
    origin: asOrigin(`https://${id}.example.com`),
    lastSuccessAt: 1_700_000_000_000,
    version: '2.24.0',
    teams: names.map((name, index) => team(`t${index}`, name)),
    ...extra,
  });
}

/** A team's runtime, read: instances by [name, state] (id `id-name`), devices by [name, last seen]. */
export function runtime(
  instances: readonly (readonly [string, string])[],
  devices: readonly (readonly [string, number | null])[] = [],
  extra: Loose<TeamRuntime> = {},
): TeamRuntime {
  return runtimeOf({
    fetchedAt: NOW,
    instances: instances.map(([name, state]) =>
      instanceOf(`id-${name}`, {
        name,
        state,
        url: `https://${name}.example.com`,
        application: 'App',
      }),
    ),
    devices: devices.map(([name, lastSeenAt]) =>
      deviceOf(`id-${name}`, { name, lastSeenAt, state: 'running' }),
    ),
    ...extra,
  });
}

/** The account with one of its teams' runtime replaced. */
export function withRuntime(of: Account, teamId: string, value: TeamRuntime): Account {
  return {
    ...of,
    teams: of.teams.map((each) => (each.id === teamId ? { ...each, runtime: value } : each)),
  };
}

export function stateWith(accounts: readonly Account[]): TeamtrayState {
  return stateOf({ accounts });
}
