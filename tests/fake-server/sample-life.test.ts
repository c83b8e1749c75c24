/**
 * The sample server stays alive for a person trying Teamtray: its online devices keep calling
 * home (they used to turn offline minutes after the start), and `--inbox` serves an inbox as
 * FlowFuse 2.7+ does, over real HTTP from the script a person runs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { seedSample } from './sample-data';
import { keepDevicesCallingHome } from './sample-life';
import { startFakeFlowFuse, type FakeFlowFuse } from './server';

const ROOT = join(import.meta.dirname, '..', '..');
const closing: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

function device(fake: FakeFlowFuse, name: string) {
  const found = [...fake.runtime.devices.values()].find((each) => each.name === name);
  if (found === undefined) throw new Error(`no device ${name}`);
  return found;
}

describe('keepDevicesCallingHome', () => {
  it('moves the last-seen time of the devices that run, and of no other', async () => {
    const fake = await startFakeFlowFuse();
    closing.push(() => fake.close());
    seedSample(fake);
    const before = {
      running: device(fake, 'press-01').lastSeenAt ?? 0,
      gone: device(fake, 'press-03').lastSeenAt,
    };
    await new Promise((resolve) => setTimeout(resolve, 5));
    closing.push(keepDevicesCallingHome(fake, 20));
    await expect
      .poll(() => device(fake, 'press-01').lastSeenAt ?? 0)
      .toBeGreaterThan(before.running);
    expect(device(fake, 'press-03').lastSeenAt).toBe(before.gone);
    expect(device(fake, 'spare-gateway').lastSeenAt).toBeNull();
  });
});

/** Starts `npm run sample-server` (its script) and reads the URL and token it prints. */
async function sampleServer(args: readonly string[]): Promise<{ url: string; token: string }> {
  const tsx = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const child: ChildProcess = spawn(
    process.execPath,
    [tsx, 'tests/fake-server/sample.ts', ...args],
    {
      cwd: ROOT,
      env: { ...process.env, PORT: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  closing.push(async () => {
    child.kill('SIGTERM');
    if (child.exitCode === null) await once(child, 'exit');
  });
  let printed = '';
  for await (const chunk of child.stdout ?? []) {
    printed += String(chunk);
    if (/Token:\s+\S+/.test(printed)) break;
  }
  const url = /Server URL:\s+(\S+)/.exec(printed)?.[1];
  const token = /Token:\s+(\S+)/.exec(printed)?.[1];
  if (url === undefined || token === undefined) throw new Error(`sample server said: ${printed}`);
  return { url, token };
}

describe('npm run sample-server', () => {
  it('serves an inbox with --inbox, as FlowFuse 2.7+', async () => {
    const { url, token } = await sampleServer(['--inbox']);
    const answer = await fetch(`${url}/api/v1/user/notifications`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { notifications: { read: boolean; type: string }[] };
    expect(body.notifications.filter((n) => !n.read).map((n) => n.type)).toEqual([
      'instance-crashed',
      'instance-safe-mode',
      'team-invite',
    ]);
  }, 30_000);

  it('has no inbox without it, as FlowFuse 2.4.0', async () => {
    const { url, token } = await sampleServer([]);
    const answer = await fetch(`${url}/api/v1/user/notifications`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(404);
  }, 30_000);
});
