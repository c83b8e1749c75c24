/** Seeding helpers: a user with a token and teams in one call. */
import type { NewUser } from './data';
import type { FakeFlowFuse } from './server';
import type { FakeRole, FakeTeam, FakeTeamType, FakeTokenOptions, FakeUser } from './types';

export interface TeamSpec {
  readonly name: string;
  readonly role: FakeRole;
  readonly slug?: string;
  readonly type?: FakeTeamType;
  readonly instanceCount?: number;
  readonly deviceCount?: number;
}

export interface SeedUserInput extends NewUser {
  readonly teams?: readonly TeamSpec[];
  readonly token?: FakeTokenOptions;
}

export interface SeededUser {
  readonly user: FakeUser;
  readonly token: string;
  readonly teams: readonly FakeTeam[];
}

export function seedUser(fake: FakeFlowFuse, input: SeedUserInput): SeededUser {
  const user = fake.addUser(input);
  const teams = (input.teams ?? []).map((spec) => fake.addTeam(spec, [{ user, role: spec.role }]));
  const token = fake.createToken(user, input.token);
  return { user, token, teams };
}

/** The seeded user's team at `index`, in the order given; throws when there is none. */
export function seededTeam(seeded: SeededUser, index = 0): FakeTeam {
  const team = seeded.teams[index];
  if (team === undefined) throw new Error(`no team ${index}`);
  return team;
}
