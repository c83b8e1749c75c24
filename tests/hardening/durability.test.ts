/**
 * Durability of what Teamtray keeps on disk, through the real core:
 *
 * - A write cut off mid-way (the rename that would put the new file in place fails, the temporary
 *   file half written) leaves the previous file byte for byte, changes nothing in memory, and a
 *   restart finds everything; leftovers of a crash beside the file are ignored.
 * - A corrupt or schema-violating file is moved aside with a timestamp, the user is told in
 *   getState's notices, and the app starts afresh.
 * - Races end consistent on disk too: a rename or a refresh answered after its account was
 *   removed, a token replaced while a refresh with the revoked one is in flight, two adds at once.
 *   (A rename racing a refresh is proven in main/teams/teams-service.test.ts and main/core.test.ts.)
 *
 * conf writes atomically (a temporary file, then a rename over the real one). To cut a write off
 * where a crash would, fs.renameSync is wrapped before conf is loaded: the imports that load conf
 * come after the wrap, dynamically.
 */
import fs, {
  chmodSync,
  existsSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SavedAccountRef } from '../../common/contract';
import type { Notice } from '../../common/model';
import type { Account } from '../../common/state';
import { seedUser, startFakeFlowFuse, type FakeFlowFuse, type SeededUser } from '../fake-server';
import {
  appState,
  call,
  Cleanups,
  ok,
  readSaved,
  settingsPath,
  teamsCachePath,
  waitForAccount,
} from './harness';

/** Makes the rename onto one file fail, after leaving the temporary file half written. */
const crash = (() => {
  const realRename = fs.renameSync;
  let target: string | null = null;
  let hits = 0;
  fs.renameSync = (from: fs.PathLike, to: fs.PathLike): void => {
    if (target !== null && resolve(String(to)) === target) {
      hits += 1;
      const text = readFileSync(from, 'utf8');
      writeFileSync(from, text.slice(0, Math.floor(text.length / 2)));
      const error: NodeJS.ErrnoException = new Error(`EIO: i/o error, rename '${String(from)}'`);
      error.code = 'EIO';
      error.syscall = 'rename';
      throw error;
    }
    realRename(from, to);
  };
  return {
    arm(path: string): void {
      target = resolve(path);
      hits = 0;
    },
    disarm(): number {
      target = null;
      return hits;
    },
  };
})();

const { startTestCore } = await import('../support/test-core');
const { makeTempDir } = await import('../support/conf-store');
type TestCore = Awaited<ReturnType<typeof startTestCore>>;

const cleanups = new Cleanups();
afterEach(async () => {
  crash.disarm();
  await cleanups.run();
});

async function server(): Promise<{ fake: FakeFlowFuse; alice: SeededUser; bob: SeededUser }> {
  const fake = await startFakeFlowFuse();
  cleanups.add(() => fake.close());
  const alice = seedUser(fake, {
    username: 'alice',
    teams: [
      { name: 'Owned', role: 50 },
      { name: 'Joined', role: 30 },
    ],
  });
  const bob = seedUser(fake, { username: 'bob', teams: [{ name: 'Bobs', role: 50 }] });
  return { fake, alice, bob };
}

async function core(options: Parameters<typeof startTestCore>[0] = {}): Promise<TestCore> {
  const tc = await startTestCore(options);
  cleanups.add(() => tc.close());
  return tc;
}

async function addListed(tc: TestCore, url: string, token: string): Promise<Account> {
  const added = await ok<SavedAccountRef>(tc.core, 'addAccount', { url, token });
  return waitForAccount(tc.core, added.id, (view) => view.status === 'ok');
}

async function codeOf(
  promise: Promise<{ ok: boolean; error?: { code: string } }>,
): Promise<string> {
  const result = await promise;
  return result.ok ? 'ok' : (result.error?.code ?? '?');
}

describe('a write cut off mid-way', () => {
  it('leaves the previous settings file intact and changes nothing; a restart finds it all', async () => {
    const { fake, alice, bob } = await server();
    const tc = await core();
    const listed = await addListed(tc, fake.url, alice.token);
    const path = settingsPath(tc.dir);
    const intact = readFileSync(path);

    crash.arm(path);
    const codes = {
      label: await codeOf(call(tc.core, 'updateAccount', { id: listed.id, label: 'Renamed' })),
      token: await codeOf(call(tc.core, 'updateAccount', { id: listed.id, token: alice.token })),
      remove: await codeOf(call(tc.core, 'removeAccount', { id: listed.id })),
      add: await codeOf(call(tc.core, 'addAccount', { url: fake.url, token: bob.token })),
      settings: await codeOf(call(tc.core, 'updateSettings', { theme: 'dark' })),
    };
    const cutWrites = crash.disarm();

    expect(codes).toEqual({
      label: 'storage_unavailable',
      token: 'storage_unavailable',
      remove: 'storage_unavailable',
      add: 'storage_unavailable',
      settings: 'storage_unavailable',
    });
    // Every one of them really went through conf's rename, and each was cut off there.
    expect(cutWrites).toBeGreaterThanOrEqual(5);
    expect(readFileSync(path).equals(intact)).toBe(true);
    // No temporary file is left behind by a write that failed while the app kept running
    // (atomically removes it without waiting).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(readdirSync(tc.dir).filter((name) => name.includes('.tmp-'))).toEqual([]);
    const now = await appState(tc.core);
    expect(now.accounts.map((view) => [view.id, view.label])).toEqual([[listed.id, listed.label]]);
    expect(now.settings.theme).toBe('system');

    const again = await tc.restart();
    const restored = await appState(again);
    expect(restored.accounts.map((view) => [view.id, view.label])).toEqual([
      [listed.id, listed.label],
    ]);
    expect(restored.notices).toEqual([]);
    await ok(again, 'refresh', { accountId: listed.id });
    // The token still decrypts: the account lists its teams after the restart.
    await waitForAccount(again, listed.id, (view) => view.status === 'ok');
  });

  it('puts launch at login and the shortcut back when the settings cannot be saved', async () => {
    const tc = await core();
    crash.arm(settingsPath(tc.dir));
    const result = await call(tc.core, 'updateSettings', {
      launchAtLogin: true,
      globalShortcut: 'CommandOrControl+Shift+T',
    });
    expect(crash.disarm()).toBe(1);
    expect(result.ok ? 'ok' : result.error.code).toBe('storage_unavailable');
    const kept = (await appState(tc.core)).settings;
    expect(kept).toMatchObject({ launchAtLogin: false, globalShortcut: null });
    // The shell was told the change, then told to undo it: the OS ends as the file says.
    expect(tc.shell.applied.map((applied) => applied.launchAtLogin)).toEqual([true, false]);
    expect(tc.shell.applied.at(-1)).toEqual(kept);
  });

  it('ignores what a crash leaves beside the file, and the next write goes in', async () => {
    const { fake, alice } = await server();
    const tc = await core();
    const listed = await addListed(tc, fake.url, alice.token);
    const path = settingsPath(tc.dir);
    const text = readFileSync(path, 'utf8');
    // What atomically leaves when the process dies before its rename: `<file>.tmp-<stamp><hex>`.
    writeFileSync(`${path}.tmp-1763817600a1b2c3`, text.slice(0, Math.floor(text.length / 2)));
    writeFileSync(`${path}.tmp-1763817601d4e5f6`, '');

    const again = await tc.restart();
    const restored = await appState(again);
    expect(restored.notices).toEqual([]);
    expect(restored.accounts.map((view) => view.id)).toEqual([listed.id]);
    await ok(again, 'refresh', { accountId: listed.id });
    await waitForAccount(again, listed.id, (view) => view.status === 'ok');
    await ok(again, 'updateAccount', { id: listed.id, label: 'After the crash' });
    expect(readSaved(tc.dir).accounts).toMatchObject([{ id: listed.id, label: 'After the crash' }]);
  });

  // The premise of the tests above, seen from outside: the file's inode changes with each write.
  // Windows has no stable inode numbers: reported as skipped there.
  it.skipIf(process.platform === 'win32')(
    'replaces the file with a rename rather than rewriting it in place',
    async () => {
      const tc = await core();
      await ok(tc.core, 'updateSettings', { theme: 'light' });
      const before = statSync(settingsPath(tc.dir)).ino;
      await ok(tc.core, 'updateSettings', { theme: 'dark' });
      expect(statSync(settingsPath(tc.dir)).ino).not.toBe(before);
    },
  );
});

const BACKUP_NAME = /^config\.corrupt-\d{4}-\d{2}-\d{2}T\d{6}\.\d{3}Z(-\d+)?\.json$/;

describe('a damaged settings file', () => {
  const cases: readonly { name: string; problem: string; bytes: () => Promise<Buffer> }[] = [
    {
      name: 'garbage bytes',
      problem: 'it is not valid JSON',
      bytes: () => Promise.resolve(Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0x22, 0x9c])),
    },
    {
      name: 'a file cut off half way (a write that was not atomic)',
      problem: 'it is not valid JSON',
      bytes: async () => {
        const { fake, alice } = await server();
        const tc = await core();
        await addListed(tc, fake.url, alice.token);
        const whole = readFileSync(settingsPath(tc.dir));
        return whole.subarray(0, Math.floor(whole.length / 2));
      },
    },
    {
      name: 'JSON the schema refuses',
      problem: 'its contents do not have the expected layout',
      bytes: () =>
        Promise.resolve(
          Buffer.from('{"version":"one","accounts":{},"secrets":[],"settings":"dark"}'),
        ),
    },
  ];

  for (const damaged of cases) {
    it(`${damaged.name}: moved aside with a timestamp, reported, and the app starts afresh`, async () => {
      const bytes = await damaged.bytes();
      const { dir, cleanup } = await makeTempDir();
      cleanups.add(cleanup);
      writeFileSync(join(dir, 'config.json'), bytes);
      chmodSync(join(dir, 'config.json'), 0o644);

      const tc = await core({ dir });
      const state = await appState(tc.core);
      const backups = readdirSync(dir).filter((name) => BACKUP_NAME.test(name));
      expect(backups).toHaveLength(1);
      const backup = join(dir, backups[0] ?? '');
      expect(readFileSync(backup).equals(bytes)).toBe(true);
      if (process.platform !== 'win32') expect(statSync(backup).mode & 0o777).toBe(0o600);

      const notice: Notice | undefined = state.notices[0];
      expect(state.notices).toHaveLength(1);
      expect(notice?.level).toBe('warning');
      expect(notice?.message).toContain(`because ${damaged.problem}`);
      expect(notice?.message).toContain(basename(backup));
      expect(state.accounts).toEqual([]);
      expect(readSaved(dir)).toEqual({ accounts: [], secrets: {} });

      // The app works on the fresh file, and the notice can be dismissed.
      const { fake, alice } = await server();
      await addListed(tc, fake.url, alice.token);
      await ok(tc.core, 'dismissNotice', { id: notice?.id });
      expect((await appState(tc.core)).notices).toEqual([]);
    });
  }

  it('a damaged teams cache is moved aside, and the teams come from the server again', async () => {
    const { fake, alice } = await server();
    const tc = await core();
    const listed = await addListed(tc, fake.url, alice.token);
    tc.core.dispose();
    writeFileSync(teamsCachePath(tc.dir), '{"version":1,"entries":');

    const again = await tc.restart();
    expect(
      readdirSync(tc.dir).filter((name) => name.startsWith('teams-cache.corrupt-')),
    ).toHaveLength(1);
    const cold = (await appState(again)).accounts[0];
    expect(cold?.teams).toEqual([]);
    await ok(again, 'refresh', { accountId: listed.id });
    const warm = await waitForAccount(again, listed.id, (view) => view.status === 'ok');
    expect(warm.teams).toHaveLength(2);
  });
});

describe('races end consistent', () => {
  it('a rename answered after its account was removed leaves none of its teams on disk', async () => {
    const { fake, alice } = await server();
    const tc = await core();
    const listed = await addListed(tc, fake.url, alice.token);
    const owned = listed.teams.find((team) => team.name === 'Owned');
    fake.setFault({ kind: 'latency', ms: 300 }, { method: 'PUT' });
    const rename = call(tc.core, 'renameTeam', {
      accountId: listed.id,
      teamId: owned?.id,
      name: 'Late',
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await ok(tc.core, 'removeAccount', { id: listed.id });
    await rename;
    tc.core.dispose();

    const cache = JSON.parse(readFileSync(teamsCachePath(tc.dir), 'utf8')) as {
      entries: Record<string, unknown>;
    };
    expect(Object.keys(cache.entries)).toEqual([]);
    expect(readSaved(tc.dir)).toEqual({ accounts: [], secrets: {} });
    expect((await appState(await tc.restart())).accounts).toEqual([]);
  });

  it('a refresh answered after its account was removed writes nothing for it', async () => {
    const { fake, alice } = await server();
    const tc = await core();
    const listed = await addListed(tc, fake.url, alice.token);
    tc.core.dispose();
    const cacheBefore = JSON.parse(readFileSync(teamsCachePath(tc.dir), 'utf8')) as {
      entries: Record<string, unknown>;
    };
    expect(Object.keys(cacheBefore.entries)).toEqual([listed.id]);

    const live = await tc.restart();
    fake.setFault({ kind: 'latency', ms: 300 }, { path: '/api/v1/user/teams' });
    const pending = live.refreshAll();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await ok(live, 'removeAccount', { id: listed.id });
    await pending;
    live.dispose();

    const cache = JSON.parse(readFileSync(teamsCachePath(tc.dir), 'utf8')) as {
      entries: Record<string, unknown>;
    };
    expect(Object.keys(cache.entries)).toEqual([]);
    expect(readSaved(tc.dir)).toEqual({ accounts: [], secrets: {} });
  });

  it('a token replaced while a refresh with the revoked one is in flight ends listed', async () => {
    const { fake, alice } = await server();
    const tc = await core();
    const listed = await addListed(tc, fake.url, alice.token);
    fake.revokeToken(alice.token);
    fake.setFault({ kind: 'latency', ms: 400 }, { path: '/api/v1/user/teams', times: 1 });
    const pending = tc.core.refreshAll();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const fresh = fake.createToken(alice.user);
    await ok(tc.core, 'updateAccount', { id: listed.id, token: fresh });
    await pending;
    // The answer to the revoked token arrives last; it must not overrule the new token.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const view = await waitForAccount(
      tc.core,
      listed.id,
      (candidate) => candidate.status !== 'loading',
    );
    expect(view.status).toBe('ok');
    expect(view.error).toBeNull();
    expect(tc.core.trayStatus()).toBe('ok');
  });

  it('two servers added at once are both saved, each with its own token', async () => {
    const first = await server();
    const second = await server();
    const tc = await core();
    const [a, b] = await Promise.all([
      ok<SavedAccountRef>(tc.core, 'addAccount', { url: first.fake.url, token: first.alice.token }),
      ok<SavedAccountRef>(tc.core, 'addAccount', { url: second.fake.url, token: second.bob.token }),
    ]);
    const saved = readSaved(tc.dir);
    expect(saved.accounts).toHaveLength(2);
    expect(Object.keys(saved.secrets as Record<string, string>)).toHaveLength(2);

    const again = await tc.restart();
    await ok(again, 'refresh');
    const views = await Promise.all(
      [a.id, b.id].map((id) => waitForAccount(again, id, (view) => view.status === 'ok')),
    );
    expect(views.map((view) => view.username)).toEqual(['alice', 'bob']);
    expect(existsSync(settingsPath(tc.dir))).toBe(true);
  });
});
