/**
 * A throw-away FLOWFORGE_HOME: `etc/flowforge.yml` for a platform on loopback with SQLite in
 * memory and the stub container driver, plus the log file. Nothing here outlives the run.
 */
import { mkdtemp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stringify } from 'yaml';

export interface ForgeHome {
  readonly dir: string;
  readonly port: number;
  readonly logFile: string;
}

/**
 * The development-only licence FlowFuse documents in a comment of `forge/licensing/index.js`
 * (150 users, 50 teams, 100 instances; "Not for production"). Read from the installed package on
 * every run, never copied: without it 2.4.0 allows 5 instances and devices in all.
 */
export async function readDevLicence(packageDir: string): Promise<string> {
  const source = await readFile(path.join(packageDir, 'forge', 'licensing', 'index.js'), 'utf8');
  const match = /License:\s*---\s*([\w-]+\.[\w-]+\.[\w-]+)\s*---/.exec(source);
  const licence = match?.[1];
  if (licence === undefined) {
    throw new Error('FlowFuse no longer documents its development licence in forge/licensing');
  }
  return licence;
}

export async function createForgeHome(port: number, licence: string): Promise<ForgeHome> {
  const dir = await mkdtemp(path.join(tmpdir(), 'teamtray-flowfuse-'));
  await mkdir(path.join(dir, 'etc'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = {
    host: '127.0.0.1',
    port,
    base_url: baseUrl,
    db: { type: 'sqlite', storage: ':memory:' },
    driver: { type: 'stub' },
    create_admin: true,
    telemetry: { enabled: false },
    email: { enabled: false },
    license: licence,
    logging: { level: 'warn', http: 'warn', pretty: false },
  };
  await writeFile(path.join(dir, 'etc', 'flowforge.yml'), stringify(config));
  return { dir, port, logFile: path.join(dir, 'forge.log') };
}
