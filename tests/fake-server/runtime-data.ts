/**
 * The fake server's runtime state: applications, hosted instances with their states, devices
 * with their heartbeats, and the rules FlowFuse 2.4.0 applies to instance actions (observed on
 * a real server with the stub driver; tests/contract holds the proof).
 */
import { randomUUID } from 'node:crypto';
import { FakeActivity } from './activity';
import { newHashId } from './ids';
import type {
  FakeActor,
  FakeApplication,
  FakeDevice,
  FakeInstance,
  InstanceAction,
  InstanceState,
  LastSeen,
  NewApplication,
  NewDevice,
  NewInstance,
  RuntimeOptions,
} from './runtime-types';

export const LONG_AGO_MS = 2 * 60 * 60 * 1000;
/** The stub driver's start time: `starting` lasts this long after a start from suspended. */
const DEFAULT_START_DELAY_MS = 500;

/** The audit log's word for each action. */
const ACTION_EVENT: Record<InstanceAction, string> = {
  start: 'started',
  stop: 'stopped',
  restart: 'restarted',
  suspend: 'suspended',
};

export type ActionOutcome = { readonly kind: 'ok' } | { readonly kind: 'suspended' };

export interface DevicePage {
  readonly devices: readonly FakeDevice[];
  /** The last row's id when the page is full (even if nothing follows), as FlowFuse does. */
  readonly nextCursor: string | null;
  /** Every device of the team, whatever the page. */
  readonly count: number;
}

export class FakeRuntime {
  readonly applications = new Map<string, FakeApplication>();
  readonly instances = new Map<string, FakeInstance>();
  readonly devices = new Map<string, FakeDevice>();
  /** Each instance's log and audit log. */
  readonly activity: FakeActivity;
  /** Told of every change of state (the server notifies on a crash when its inbox is on). */
  onStateChange: ((instance: FakeInstance, from: InstanceState) => void) | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly startDelayMs: number;
  /** As FlowFuse 2.32+: an action made through the API (with a token) is marked `source: 'api'`. */
  private readonly apiSource: boolean;

  constructor(
    options: RuntimeOptions = {},
    private readonly now: () => number = Date.now,
  ) {
    this.startDelayMs = options.startDelayMs ?? DEFAULT_START_DELAY_MS;
    this.apiSource = options.apiSource ?? false;
    this.activity = new FakeActivity(now);
  }

  addApplication(teamId: string, input: NewApplication): FakeApplication {
    const application: FakeApplication = {
      id: newHashId(),
      teamId,
      name: input.name,
      description: input.description ?? '',
      createdAt: new Date(this.now()).toISOString(),
    };
    this.applications.set(application.id, application);
    return application;
  }

  addInstance(applicationId: string, input: NewInstance): FakeInstance {
    const application = this.applications.get(applicationId);
    if (application === undefined) throw new Error(`No application ${applicationId}`);
    const at = new Date(this.now()).toISOString();
    const instance: FakeInstance = {
      id: randomUUID(),
      applicationId,
      teamId: application.teamId,
      name: input.name,
      url: `http://${input.name}.example.com`,
      state: input.state ?? 'running',
      createdAt: at,
      updatedAt: at,
    };
    this.instances.set(instance.id, instance);
    this.activity.created(instance, input.by ?? 'system');
    return instance;
  }

  addDevice(teamId: string, applicationId: string | null, input: NewDevice): FakeDevice {
    const lastSeenAt = this.lastSeenAt(input.lastSeen ?? 'never');
    const device: FakeDevice = {
      id: newHashId(),
      teamId,
      applicationId,
      name: input.name,
      type: input.type ?? 'raspberry-pi',
      lastSeenAt,
      reportedState: lastSeenAt === null ? null : (input.state ?? 'running'),
      agentVersion: lastSeenAt === null ? '' : (input.agentVersion ?? '2.3.0'),
      createdAt: new Date(this.now()).toISOString(),
      mode: 'autonomous',
    };
    this.devices.set(device.id, device);
    return device;
  }

  /** A heartbeat: the device was seen now and (optionally) reports a new state. */
  heartbeat(deviceId: string, state?: string): void {
    const device = this.devices.get(deviceId);
    if (device === undefined) throw new Error(`No device ${deviceId}`);
    device.lastSeenAt = this.now();
    if (state !== undefined) device.reportedState = state;
    device.reportedState ??= 'running';
  }

  /** A restart the server could send: the device reports `restarting`, then `running`. */
  restartDevice(deviceId: string): void {
    const device = this.devices.get(deviceId);
    if (device === undefined) throw new Error(`No device ${deviceId}`);
    device.reportedState = 'restarting';
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      device.reportedState = 'running';
      device.lastSeenAt = this.now();
    }, this.startDelayMs);
    this.timers.add(timer);
  }

  /** Forces a state, e.g. `crashed`, which FlowFuse's stub driver never produces on its own. */
  setInstanceState(instanceId: string, state: InstanceState): void {
    const instance = this.instances.get(instanceId);
    if (instance === undefined) throw new Error(`No instance ${instanceId}`);
    const from = instance.state;
    instance.state = state;
    instance.updatedAt = new Date(this.now()).toISOString();
    this.activity.stateChanged(instanceId, from, state);
    if (from !== state) this.onStateChange?.(instance, from);
  }

  /** A rename in FlowFuse's web UI (`PUT /api/v1/projects/:id` with a name): the id stays. */
  renameInstance(instanceId: string, name: string): void {
    const instance = this.instances.get(instanceId);
    if (instance === undefined) throw new Error(`No instance ${instanceId}`);
    instance.name = name;
    instance.updatedAt = new Date(this.now()).toISOString();
  }

  /**
   * A start that fails, as FlowFuse's stub fails every start of `stub-fail-start`: the platform
   * writes `project.start-failed` (its own entry, no user) and suspends the instance.
   */
  failStart(instanceId: string): void {
    this.setInstanceState(instanceId, 'suspended');
    this.activity.record(instanceId, 'project.start-failed', 'system', {
      error: {
        code: 'unexpected_error',
        message: `Failed to start project ${instanceId}: Error: failing to start project`,
      },
    });
  }

  applicationsOf(teamId: string): FakeApplication[] {
    return [...this.applications.values()].filter((a) => a.teamId === teamId);
  }

  instancesOf(teamId: string): FakeInstance[] {
    return [...this.instances.values()].filter((i) => i.teamId === teamId);
  }

  instancesOfApplication(applicationId: string): FakeInstance[] {
    return [...this.instances.values()].filter((i) => i.applicationId === applicationId);
  }

  devicesOf(teamId: string): FakeDevice[] {
    return [...this.devices.values()].filter((d) => d.teamId === teamId);
  }

  devicesOfApplication(applicationId: string): FakeDevice[] {
    return [...this.devices.values()].filter((d) => d.applicationId === applicationId);
  }

  /**
   * FlowFuse 2.4's cursor pagination: at most `limit` (default and maximum 100; 0 means 100)
   * devices after the one whose id is `cursor`; an unknown cursor starts at the beginning.
   */
  devicePage(teamId: string, limit: number, cursor: string | null): DevicePage {
    const all = this.devicesOf(teamId);
    const size = limit <= 0 ? 100 : Math.min(limit, 100);
    const after = cursor === null ? -1 : all.findIndex((d) => d.id === cursor);
    const devices = all.slice(after + 1, after + 1 + size);
    const last = devices.at(-1);
    return {
      devices,
      nextCursor: devices.length === size && last !== undefined ? last.id : null,
      count: all.length,
    };
  }

  /**
   * The platform's answer to an action, after the caller's role was checked. Stop, restart and
   * suspend refuse a suspended instance; start from suspended answers at once and shows
   * `starting` until the driver is done; restart and start otherwise leave it `running`.
   */
  act(instance: FakeInstance, action: InstanceAction, by?: FakeActor): ActionOutcome {
    const suspended = instance.state === 'suspended';
    if (suspended && action !== 'start') return { kind: 'suspended' };
    const event = `project.${ACTION_EVENT[action]}`;
    const body = { project: { id: instance.id, name: instance.name } };
    if (action === 'start' && suspended) {
      this.setInstanceState(instance.id, 'starting');
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        if (instance.state !== 'starting') return;
        this.setInstanceState(instance.id, 'running');
        // Written once the driver has started it, as FlowFuse does.
        if (by !== undefined) this.activity.record(instance.id, event, by, body, this.source);
      }, this.startDelayMs);
      timer.unref();
      this.timers.add(timer);
      return { kind: 'ok' };
    }
    const next: Record<InstanceAction, InstanceState> = {
      start: 'running',
      restart: 'running',
      stop: 'stopped',
      suspend: 'suspended',
    };
    this.setInstanceState(instance.id, next[action]);
    if (action === 'restart') this.activity.restarted(instance.id);
    if (by !== undefined) this.activity.record(instance.id, event, by, body, this.source);
    return { kind: 'ok' };
  }

  private get source(): string | undefined {
    return this.apiSource ? 'api' : undefined;
  }

  /** Stops pending transitions, so a closed server leaves no timer behind. */
  dispose(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private lastSeenAt(lastSeen: LastSeen): number | null {
    if (lastSeen === 'never') return null;
    if (lastSeen === 'recent') return this.now();
    if (lastSeen === 'long-ago') return this.now() - LONG_AGO_MS;
    return this.now() - lastSeen.msAgo;
  }
}
