/**
 * Seeding helpers: a user with a token and teams in one call, and a team's runtime (applications
 * with their instances and devices, and devices of no application) in another.
 */
import type { NewUser } from './data';
import type {
  FakeApplication,
  FakeDevice,
  FakeInstance,
  NewApplication,
  NewDevice,
  NewInstance,
} from './runtime-types';
import type { FakeFlowFuse } from './server';
import type { FakeRole, FakeTeam, FakeTeamType, FakeTokenOptions, FakeUser } from './types';

interface ApplicationSpec extends NewApplication {
  readonly instances?: readonly NewInstance[];
  /** Devices assigned to this application (they also show in the bulk status call). */
  readonly devices?: readonly NewDevice[];
}

interface RuntimeSpec {
  readonly applications?: readonly ApplicationSpec[];
  /** Devices of the team that belong to no application. */
  readonly devices?: readonly NewDevice[];
}

interface SeededRuntime {
  readonly applications: readonly FakeApplication[];
  /** In the order given, application by application. */
  readonly instances: readonly FakeInstance[];
  /** Application devices first (in the order given), then the team's own. */
  readonly devices: readonly FakeDevice[];
}

export interface TeamSpec {
  /** A fixed id; a new hashid if absent. */
  readonly id?: string;
  readonly name: string;
  readonly role: FakeRole;
  readonly slug?: string;
  readonly type?: FakeTeamType;
  /** Added to the instances seeded in `runtime`, for a count without instances behind it. */
  readonly instanceCount?: number;
  /** Added to the devices seeded in `runtime` (2.4.0 itself sends no device count). */
  readonly deviceCount?: number;
  readonly runtime?: RuntimeSpec;
}

export interface SeedUserInput extends NewUser {
  readonly teams?: readonly TeamSpec[];
  readonly token?: FakeTokenOptions;
}

export interface SeededUser {
  readonly user: FakeUser;
  readonly token: string;
  readonly teams: readonly FakeTeam[];
  /** Each team's runtime, at the team's index (empty for a team without one). */
  readonly runtimes: readonly SeededRuntime[];
}

function seedRuntime(fake: FakeFlowFuse, team: FakeTeam, spec: RuntimeSpec): SeededRuntime {
  const applications: FakeApplication[] = [];
  const instances: FakeInstance[] = [];
  const devices: FakeDevice[] = [];
  for (const appSpec of spec.applications ?? []) {
    const application = fake.addApplication(team, appSpec);
    applications.push(application);
    for (const instance of appSpec.instances ?? []) {
      instances.push(fake.addInstance(application, instance));
    }
    for (const device of appSpec.devices ?? []) {
      devices.push(fake.addDevice(team, { ...device, application }));
    }
  }
  for (const device of spec.devices ?? []) devices.push(fake.addDevice(team, device));
  return { applications, instances, devices };
}

export function seedUser(fake: FakeFlowFuse, input: SeedUserInput): SeededUser {
  const user = fake.addUser(input);
  const teams = (input.teams ?? []).map((spec) => fake.addTeam(spec, [{ user, role: spec.role }]));
  const runtimes = (input.teams ?? []).map((spec, index) => {
    const team = teams[index];
    return team === undefined
      ? { applications: [], instances: [], devices: [] }
      : seedRuntime(fake, team, spec.runtime ?? {});
  });
  const token = fake.createToken(user, input.token);
  return { user, token, teams, runtimes };
}

/** The seeded user's team at `index`, in the order given; throws when there is none. */
export function seededTeam(seeded: SeededUser, index = 0): FakeTeam {
  const team = seeded.teams[index];
  if (team === undefined) throw new Error(`no team ${index}`);
  return team;
}
