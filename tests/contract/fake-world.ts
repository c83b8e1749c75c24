/**
 * Seeds the fake server with the contract's world (world-spec.ts), through its seeding API, the
 * way scripts/contract/seed-real.ts seeds a real FlowFuse through the platform's.
 */
import { startFakeFlowFuse, type FakeFlowFuse } from '../fake-server';
import type { FakeApplication, FakeTeam, FakeUser } from '../fake-server';
import type { ContractTarget } from './run-case';
import {
  APPLICATIONS,
  CHANGES_BEFORE_CRASH,
  DEVICE_SNAPSHOTS,
  DEVICES,
  EXPIRED_TOKEN_NAME,
  SOON_TOKEN_MS,
  SOON_TOKEN_NAME,
  INSTANCES,
  REVOKED_TOKEN_NAME,
  TEAMS,
  USERS,
  entriesOf,
  membersOf,
  type ApplicationKey,
  type DeviceKey,
  type DeviceSpec,
  type InstanceKey,
  type SeededWorld,
  type TeamKey,
  type UserKey,
} from './world-spec';

function seedFakeWorld(fake: FakeFlowFuse): SeededWorld {
  const userRecords = {} as Record<UserKey, FakeUser>;
  const users = {} as Record<UserKey, { id: string; token: string }>;
  for (const [key, spec] of entriesOf(USERS)) {
    const user = fake.addUser({ username: key, name: spec.name, email: `${key}@example.com` });
    userRecords[key] = user;
    users[key] = { id: user.id, token: fake.createToken(user, { name: `contract-${key}` }) };
  }

  const teamRecords = {} as Record<TeamKey, FakeTeam>;
  for (const [key, spec] of entriesOf(TEAMS)) {
    const members = [
      { user: userRecords[spec.owner], role: 50 as const },
      ...membersOf(spec).map(([member, role]) => ({ user: userRecords[member], role })),
    ];
    teamRecords[key] = fake.addTeam({ name: spec.name, slug: spec.slug }, members);
  }

  const appRecords = {} as Record<ApplicationKey, FakeApplication>;
  for (const [key, spec] of entriesOf(APPLICATIONS)) {
    const description = `${spec.name} (contract)`;
    appRecords[key] = fake.addApplication(teamRecords[spec.team], { name: spec.name, description });
  }

  const instances = {} as Record<InstanceKey, { id: string }>;
  for (const [key, spec] of entriesOf(INSTANCES)) {
    const failed = spec.state === 'start-failed';
    const state = failed ? 'running' : spec.state;
    const instance = fake.addInstance(appRecords[spec.app], { name: spec.name, state });
    if (failed) fake.failStart(instance);
    for (const change of CHANGES_BEFORE_CRASH[key] ?? []) {
      const body = change.event === 'flows.set' ? { flowsSet: { type: 'full' } } : {};
      fake.recordAudit(instance, change.event, userRecords[change.by], body);
    }
    instances[key] = { id: instance.id };
  }

  const devices = {} as Record<DeviceKey, { id: string }>;
  for (const [key, spec] of entriesOf<DeviceKey, DeviceSpec>(DEVICES)) {
    const device = fake.addDevice(teamRecords[spec.team], {
      name: spec.name,
      type: spec.type,
      lastSeen: spec.lastSeen,
      ...(spec.state === undefined ? {} : { state: spec.state }),
      ...(spec.app === undefined ? {} : { application: appRecords[spec.app] }),
    });
    const snapshots = DEVICE_SNAPSHOTS[key];
    if (snapshots !== undefined) fake.setDeviceSnapshots(device, snapshots);
    devices[key] = { id: device.id };
  }

  const alice = userRecords.alice;
  const expired = fake.createToken(alice, {
    name: EXPIRED_TOKEN_NAME,
    expiresAt: Date.now() - 60_000,
  });
  const revoked = fake.createToken(alice, { name: REVOKED_TOKEN_NAME });
  const soon = fake.createToken(alice, {
    name: SOON_TOKEN_NAME,
    expiresAt: Date.now() + SOON_TOKEN_MS,
  });
  fake.revokeToken(revoked);

  const ids = <K extends string>(records: Record<K, { id: string }>) =>
    Object.fromEntries(
      Object.entries<{ id: string }>(records).map(([k, v]) => [k, { id: v.id }]),
    ) as Record<K, { id: string }>;
  return {
    users,
    teams: ids(teamRecords),
    applications: ids(appRecords),
    instances,
    devices,
    tokens: { expired, revoked, soon },
  };
}

/** A fake server seeded with the world, as a contract target. */
export async function startFakeTarget(): Promise<ContractTarget & { readonly fake: FakeFlowFuse }> {
  // `starting` lasts 1 s, not FlowFuse's 0.5 s: the case that looks for it right after the
  // start must not miss it on a machine busy with other test files.
  const fake = await startFakeFlowFuse({ startDelayMs: 1000 });
  return { label: 'fake', origin: fake.origin, world: seedFakeWorld(fake), fake };
}
