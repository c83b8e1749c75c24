/**
 * Runs inside the child process that hosts FlowFuse: loads `forge/forge.js` from the installed
 * package (so we hold `app`, which `forge/app.js` keeps to itself), listens, and answers the few
 * seeding calls the platform's API cannot make (rpc.ts) through `app.db` and `app.containers`.
 *
 * It exits when the runner goes away (the IPC channel closes), so FlowFuse never outlives a run,
 * however the run ends.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { isHostCall, type HostMessage, type HostRequest, type HostValue } from './rpc';

/** The slice of FlowFuse's `app` this file touches. */
interface ForgeApp {
  readonly config: { readonly port: number; readonly host: string; readonly base_url: string };
  readonly db: {
    readonly models: {
      readonly User: { byUsername(username: string): Promise<{ readonly id: number } | null> };
      readonly Project: { byId(id: string): Promise<object | null> };
      readonly Device: {
        byId(hashid: string): Promise<{
          readonly id: number;
          lastSeenAt: Date | null;
          activeSnapshotId: number | null;
          targetSnapshotId: number | null;
          save(): Promise<unknown>;
        } | null>;
      };
      readonly ProjectSnapshot: {
        create(fields: {
          readonly name: string;
          readonly description: string;
          readonly settings: object;
          readonly flows: object;
          readonly DeviceId: number;
        }): Promise<{ readonly id: number }>;
      };
    };
    readonly controllers: {
      /** What `POST /logging/:id/audit` calls with what Node-RED sent (routes/logging). */
      readonly AuditLog: {
        projectLog(projectId: string, userId: number, event: string, body: object): Promise<void>;
      };
      readonly AccessToken: {
        createPersonalAccessToken(
          user: object,
          scope: string,
          expiresAt: number | null,
          name: string,
        ): Promise<{ readonly token: string }>;
      };
    };
  };
  /** The stub driver hands out its own in-memory record: changing it changes `meta.state`. */
  readonly containers: { details(project: object): Promise<{ state: string } | undefined> };
  listen(options: { readonly port: number; readonly host: string }): Promise<string>;
  close(): Promise<void>;
}

type ForgeFactory = () => Promise<ForgeApp>;

const packageDir = process.env.TEAMTRAY_FLOWFUSE_DIR;
if (packageDir === undefined || process.send === undefined) {
  throw new Error('forge-host runs as a child of scripts/contract/run.ts');
}
const requireFromPackage = createRequire(path.join(packageDir, 'package.json'));

function send(message: HostMessage): void {
  process.send?.(message);
}

let app: ForgeApp | null = null;
let stopping = false;

async function stop(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    try {
      await app?.close();
    } catch {
      // Exiting anyway: a half-closed platform must not keep the run waiting.
    }
  }
  process.exit(code);
}

async function answer(request: HostRequest, forge: ForgeApp): Promise<HostValue> {
  const { models, controllers } = forge.db;
  switch (request.op) {
    case 'token': {
      const user = await models.User.byUsername(request.username);
      if (user === null) throw new Error(`no user ${request.username}`);
      const { token } = await controllers.AccessToken.createPersonalAccessToken(
        user,
        '',
        request.expiresAt,
        request.name,
      );
      return { token };
    }
    case 'crash': {
      const project = await models.Project.byId(request.instanceId);
      const record = project === null ? undefined : await forge.containers.details(project);
      if (record === undefined) throw new Error(`no running instance ${request.instanceId}`);
      record.state = 'crashed';
      return { done: true };
    }
    case 'last-seen': {
      const device = await models.Device.byId(request.deviceId);
      if (device === null) throw new Error(`no device ${request.deviceId}`);
      device.lastSeenAt = new Date(Date.now() - request.msAgo);
      await device.save();
      return { done: true };
    }
    case 'audit': {
      const user = await models.User.byUsername(request.username);
      if (user === null) throw new Error(`no user ${request.username}`);
      await controllers.AuditLog.projectLog(request.instanceId, user.id, request.event, {
        ...request.body,
      });
      return { done: true };
    }
    case 'snapshots': {
      const device = await models.Device.byId(request.deviceId);
      if (device === null) throw new Error(`no device ${request.deviceId}`);
      const snapshot = (name: string) =>
        models.ProjectSnapshot.create({
          name,
          description: '',
          settings: {},
          flows: {},
          DeviceId: device.id,
        });
      device.activeSnapshotId = (await snapshot(request.active)).id;
      device.targetSnapshotId = (await snapshot(request.target)).id;
      await device.save();
      return { done: true };
    }
  }
}

process.on('disconnect', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));

process.on('message', (message: unknown) => {
  if (!isHostCall(message) || app === null) return;
  const { id } = message;
  answer(message.request, app).then(
    (value) => {
      send({ type: 'reply', id, ok: true, value });
    },
    (error: unknown) => {
      send({ type: 'reply', id, ok: false, error: String(error) });
    },
  );
});

try {
  const forge = requireFromPackage('./forge/forge.js') as ForgeFactory;
  const { version } = requireFromPackage('./package.json') as { version: string };
  app = await forge();
  await app.listen({ port: app.config.port, host: app.config.host });
  send({ type: 'ready', baseUrl: app.config.base_url, version });
} catch (error) {
  send({
    type: 'failed',
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  await stop(1);
}
