/**
 * The app's fetch over a fake `net` that behaves as Electron's does (tests/support/
 * fake-electron-net.ts): the redirect rules the Node tests prove for the guarded fetch
 * (client.redirect.test.ts) hold through this adapter too, against the fake FlowFuse server.
 */
import type { Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { seedUser, seededTeam, type SeededUser } from '../../../tests/fake-server/seed';
import { startFakeFlowFuse, type FakeFlowFuse } from '../../../tests/fake-server/server';
import type { FakeNet } from '../../../tests/support/fake-electron-net';
import { clientFor, failureOf } from '../../../tests/support/flowfuse-client-harness';

const holder = vi.hoisted(() => ({ net: undefined as FakeNet | undefined }));

vi.mock('electron', async () => {
  const { createFakeNet } = await import('../../../tests/support/fake-electron-net');
  holder.net = createFakeNet();
  return { net: holder.net };
});

const { createNetFetch } = await import('./net-fetch');

function fakeNet(): FakeNet {
  if (holder.net === undefined) throw new Error('electron mock not loaded');
  return holder.net;
}

let home: FakeFlowFuse;
let elsewhere: FakeFlowFuse;
let ada: SeededUser;

beforeEach(async () => {
  [home, elsewhere] = await Promise.all([startFakeFlowFuse(), startFakeFlowFuse()]);
  ada = seedUser(home, { username: 'ada', teams: [{ name: 'Owned', role: 50 }] });
  fakeNet().requests.length = 0;
  fakeNet().aborted = 0;
});
afterEach(async () => {
  await Promise.all([home.close(), elsewhere.close()]);
});

const appClient = (token: string | null) => clientFor(home, token, { fetch: createNetFetch() });

describe('the fake net behaves as Electron does', () => {
  it('keeps the socket when the response stream is destroyed; only abort() closes it', async () => {
    home.setFault({ kind: 'hang-after-headers' });
    const client = fakeNet().request({ url: `${home.origin}/api/v1/user/teams` });
    const message = await new Promise<Readable>((resolve) => {
      client.on('response', resolve);
      client.end();
    });
    message.destroy();
    await delay(100);
    expect(await home.openConnections()).toBe(1);
    client.abort();
    await vi.waitFor(async () => {
      expect(await home.openConnections()).toBe(0);
    });
  });

  it("rejects net.fetch's manual redirect with 'Redirect was cancelled' (electron#43715)", async () => {
    home.setFault({ kind: 'redirect', location: '/api/json' });
    await expect(
      fakeNet().fetch(`${home.origin}/api/v1/user`, { redirect: 'manual' }),
    ).rejects.toThrow('Redirect was cancelled');
  });
});

describe('net fetch: redirects', () => {
  it('follows a same-origin GET redirect and keeps the token on this origin', async () => {
    home.setFault(
      { kind: 'redirect', location: '/api/v1/user/teams?moved=1' },
      { path: '/api/v1/user/teams', times: 1 },
    );
    const { teams } = await appClient(ada.token).listTeams();
    expect(teams.map((t) => t.name)).toEqual(['Owned']);
    expect(home.requests.map((r) => [r.path, r.authorization])).toEqual([
      ['/api/v1/user/teams', `Bearer ${ada.token}`],
      ['/api/v1/user/teams?moved=1', `Bearer ${ada.token}`],
    ]);
  });

  it.each([301, 302, 303, 307, 308] as const)(
    'refuses a %i to another origin, which never hears from us',
    async (status) => {
      home.setFault({ kind: 'redirect', status, location: `${elsewhere.origin}/api/v1/user` });
      const error = await failureOf(appClient(ada.token).listTeams());
      expect(error.code).toBe('redirect_refused');
      expect(error.message).toContain(elsewhere.origin);
      expect(elsewhere.requests).toHaveLength(0);
    },
  );

  it('does not resend a PUT to a new address, and sends its body on the first hop', async () => {
    const team = seededTeam(ada);
    await appClient(ada.token).renameTeam(team.id, 'Renamed');
    expect(home.state.teams.get(team.id)?.name).toBe('Renamed');

    home.setFault({ kind: 'redirect', status: 308, location: '/api/v1/teams/other' });
    const error = await failureOf(appClient(ada.token).renameTeam(team.id, 'Again'));
    expect(error.code).toBe('redirect_refused');
    expect(home.state.teams.get(team.id)?.name).toBe('Renamed');
  });

  it('stops after 3 same-origin hops', async () => {
    home.setFault(
      { kind: 'redirect', location: '/api/v1/user/teams?loop' },
      { path: '/api/v1/user/teams' },
    );
    const error = await failureOf(appClient(ada.token).listTeams());
    expect(error.code).toBe('bad_response');
    expect(home.requests).toHaveLength(4);
  });
});

describe('net fetch: what every request carries', () => {
  it("asks net for manual redirects, no cookies and no cache, whatever the caller's defaults", async () => {
    await appClient(ada.token).whoAmI();
    expect(fakeNet().requests).toEqual([
      expect.objectContaining({
        method: 'GET',
        url: `${home.origin}/api/v1/user`,
        redirect: 'manual',
        credentials: 'omit',
        cache: 'no-store',
      }),
    ]);
    await createNetFetch()(`${home.origin}/api/json`, { credentials: 'include' });
    expect(fakeNet().requests[1]?.credentials).toBe('omit');
  });

  it('aborts the request when the caller aborts', async () => {
    home.setFault({ kind: 'hang' });
    const controller = new AbortController();
    const pending = createNetFetch()(`${home.origin}/api/json`, { signal: controller.signal });
    await vi.waitFor(() => {
      expect(home.requests).toHaveLength(1);
    });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(fakeNet().aborted).toBe(1);
  });

  it('cancelling the body aborts the request, and the server sees its socket close', async () => {
    home.setFault({ kind: 'hang-after-headers' });
    const response = await createNetFetch()(`${home.origin}/api/v1/user/teams`);
    await response.body?.cancel();
    expect(fakeNet().aborted).toBe(1);
    await vi.waitFor(async () => {
      expect(await home.openConnections()).toBe(0);
    });
  });

  it('a body that stalls after the headers: the body timeout aborts the request', async () => {
    home.setFault({ kind: 'hang-after-headers' });
    const error = await failureOf(appClient(ada.token).listTeams());
    expect(error.code).toBe('timeout');
    expect(fakeNet().aborted).toBe(1);
    await vi.waitFor(async () => {
      expect(await home.openConnections()).toBe(0);
    });
  });

  it('a body over the cap aborts the request', async () => {
    home.setFault({ kind: 'huge-body', bytes: 20 * 1024 * 1024 });
    const error = await failureOf(
      clientFor(home, ada.token, { fetch: createNetFetch(), maxBodyBytes: 64 * 1024 }).listTeams(),
    );
    expect(error.code).toBe('too_large');
    expect(fakeNet().aborted).toBe(1);
    await vi.waitFor(async () => {
      expect(await home.openConnections()).toBe(0);
    });
  });

  it('aborting while the body is read aborts the request and fails the read', async () => {
    home.setFault({ kind: 'hang-after-headers' });
    const controller = new AbortController();
    const response = await createNetFetch()(`${home.origin}/api/v1/user/teams`, {
      signal: controller.signal,
    });
    const reading = response.text();
    controller.abort();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    expect(fakeNet().aborted).toBe(1);
    await vi.waitFor(async () => {
      expect(await home.openConnections()).toBe(0);
    });
  });

  it('aborting after the body was read does not abort the request again', async () => {
    const controller = new AbortController();
    const response = await createNetFetch()(`${home.origin}/api/json`, {
      signal: controller.signal,
    });
    expect(response.ok).toBe(true);
    await response.text();
    controller.abort();
    expect(fakeNet().aborted).toBe(0);
  });

  it('refuses every scheme but http and https, which net (unlike Node) would open', async () => {
    const fetch = createNetFetch();
    for (const url of ['file:///etc/passwd', 'app://teamtray/index.html', 'FILE:///C:/x']) {
      await expect(fetch(url)).rejects.toThrow(TypeError);
      await expect(fetch(new URL(url))).rejects.toThrow(TypeError);
    }
    await expect(fetch(new Request('file:///etc/passwd'))).rejects.toThrow(TypeError);
    expect(fakeNet().requests).toEqual([]);
  });
});
