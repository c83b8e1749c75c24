/**
 * Starts FlowFuse in a child process (forge-host.ts under tsx), waits until it listens, relays
 * seeding calls to it, and stops it: on request, when the runner exits, or on Ctrl+C.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ForgeHome } from './forge-home';
import { isHostMessage, type HostMessage, type HostRequest, type HostValue } from './rpc';

const here = path.dirname(fileURLToPath(import.meta.url));
const tsxLoader = createRequire(import.meta.url).resolve('tsx');

export interface RunningForge {
  readonly baseUrl: string;
  readonly version: string;
  call(request: HostRequest): Promise<HostValue>;
  /** Stops the platform; safe to call more than once. */
  stop(): Promise<void>;
}

/** The runner's environment without npm's: FlowFuse reports `npm_package_version` as its own. */
function childEnv(home: ForgeHome, packageDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.toLowerCase().startsWith('npm_')) env[key] = value;
  }
  delete env.NODE_ENV;
  return {
    ...env,
    FLOWFORGE_HOME: home.dir,
    TEAMTRAY_FLOWFUSE_DIR: packageDir,
    // A licensed platform pings ping.flowforge.com whatever the config says; this stops it.
    FF_TELEMETRY_DISABLED: 'true',
  };
}

export async function startForge(
  home: ForgeHome,
  packageDir: string,
  startTimeoutMs = 90_000,
): Promise<RunningForge> {
  const log = createWriteStream(home.logFile);
  const child = spawn(process.execPath, ['--import', tsxLoader, path.join(here, 'forge-host.ts')], {
    cwd: home.dir,
    env: childEnv(home, packageDir),
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const killNow = (): void => {
    child.kill('SIGKILL');
  };
  // Whatever ends the runner (an exception, process.exit) ends FlowFuse too.
  process.once('exit', killNow);

  const pending = new Map<number, (message: HostMessage) => void>();
  let nextId = 1;
  child.on('message', (message: unknown) => {
    if (isHostMessage(message) && message.type === 'reply') pending.get(message.id)?.(message);
  });

  const ready = await waitForReady(child, startTimeoutMs, home.logFile);
  let stopped: Promise<void> | null = null;
  return {
    baseUrl: ready.baseUrl,
    version: ready.version,
    call: (request) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, (message) => {
          pending.delete(id);
          if (message.type !== 'reply') return;
          if (message.ok) resolve(message.value);
          else reject(new Error(`FlowFuse host: ${request.op}: ${message.error}`));
        });
        child.send({ id, request });
      }),
    stop: () => {
      stopped ??= stopChild(child).finally(() => {
        process.off('exit', killNow);
        log.end();
      });
      return stopped;
    },
  };
}

function waitForReady(
  child: ChildProcess,
  timeoutMs: number,
  logFile: string,
): Promise<{ baseUrl: string; version: string }> {
  return new Promise((resolve, reject) => {
    const fail = (why: string): void => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`FlowFuse did not start: ${why} (log: ${logFile})`));
    };
    const timer = setTimeout(() => {
      fail(`no answer in ${timeoutMs / 1000} s`);
    }, timeoutMs);
    child.once('exit', (code, signal) => {
      fail(`it exited (${signal ?? String(code)})`);
    });
    child.on('message', (message: unknown) => {
      if (!isHostMessage(message)) return;
      if (message.type === 'ready') {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        resolve({ baseUrl: message.baseUrl, version: message.version });
      } else if (message.type === 'failed') {
        fail(message.error);
      }
    });
  });
}

/** SIGTERM lets FlowFuse close its database; SIGKILL if it takes more than five seconds. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
