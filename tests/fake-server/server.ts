/**
 * A fake FlowFuse server over real HTTP on 127.0.0.1, for tests, benchmarks and the sample
 * server. It behaves as a FlowFuse 2.4 server does (BRIEF.md section 1), records every request
 * (so tests can see where a token went) and misbehaves on demand (faults.ts).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { FakeData, type NewTeam, type NewUser, type TokenSummary } from './data';
import { FaultBook, applyFault } from './faults';
import { FakeInbox } from './inbox';
import { RateLimiter } from './rate-limit';
import { route, type RouteContext } from './routes';
import { bodyChanges, sendJson, withExtraItems } from './respond';
import { newHashId } from './ids';
import { FakeRuntime } from './runtime-data';
import type {
  FakeActor,
  FakeApplication,
  FakeDevice,
  FakeInstance,
  InstanceState,
  NewLogEntry,
  NewApplication,
  NewDevice,
  NewInstance,
} from './runtime-types';
import type {
  Fault,
  FaultScope,
  FakeRole,
  FakeServerOptions,
  FakeTeam,
  FakeTokenOptions,
  FakeNotification,
  FakeUser,
  NewNotification,
  RecordedRequest,
} from './types';

export interface FakeFlowFuse {
  /** What a user would paste: `http://127.0.0.1:<port>/`. */
  readonly url: string;
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  readonly origin: string;
  readonly port: number;
  /** The live data: change it directly for unusual cases. */
  readonly state: FakeData;
  /** Applications, instances and devices, live. */
  readonly runtime: FakeRuntime;
  /**
   * Every user's notifications. `enabled` (the `notifications` option) serves them as FlowFuse
   * 2.7+; then a crash or safe mode also notifies the team's members and owners, as 2.8+ does.
   */
  readonly inbox: FakeInbox;
  /** A notification in the user's inbox (served only while the inbox is enabled). */
  addNotification(user: FakeUser, input: NewNotification): FakeNotification;
  /** Every request so far, oldest first. */
  readonly requests: readonly RecordedRequest[];
  /** Replaces all faults with this one, or clears them with null. */
  setFault(fault: Fault | null, scope?: FaultScope): void;
  /** Adds a fault after the existing ones. */
  addFault(fault: Fault, scope?: FaultScope): void;
  addUser(input: NewUser): FakeUser;
  /** Creates a team; `members` get their roles at once. */
  addTeam(
    input: NewTeam,
    members?: readonly { readonly user: FakeUser; readonly role: FakeRole }[],
  ): FakeTeam;
  setRole(team: FakeTeam, user: FakeUser, role: FakeRole | null): void;
  createToken(user: FakeUser, options?: FakeTokenOptions): string;
  revokeToken(token: string): boolean;
  /** The user's named tokens as `GET /user/tokens` lists them (never a token's value). */
  tokensOfUser(user: FakeUser): readonly TokenSummary[];
  addApplication(team: FakeTeam, input: NewApplication): FakeApplication;
  /**
   * A hosted instance, `running` unless `state` says otherwise (any state, `crashed` too), with
   * a log that fits its state and an audit log that says who created it (and stopped or
   * suspended it): `by`, else the team's owner.
   */
  addInstance(application: FakeApplication, input: NewInstance): FakeInstance;
  /** A device of the team, assigned to `application` when given. */
  addDevice(
    team: FakeTeam,
    input: NewDevice & { readonly application?: FakeApplication },
  ): FakeDevice;
  /** Forces a state, as a crash or a slow install would (the log says so). */
  setInstanceState(instance: FakeInstance, state: InstanceState): void;
  /** The start fails: suspended, with the platform's `project.start-failed` in its audit log. */
  failStart(instance: FakeInstance): void;
  /** Replaces the instance's log with these entries, oldest first. */
  setInstanceLog(instance: FakeInstance, entries: readonly NewLogEntry[]): void;
  /** The device calls home now, optionally reporting a new state. */
  heartbeat(device: FakeDevice, state?: string): void;
  /**
   * An entry in the instance's audit log, now: a change made in FlowFuse's web UI or reported
   * by its Node-RED (`flows.set`, `nodes.install`, …), by `by`.
   */
  recordAudit(
    instance: FakeInstance,
    event: string,
    by: FakeUser | 'system',
    body?: Readonly<Record<string, unknown>>,
  ): void;
  /** The snapshot the device runs and the one it was told to run (names; null: none). */
  setDeviceSnapshots(
    device: FakeDevice,
    snapshots: { readonly active: string | null; readonly target: string | null },
  ): void;
  clearRequests(): void;
  /** TCP connections open now, as the server sees them (keep-alive ones included). */
  openConnections(): Promise<number>;
  close(): Promise<void>;
}

/** FlowFuse sets Fastify's bodyLimit to 5 MiB. */
const MAX_REQUEST_BODY = 5 * 1024 * 1024;

export async function startFakeFlowFuse(options: FakeServerOptions = {}): Promise<FakeFlowFuse> {
  const data = new FakeData();
  const runtime = new FakeRuntime({
    startDelayMs: options.startDelayMs,
    apiSource: options.apiSource,
  });
  const inbox = new FakeInbox(options.notifications ?? false);
  runtime.onStateChange = (instance) => {
    notifyMembers(data, inbox, instance);
  };
  const faults = new FaultBook();
  const requests: RecordedRequest[] = [];
  const limiter = options.rateLimit === undefined ? null : new RateLimiter(options.rateLimit);
  let ctx: RouteContext | null = null;

  const server = createServer((req, res) => {
    if (ctx === null) return;
    handle(ctx, req, res, faults, requests).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { code: 'unexpected_error', error: String(error) });
      else res.destroy();
    });
  });
  // Keep-alive sockets would otherwise hold close() open after a test.
  server.keepAliveTimeout = 1000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  ctx = {
    data,
    runtime,
    inbox,
    origin,
    title: options.title ?? 'FlowFuse Platform API',
    version: options.version ?? '2.4.0',
    limiter,
    startedAt: new Date().toISOString(),
    devices: {
      ...(options.deviceComms === undefined ? {} : { deviceComms: options.deviceComms }),
      ...(options.licensed === undefined ? {} : { licensed: options.licensed }),
    },
  };

  return {
    url: `${origin}/`,
    origin,
    port,
    state: data,
    runtime,
    inbox,
    addNotification: (user, input) => inbox.add(user.id, input),
    requests,
    setFault: (fault, scope) => {
      faults.set(fault, scope);
    },
    addFault: (fault, scope) => {
      faults.add(fault, scope);
    },
    addUser: (input) => data.addUser(input),
    addTeam: (input, members = []) => {
      const team = data.addTeam(input);
      for (const { user, role } of members) data.setRole(team.id, user.id, role);
      return team;
    },
    setRole: (team, user, role) => {
      data.setRole(team.id, user.id, role);
    },
    createToken: (user, tokenOptions) => data.createToken(user.id, tokenOptions),
    revokeToken: (token) => data.revokeToken(token),
    tokensOfUser: (user) => data.tokensOf(user.id),
    addApplication: (team, input) => runtime.addApplication(team.id, input),
    addInstance: (application, input) =>
      runtime.addInstance(application.id, {
        ...input,
        by: input.by ?? ownerOf(data, application.teamId),
      }),
    addDevice: (team, input) => runtime.addDevice(team.id, input.application?.id ?? null, input),
    setInstanceState: (instance, state) => {
      runtime.setInstanceState(instance.id, state);
    },
    failStart: (instance) => {
      runtime.failStart(instance.id);
    },
    setInstanceLog: (instance, entries) => {
      runtime.activity.setLog(instance.id, entries);
    },
    heartbeat: (device, state) => {
      runtime.heartbeat(device.id, state);
    },
    recordAudit: (instance, event, by, body = {}) => {
      const actor = by === 'system' ? by : { id: by.id, username: by.username };
      runtime.activity.record(instance.id, event, actor, body);
    },
    setDeviceSnapshots: (device, { active, target }) => {
      const snapshot = (name: string | null) => (name === null ? null : { id: newHashId(), name });
      const held = runtime.devices.get(device.id);
      if (held === undefined) throw new Error(`No device ${device.id}`);
      held.activeSnapshot = snapshot(active);
      held.targetSnapshot = active === target ? held.activeSnapshot : snapshot(target);
    },
    clearRequests: () => {
      requests.length = 0;
    },
    openConnections: () =>
      new Promise<number>((resolve, reject) => {
        server.getConnections((error, count) => {
          if (error === null) resolve(count);
          else reject(error);
        });
      }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        runtime.dispose();
        server.close((error) => {
          if (error === undefined) resolve();
          else reject(error);
        });
        // Hanging faults leave sockets open on purpose; end them so close() returns.
        server.closeAllConnections();
      }),
  };
}

async function handle(
  ctx: RouteContext,
  req: IncomingMessage,
  res: ServerResponse,
  faults: FaultBook,
  requests: RecordedRequest[],
): Promise<void> {
  const method = req.method ?? 'GET';
  const url = new URL(req.url ?? '/', ctx.origin);
  const record: RecordedRequest = {
    method,
    path: req.url ?? '/',
    authorization: req.headers.authorization ?? null,
    contentType: req.headers['content-type'] ?? null,
    body: null,
    at: Date.now(),
  };
  requests.push(record);

  if (method !== 'GET' && method !== 'HEAD') {
    const body = await readRequestBody(req);
    if (body === null) {
      sendJson(res, 413, {
        code: 'FST_ERR_CTP_BODY_TOO_LARGE',
        error: 'Payload Too Large',
        message: 'Request body is too large',
      });
      return;
    }
    record.body = body;
  }

  for (const fault of faults.take(method, url.pathname)) {
    if (fault.kind === 'latency') {
      await delay(fault.ms);
      if (res.destroyed) return;
    } else if (fault.kind === 'extra-items') {
      bodyChanges.set(res, withExtraItems(fault.key, fault.items));
    } else {
      await applyFault(fault, req, res);
      return;
    }
  }
  route(ctx, req, res, url, record.body);
}

/** The body as text, or null when it passes FlowFuse's 5 MiB limit. */
async function readRequestBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_REQUEST_BODY) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The team's first owner, who seeding says created its instances; the platform if none. */
function ownerOf(data: FakeData, teamId: string): FakeActor {
  for (const [userId, role] of data.memberships.get(teamId) ?? []) {
    const user = data.users.get(userId);
    if (role === 50 && user !== undefined) return { id: user.id, username: user.username };
  }
  return 'system';
}

/** What FlowFuse 2.8+ sends the team's members and owners when an instance crashes or is safe. */
const STATE_NOTICE: Readonly<Record<string, { type: string; severity: string } | undefined>> = {
  crashed: { type: 'instance-crashed', severity: 'error' },
  safe: { type: 'instance-safe-mode', severity: 'warning' },
};

function notifyMembers(data: FakeData, inbox: FakeInbox, instance: FakeInstance): void {
  const notice = STATE_NOTICE[instance.state];
  if (!inbox.enabled || notice === undefined) return;
  for (const [userId, role] of data.memberships.get(instance.teamId) ?? []) {
    if (role < 30) continue;
    inbox.add(userId, {
      type: notice.type,
      data: {
        instance: { id: instance.id, name: instance.name },
        meta: { severity: notice.severity },
      },
    });
  }
}
