/**
 * FlowFuse's own web UI beside the popover (issue 22): on the real FlowFuse 2.4.0 that
 * `npm run test:contract` installs (its web UI ships in the package), started and seeded with
 * scripts/contract's modules, in the bench's Chromium, in the same run: the time a user needs to
 * know the state of every instance of three teams.
 *
 * - FlowFuse's UI (`flowfuse_web_ms`): a user signed in through its login page; each team's
 *   instances page (`/team/<slug>/instances`) opened in turn, from navigation start until every
 *   instance of the team is listed with its state; the three summed.
 * - Teamtray (`flowfuse_teamtray_ms`): the popover with the same user's token, loaded hidden (as
 *   the app preloads it) from a cache a minute old, then shown: until the three teams' rows show
 *   the states the server holds now. One instance of each team changed state after the cache was
 *   written, so only a fresh read passes.
 *
 * Also the script each loads before its first page (the login page; the popover), gzipped at
 * level 9 as ./sizes.ts counts. When FlowFuse is not installed or does not start, one line says
 * why and no figure is reported.
 */
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page, Response } from '@playwright/test';
import type { Snapshot, TeamtrayState } from '../../common/state';
import type { Core } from '../../main/core-types';
import { Store } from '../../renderer/state/store';
import { partText, teamSummary } from '../../renderer/state/team-summary';
import { makeTempDir } from '../../tests/support/conf-store';
import { startTestCore } from '../../tests/support/test-core';
import type { SeededWorld } from '../../tests/contract/world-spec';
import { createApi, type Api } from '../contract/api';
import { createForgeHome, readDevLicence } from '../contract/forge-home';
import { startForge, type RunningForge } from '../contract/forge-process';
import { freePort } from '../contract/free-port';
import { FLOWFUSE_VERSION, defaultCacheDir, packageDirOf } from '../contract/install';
import { seedRealWorld } from '../contract/seed-real';
import { blueprint, waitForState } from '../contract/seed-real-runtime';
import type { Samples } from './budgets';
import { launchBenchChromium } from './browser-figures';
import { onCleanup } from './cleanup';
import { isIdle } from './fleet';
import { loadPopover } from './popover-load';
import { startRendererServer, type RendererServer } from './renderer-server';
import { median } from './stats';
import { installVisibility } from './wait-probes';

const USERNAME = 'bench-user';
const TEAM_KEYS = ['alpha', 'beta', 'renames'] as const;
type TeamKey = (typeof TEAM_KEYS)[number];
const SLUGS: Record<TeamKey, string> = {
  alpha: 'alpha-works',
  beta: 'beta-lab',
  renames: 'rename-lab',
};
const TIMEOUT_MS = 30_000;

export interface FlowFuseResult {
  readonly samples: Samples;
  readonly notes: string[];
}

/** Why FlowFuse cannot be measured here, or null when it is installed. */
export async function absentBecause(packageDir: string): Promise<string | null> {
  const manifest = path.join(packageDir, 'package.json');
  if (!existsSync(manifest)) {
    return `FlowFuse ${FLOWFUSE_VERSION} is not installed at ${packageDir} (npm run test:contract installs it)`;
  }
  const { version } = JSON.parse(await readFile(manifest, 'utf8')) as { version?: string };
  return version === FLOWFUSE_VERSION
    ? null
    : `${packageDir} holds FlowFuse ${version ?? '?'}, not ${FLOWFUSE_VERSION}`;
}

export async function measureFlowFuse(runs: number): Promise<FlowFuseResult> {
  const skipped = (why: string): FlowFuseResult => ({
    samples: {},
    notes: [`flowfuse_web_ratio skipped: ${why}.`],
  });
  const packageDir = packageDirOf(defaultCacheDir());
  const absent = await absentBecause(packageDir);
  if (absent !== null) return skipped(absent);
  let forge: RunningForge;
  const home = await createForgeHome(await freePort(), await readDevLicence(packageDir));
  const removeHome = onCleanup(() => rm(home.dir, { recursive: true, force: true }));
  try {
    forge = await startForge(home, packageDir);
  } catch (error) {
    await removeHome();
    return skipped(`FlowFuse did not start (${String(error).split('\n')[0] ?? ''})`);
  }
  const stopForge = onCleanup(() => forge.stop());
  try {
    return await measureAgainst(forge, runs);
  } finally {
    await stopForge();
    await removeHome();
  }
}

interface Rig {
  readonly forge: RunningForge;
  readonly api: Api;
  readonly world: SeededWorld;
  readonly user: { readonly token: string; readonly password: string };
  /** A token of each team's owner, for the instance actions. */
  readonly owners: Record<TeamKey, string>;
  /** The instance of each team whose state each run flips. */
  readonly flipped: Record<TeamKey, string>;
}

async function measureAgainst(forge: RunningForge, runs: number): Promise<FlowFuseResult> {
  const api = createApi(forge.baseUrl);
  const world = await seedRealWorld(forge);
  const rig = await prepareUser(forge, api, world);
  const renderer = await startRendererServer();
  const closeRenderer = onCleanup(() => renderer.close());
  const browser = await launchBenchChromium();
  const closeBrowser = onCleanup(() => browser.close());
  const web: number[] = [];
  const teamtray: number[] = [];
  const ratios: number[] = [];
  let webScript = 0;
  let teamtrayScript = 0;
  let detail = '';
  try {
    for (let run = 0; run < runs; run += 1) {
      const temp = await makeTempDir('teamtray-bench-flowfuse-');
      const removeTemp = onCleanup(() => temp.cleanup());
      try {
        const cipher = await cacheAMinuteOld(rig, temp.dir);
        await flipStates(rig);
        const expected = await freshSummaries(rig);
        const tray = await teamtrayOpen(browser, renderer, rig, temp.dir, cipher, expected);
        const page = await webPages(browser, rig);
        web.push(page.totalMs);
        teamtray.push(tray.ms);
        ratios.push(tray.ms / page.totalMs);
        webScript = page.scriptBytes;
        teamtrayScript = tray.scriptBytes;
        detail = `FlowFuse's pages, the last run: ${page.perTeam.map((ms, i) => `${SLUGS[TEAM_KEYS[i] ?? 'alpha']} ${ms.toFixed(0)} ms`).join(', ')}; Teamtray's popover: shown to the three teams' fresh states ${tray.ms.toFixed(0)} ms`;
      } finally {
        await removeTemp();
      }
    }
  } finally {
    await closeBrowser();
    await closeRenderer();
  }
  return {
    samples: {
      flowfuse_web_ms: web,
      flowfuse_teamtray_ms: teamtray,
      flowfuse_web_ratio: ratios,
      flowfuse_web_script_gzip_kb: [webScript / 1000],
      flowfuse_teamtray_script_gzip_kb: [teamtrayScript / 1000],
    },
    notes: [
      `flowfuse_web_ratio: FlowFuse ${forge.version} at ${forge.baseUrl}, user ${USERNAME} in three teams (${Object.values(SLUGS).join(', ')}); median of ${runs}: FlowFuse's UI ${median(web).toFixed(0)} ms, Teamtray ${median(teamtray).toFixed(0)} ms. ${detail}`,
    ],
  };
}

/** A user with a known password, a member of the three teams, each of which has instances. */
async function prepareUser(forge: RunningForge, api: Api, world: SeededWorld): Promise<Rig> {
  const admin = await tokenFor(forge, 'ff-admin');
  const password = `Bench-${Date.now().toString(36)}-pass`;
  await api.send('POST', '/api/v1/users', admin, {
    username: USERNAME,
    name: 'Bench User',
    email: `${USERNAME}@example.com`,
    password,
  });
  const token = await tokenFor(forge, USERNAME);
  const owners: Record<TeamKey, string> = {
    alpha: world.users.alice.token,
    beta: world.users.bob.token,
    renames: world.users.alice.token,
  };
  for (const key of TEAM_KEYS) {
    const team = world.teams[key].id;
    await api.send('POST', `/api/v1/teams/${team}/invitations`, owners[key], {
      user: USERNAME,
      role: 30,
    });
    const { invitations } = await api.get<{
      invitations: { id?: unknown; team?: { id?: unknown } }[];
    }>('/api/v1/user/invitations', token);
    const invitation = invitations.find((item) => item.team?.id === team);
    if (typeof invitation?.id !== 'string') throw new Error(`no invitation to ${key}`);
    await api.send('PATCH', `/api/v1/user/invitations/${invitation.id}`, token);
  }
  // The contract's "renames" team has no instance: give it two.
  const app = await api.send<{ id: string }>('POST', '/api/v1/applications', owners.renames, {
    name: 'Bench App',
    description: 'Bench App (bench)',
    teamId: world.teams.renames.id,
  });
  const ids = await blueprint(api, admin);
  const created: string[] = [];
  for (const name of ['bench-one', 'bench-two']) {
    const instance = await api.send<{ id: string }>('POST', '/api/v1/projects', owners.renames, {
      name,
      applicationId: app.id,
      ...ids,
    });
    created.push(instance.id);
  }
  for (const id of created) await waitForState(api, owners.renames, id, 'running');
  const [renamesFlipped = ''] = created;
  return {
    forge,
    api,
    world,
    user: { token, password },
    owners,
    flipped: {
      alpha: world.instances.toStop.id,
      beta: world.instances.beta.id,
      renames: renamesFlipped,
    },
  };
}

async function tokenFor(forge: RunningForge, username: string): Promise<string> {
  const value = await forge.call({
    op: 'token',
    username,
    name: `bench-${username}-${Date.now().toString(36)}`,
    expiresAt: null,
  });
  if (!('token' in value)) throw new Error('the host answered no token');
  return value.token;
}

/** Teamtray's cache of the account, as written a minute ago: every team's read is stale. */
async function cacheAMinuteOld(rig: Rig, dir: string) {
  const prepared = await startTestCore({ dir, now: () => Date.now() - 60_000 });
  try {
    const added = await prepared.core.dispatch('addAccount', {
      url: rig.forge.baseUrl,
      token: rig.user.token,
      label: 'FlowFuse',
      allowHttp: true,
    });
    if (!added.ok) throw new Error(`addAccount failed: ${added.error.message}`);
    await untilIdle(prepared.core);
    return prepared.cipher;
  } finally {
    await prepared.close();
  }
}

/** One instance of each team: running → stopped, stopped → running (as the server's owner). */
async function flipStates(rig: Rig): Promise<void> {
  for (const key of TEAM_KEYS) {
    const id = rig.flipped[key];
    const owner = rig.owners[key];
    const now = await rig.api.get<{ meta?: { state?: string } }>(`/api/v1/projects/${id}`, owner);
    const running = now.meta?.state === 'running';
    await rig.api.send(
      'POST',
      `/api/v1/projects/${id}/actions/${running ? 'stop' : 'start'}`,
      owner,
    );
    await waitForState(rig.api, owner, id, running ? 'stopped' : 'running');
  }
}

async function untilIdle(core: Core): Promise<TeamtrayState> {
  const deadline = Date.now() + TIMEOUT_MS;
  for (;;) {
    const answer = await core.dispatch('getState', undefined);
    if (!answer.ok) throw new Error(`getState failed: ${answer.error.message}`);
    const { state } = answer.value as Snapshot;
    if (
      state.accounts.length > 0 &&
      state.accounts.every((a) => a.status === 'ok') &&
      isIdle(state)
    ) {
      return state;
    }
    if (Date.now() > deadline) throw new Error('the account was not read in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The three teams' summaries as the popover words them from what the server holds now: read by
 * a core of its own, shaped by the renderer's own Store. By team id.
 */
async function freshSummaries(rig: Rig): Promise<Record<string, string[]>> {
  const scratch = await startTestCore();
  try {
    const added = await scratch.core.dispatch('addAccount', {
      url: rig.forge.baseUrl,
      token: rig.user.token,
      label: 'FlowFuse',
      allowHttp: true,
    });
    if (!added.ok) throw new Error(`addAccount failed: ${added.error.message}`);
    const state = await untilIdle(scratch.core);
    const store = new Store();
    store.load(structuredClone(state));
    const wanted = new Set(TEAM_KEYS.map((key) => rig.world.teams[key].id));
    const summaries: Record<string, string[]> = {};
    for (const row of store.rows) {
      if (row.kind !== 'team' || !wanted.has(row.team.id)) continue;
      summaries[row.team.id] = teamSummary(row.team.runtime, store.now, row.team.role).map(
        partText,
      );
    }
    if (Object.keys(summaries).length !== TEAM_KEYS.length) {
      throw new Error(`the popover lists ${Object.keys(summaries).length} of the three teams`);
    }
    return summaries;
  } finally {
    await scratch.close();
  }
}

/** gzip (level 9) bytes of every script the page received while `during` ran. */
async function scriptBytes(page: Page, during: () => Promise<void>): Promise<number> {
  const sizes: Promise<number>[] = [];
  const onResponse = (response: Response): void => {
    const type = response.headers()['content-type'] ?? '';
    if (!type.includes('javascript')) return;
    sizes.push(
      response.body().then(
        (body) => gzipSync(body, { level: 9 }).length,
        () => 0,
      ),
    );
  };
  page.on('response', onResponse);
  try {
    await during();
  } finally {
    page.off('response', onResponse);
  }
  return (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
}

async function teamtrayOpen(
  browser: Browser,
  renderer: RendererServer,
  rig: Rig,
  dir: string,
  cipher: Awaited<ReturnType<typeof cacheAMinuteOld>>,
  expected: Record<string, string[]>,
): Promise<{ ms: number; scriptBytes: number }> {
  const test = await startTestCore({ dir, cipher, refreshOnStart: false });
  const closeCore = onCleanup(() => test.close());
  try {
    let bytes = 0;
    // Scripts until the first teams are laid out; the parts imported once the list is idle are not.
    let firstPaint = false;
    const opened = await loadPopover(browser, test.core, renderer, {
      stateVia: 'clone',
      teams: TEAM_KEYS.length,
      async beforeLoad(page) {
        await page.addInitScript(`(${installVisibility.toString()})(true);`);
        const collect = (response: Response): void => {
          if (firstPaint) return;
          if (!(response.headers()['content-type'] ?? '').includes('javascript')) return;
          void response.body().then(
            (body) => {
              bytes += gzipSync(body, { level: 9 }).length;
            },
            () => undefined,
          );
        };
        page.on('response', collect);
      },
    });
    firstPaint = true;
    try {
      const ms = await opened.page.evaluate(openProbe, { expected, timeoutMs: TIMEOUT_MS });
      if (opened.pageErrors.length > 0) {
        throw new Error(`the page failed: ${opened.pageErrors.join('; ')}`);
      }
      return { ms, scriptBytes: bytes };
    } finally {
      await opened.context.close();
    }
  } finally {
    await closeCore();
  }
}

/**
 * Runs in the popover: shows it (it was loaded hidden) and returns ms until the end of the first
 * frame whose rows of the expected teams show the expected summaries.
 */
async function openProbe(args: {
  readonly expected: Readonly<Record<string, readonly string[]>>;
  readonly timeoutMs: number;
}): Promise<number> {
  const set = (window as { __benchSetVisible?: (visible: boolean) => void }).__benchSetVisible;
  if (set === undefined) throw new Error('the visibility emulation is not in the page');
  const root = (): ShadowRoot | null | undefined =>
    document.querySelector('tt-app')?.shadowRoot?.querySelector('tt-team-list')?.shadowRoot;
  const frameEnd = (): Promise<number> =>
    new Promise((resolve) =>
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          resolve(performance.now());
        };
        channel.port2.postMessage(null);
      }),
    );
  const text = (element: Element): string => element.textContent.replace(/\s+/g, ' ').trim();
  const fresh = (): boolean =>
    Object.entries(args.expected).every(([teamId, parts]) => {
      const row = [...(root()?.querySelectorAll<HTMLElement>('.row.team[data-key]') ?? [])].find(
        (candidate) => (candidate.dataset.key ?? '').endsWith(`/${teamId}`),
      );
      if (row === undefined) return false;
      return [...row.querySelectorAll('.part-text')].map(text).join('|') === parts.join('|');
    });
  const start = performance.now();
  set(true);
  let end = start;
  while (!fresh()) {
    if (end - start > args.timeoutMs) throw new Error('the fresh states never showed');
    end = await frameEnd();
  }
  return end - start;
}

/** FlowFuse's UI: sign in through its login page, then each team's instances page in turn. */
async function webPages(
  browser: Browser,
  rig: Rig,
): Promise<{ totalMs: number; perTeam: number[]; scriptBytes: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const bytes = await scriptBytes(page, async () => {
      await page.goto(`${rig.forge.baseUrl}/account/login`);
      await page.locator('input').first().waitFor({ timeout: TIMEOUT_MS });
    });
    await signIn(page, rig.user.password);
    const perTeam: number[] = [];
    for (const key of TEAM_KEYS) {
      const instances = await instancesOf(rig, key);
      await page.goto(`${rig.forge.baseUrl}/team/${SLUGS[key]}/instances`);
      const handle = await page.waitForFunction(
        (wanted: readonly { name: string; state: string }[]) => {
          const table = document.querySelector('[data-el="instances-table"]');
          if (table === null) return false;
          const rows = [...table.querySelectorAll('tr')].map((row) =>
            row.textContent.toLowerCase(),
          );
          const shown = wanted.every(({ name, state }) =>
            rows.some((row) => row.includes(name.toLowerCase()) && row.includes(state)),
          );
          return shown ? performance.now() : false;
        },
        instances,
        { timeout: TIMEOUT_MS, polling: 'raf' },
      );
      perTeam.push((await handle.jsonValue()) as number);
    }
    return { totalMs: perTeam.reduce((sum, ms) => sum + ms, 0), perTeam, scriptBytes: bytes };
  } finally {
    await context.close();
  }
}

async function signIn(page: Page, password: string): Promise<void> {
  await page.locator('input').first().fill(USERNAME);
  const secret = page.locator('input[type="password"]');
  if ((await secret.count()) === 0) await page.keyboard.press('Enter');
  await secret.waitFor({ timeout: TIMEOUT_MS });
  await secret.fill(password);
  await secret.press('Enter');
  await page.waitForURL((url) => !url.pathname.startsWith('/account/login'), {
    timeout: TIMEOUT_MS,
  });
}

/** Every instance of a team with its state, as the server says now. */
async function instancesOf(
  rig: Rig,
  key: TeamKey,
): Promise<{ readonly name: string; readonly state: string }[]> {
  const { projects } = await rig.api.get<{ projects: { id: string; name: string }[] }>(
    `/api/v1/teams/${rig.world.teams[key].id}/projects`,
    rig.user.token,
  );
  const result: { name: string; state: string }[] = [];
  for (const project of projects) {
    const detail = await rig.api.get<{ meta?: { state?: string } }>(
      `/api/v1/projects/${project.id}`,
      rig.user.token,
    );
    result.push({ name: project.name, state: detail.meta?.state ?? '' });
  }
  if (result.length === 0) throw new Error(`the team ${key} has no instance`);
  return result;
}
