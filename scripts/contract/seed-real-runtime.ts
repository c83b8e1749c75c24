/**
 * The runtime half of seeding a real FlowFuse: applications, hosted instances brought to their
 * seeded state with the platform's own actions, and devices that have or have not called home.
 */
import { setTimeout as delay } from 'node:timers/promises';
import {
  APPLICATIONS,
  CHANGES_BEFORE_CRASH,
  DEVICE_SNAPSHOTS,
  DEVICES,
  INSTANCES,
  LONG_AGO_MS,
  TEAMS,
  entriesOf,
  type ApplicationKey,
  type DeviceKey,
  type DeviceSpec,
  type InstanceKey,
  type SeededWorld,
  type TeamKey,
  type UserKey,
} from '../../tests/contract/world-spec';
import type { Api } from './api';
import type { RunningForge } from './forge-process';

type Users = Record<UserKey, { id: string; token: string }>;
type Teams = Record<TeamKey, { id: string }>;

/** The instance type, stack and template that `create_admin: true` set up. */
export async function blueprint(api: Api, admin: string) {
  const first = async (path: string, key: string): Promise<string> => {
    const list = await api.get<Record<string, { id: string }[] | undefined>>(path, admin);
    const id = list[key]?.[0]?.id;
    if (id === undefined) throw new Error(`seeding: ${path} lists no ${key}`);
    return id;
  };
  return {
    projectType: await first('/api/v1/project-types', 'types'),
    stack: await first('/api/v1/stacks', 'stacks'),
    template: await first('/api/v1/templates', 'templates'),
  };
}

export async function waitForState(
  api: Api,
  token: string,
  id: string,
  state: string,
): Promise<void> {
  const until = Date.now() + 20_000;
  for (;;) {
    const project = await api.get<{ meta?: { state?: string } }>(`/api/v1/projects/${id}`, token);
    if (project.meta?.state === state) return;
    if (Date.now() > until) {
      throw new Error(`seeding: instance ${id} stayed ${project.meta?.state ?? 'without state'}`);
    }
    await delay(100);
  }
}

async function createInstance(
  api: Api,
  forge: RunningForge,
  key: InstanceKey,
  owner: string,
  applications: Record<ApplicationKey, { id: string }>,
  ids: Awaited<ReturnType<typeof blueprint>>,
): Promise<string> {
  const spec = INSTANCES[key];
  const created = await api.send<{ id: string }>('POST', '/api/v1/projects', owner, {
    name: spec.name,
    applicationId: applications[spec.app].id,
    ...ids,
  });
  if (spec.state === 'start-failed') {
    // The stub driver fails this one's start after half a second: the platform writes
    // `project.start-failed` and suspends it.
    await waitForState(api, owner, created.id, 'suspended');
    return created.id;
  }
  // A new instance is `starting` for half a second; an action before then races the driver.
  await waitForState(api, owner, created.id, 'running');
  if (spec.state === 'stopped' || spec.state === 'suspended') {
    const action = spec.state === 'stopped' ? 'stop' : 'suspend';
    await api.send('POST', `/api/v1/projects/${created.id}/actions/${action}`, owner);
  } else if (spec.state === 'crashed') {
    await changeBeforeCrash(api, forge, key, created.id, owner);
    await forge.call({ op: 'crash', instanceId: created.id });
  }
  await waitForState(api, owner, created.id, spec.state);
  return created.id;
}

/**
 * The changes the spec names, oldest first: a settings change through the API (an environment
 * variable, which any template allows), a deploy as Node-RED reports it.
 */
async function changeBeforeCrash(
  api: Api,
  forge: RunningForge,
  key: InstanceKey,
  id: string,
  owner: string,
): Promise<void> {
  for (const change of CHANGES_BEFORE_CRASH[key] ?? []) {
    if (change.event === 'project.settings.updated') {
      await api.send('PUT', `/api/v1/projects/${id}`, owner, {
        settings: { env: [{ name: 'LINE', value: '3' }] },
      });
    } else {
      await forge.call({
        op: 'audit',
        instanceId: id,
        username: change.by,
        event: change.event,
        body: { type: 'full' },
      });
    }
    // Each entry its own millisecond at least: the audit log orders by time.
    await delay(20);
  }
}

/** A device as its agent would make it look: assigned, then one heartbeat with its state. */
async function createDevice(
  api: Api,
  forge: RunningForge,
  key: DeviceKey,
  spec: DeviceSpec,
  owner: string,
  team: string,
  applications: Record<ApplicationKey, { id: string }>,
): Promise<string> {
  const device = await api.send<{ id: string; credentials: { token: string } }>(
    'POST',
    '/api/v1/devices',
    owner,
    { name: spec.name, type: spec.type, team },
  );
  if (spec.app !== undefined) {
    await api.send('PUT', `/api/v1/devices/${device.id}`, owner, {
      application: applications[spec.app].id,
    });
  }
  if (spec.lastSeen !== 'never') {
    const live = `/api/v1/devices/${device.id}/live/state`;
    const agent = device.credentials.token;
    // Echo what the platform wants the device to run: a mismatch answers 409.
    const wanted = await api.get<Record<string, unknown>>(live, agent);
    await api.send('POST', live, agent, {
      ...wanted,
      state: spec.state ?? 'running',
      agentVersion: '2.3.0',
    });
    if (spec.lastSeen === 'long-ago') {
      await forge.call({ op: 'last-seen', deviceId: device.id, msAgo: LONG_AGO_MS });
    }
  }
  const snapshots = DEVICE_SNAPSHOTS[key];
  if (snapshots !== undefined) {
    await forge.call({ op: 'snapshots', deviceId: device.id, ...snapshots });
  }
  return device.id;
}

export async function seedRuntime(
  api: Api,
  forge: RunningForge,
  admin: string,
  users: Users,
  teams: Teams,
): Promise<Pick<SeededWorld, 'applications' | 'instances' | 'devices'>> {
  const ownerOf = (team: TeamKey): string => users[TEAMS[team].owner].token;
  const applications = {} as Record<ApplicationKey, { id: string }>;
  for (const [key, spec] of entriesOf(APPLICATIONS)) {
    const app = await api.send<{ id: string }>('POST', '/api/v1/applications', ownerOf(spec.team), {
      name: spec.name,
      description: `${spec.name} (contract)`,
      teamId: teams[spec.team].id,
    });
    applications[key] = { id: app.id };
  }

  const ids = await blueprint(api, admin);
  const instances = {} as Record<InstanceKey, { id: string }>;
  // In parallel: each waits half a second for the stub driver to start it.
  await Promise.all(
    entriesOf(INSTANCES).map(async ([key, spec]) => {
      const owner = ownerOf(APPLICATIONS[spec.app].team);
      instances[key] = { id: await createInstance(api, forge, key, owner, applications, ids) };
    }),
  );

  const devices = {} as Record<DeviceKey, { id: string }>;
  for (const [key, spec] of entriesOf<DeviceKey, DeviceSpec>(DEVICES)) {
    const id = await createDevice(
      api,
      forge,
      key,
      spec,
      ownerOf(spec.team),
      teams[spec.team].id,
      applications,
    );
    devices[key] = { id };
  }
  return { applications, instances, devices };
}
