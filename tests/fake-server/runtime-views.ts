/**
 * The JSON FlowFuse 2.4.0 sends for applications, instances and devices (observed on a real
 * server, community edition keys: an enterprise licence adds `ha` and `protected` to instances).
 */
import type { FakeData } from './data';
import type { FakeRuntime } from './runtime-data';
import type { FakeApplication, FakeDevice, FakeInstance, FakeSnapshot } from './runtime-types';

export interface ViewContext {
  readonly data: FakeData;
  readonly runtime: FakeRuntime;
  readonly origin: string;
  readonly now: number;
}

/** The instance type, template and stack every fake instance uses (`create_admin` makes them). */
const PROJECT_TYPE = { id: 'Dq8GxYKM1b', name: 'Default' };
const TEMPLATE_ID = 'Dq8OxYKM1b';
const STACK_ID = 'Dq8BxYGMrp';

const link = (ctx: ViewContext, path: string) => ({ self: `${ctx.origin}/api/v1/${path}` });

function applicationRef(ctx: ViewContext, id: string) {
  const application = ctx.runtime.applications.get(id);
  return { id, name: application?.name ?? '', links: link(ctx, `applications/${id}`) };
}

function teamRef(ctx: ViewContext, id: string) {
  const team = ctx.data.teams.get(id);
  return { id, name: team?.name ?? '', slug: team?.slug ?? '', links: link(ctx, `teams/${id}`) };
}

/** `meta` as `Project.liveState()` builds it: a suspended instance says only that. */
function instanceMeta(instance: FakeInstance): Record<string, unknown> {
  if (instance.state === 'suspended') return { state: 'suspended', isDeploying: false };
  return {
    id: instance.id,
    state: instance.state,
    url: instance.url,
    meta: {},
    stack: STACK_ID,
    isDeploying: false,
  };
}

/** An item of `GET /teams/:id/projects`: no state (that needs the status call). */
export function instanceSummary(ctx: ViewContext, instance: FakeInstance) {
  return {
    id: instance.id,
    name: instance.name,
    safeName: instance.name.toLowerCase(),
    url: instance.url,
    createdAt: instance.createdAt,
    updatedAt: instance.updatedAt,
    application: applicationRef(ctx, instance.applicationId),
    team: teamRef(ctx, instance.teamId),
    projectType: PROJECT_TYPE,
    template: { id: TEMPLATE_ID, name: 'Default', links: link(ctx, `templates/${TEMPLATE_ID}`) },
    stack: {
      id: STACK_ID,
      name: 'node-red-3-0-2',
      label: 'Node-RED 3.0.2',
      properties: { nodered: '3.0.2' },
      links: link(ctx, `stacks/${STACK_ID}`),
    },
    links: link(ctx, `projects/${instance.id}`),
  };
}

/** `GET /projects/:id`: the summary, settings and the live state under `meta`. */
export function instanceView(ctx: ViewContext, instance: FakeInstance) {
  return {
    ...instanceSummary(ctx, instance),
    hostname: '',
    settings: { header: { title: instance.name }, env: [], palette: { modules: [] } },
    meta: instanceMeta(instance),
  };
}

function lastSeen(ctx: ViewContext, device: FakeDevice) {
  return {
    lastSeenAt: device.lastSeenAt === null ? null : new Date(device.lastSeenAt).toISOString(),
    lastSeenMs: device.lastSeenAt === null ? null : Math.max(0, ctx.now - device.lastSeenAt),
  };
}

/** FlowFuse's rule: a target it does not run yet (controllers/Device.js `isDeploying`). */
function isDeploying(device: FakeDevice): boolean {
  const target = device.targetSnapshot ?? null;
  return target !== null && target.id !== device.activeSnapshot?.id;
}

const snapshotSummary = (snapshot: FakeSnapshot | null | undefined) =>
  snapshot === null || snapshot === undefined
    ? null
    : { id: snapshot.id, name: snapshot.name, description: '' };

/** `?statusOnly=true`, and the device items of the status call (which have no name). */
export function deviceStatus(ctx: ViewContext, device: FakeDevice) {
  return {
    id: device.id,
    ...lastSeen(ctx, device),
    status: device.reportedState ?? 'offline',
    isDeploying: isDeploying(device),
    mode: device.mode,
  };
}

export function deviceView(ctx: ViewContext, device: FakeDevice) {
  return {
    id: device.id,
    ownerType: device.applicationId === null ? '' : 'application',
    name: device.name,
    type: device.type,
    createdAt: device.createdAt,
    updatedAt: device.createdAt,
    ...lastSeen(ctx, device),
    activeSnapshot: snapshotSummary(device.activeSnapshot),
    targetSnapshot: snapshotSummary(device.targetSnapshot),
    status: device.reportedState ?? 'offline',
    isDeploying: isDeploying(device),
    agentVersion: device.agentVersion,
    mode: device.mode,
    links: link(ctx, `devices/${device.id}`),
    team: teamRef(ctx, device.teamId),
    ...(device.applicationId === null
      ? {}
      : { application: applicationRef(ctx, device.applicationId) }),
  };
}

/** An item of `GET /teams/:id/applications`: its instances (no state) and assigned devices. */
export function applicationView(ctx: ViewContext, application: FakeApplication) {
  return {
    instances: ctx.runtime.instancesOfApplication(application.id).map((instance) => ({
      id: instance.id,
      name: instance.name,
      url: instance.url,
      links: link(ctx, `projects/${instance.id}`),
    })),
    devices: ctx.runtime.devicesOfApplication(application.id).map((device) => ({
      id: device.id,
      name: device.name,
      ...lastSeen(ctx, device),
      status: device.reportedState ?? 'offline',
      mode: device.mode,
      isDeploying: isDeploying(device),
      links: link(ctx, `devices/${device.id}`),
    })),
    id: application.id,
    name: application.name,
    description: application.description,
    links: link(ctx, `applications/${application.id}`),
  };
}

/** An item of `GET /teams/:id/applications/status`: ids and states, grouped by application. */
export function applicationStatusView(ctx: ViewContext, application: FakeApplication) {
  return {
    id: application.id,
    instances: ctx.runtime
      .instancesOfApplication(application.id)
      .map((instance) => ({ id: instance.id, meta: instanceMeta(instance) })),
    devices: ctx.runtime.devicesOfApplication(application.id).map((device) => {
      const { id, lastSeenAt, lastSeenMs, status, mode, isDeploying } = deviceStatus(ctx, device);
      return { id, lastSeenAt, lastSeenMs, status, mode, isDeploying };
    }),
  };
}
