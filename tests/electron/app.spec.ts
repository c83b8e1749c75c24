/**
 * The built app in a real Electron: the popover is shown and hidden through the main process,
 * an account added over the real bridge lists its teams, and a rename reaches the server and the
 * list. Also the guards that only a real Chromium can prove: no navigation away, no new window,
 * no Node in the page.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  _electron as electron,
  expect,
  test,
  type ElectronApplication,
  type Page,
} from '@playwright/test';
import { methods, type TeamtrayApi } from '../../common/contract';
import {
  seedSample,
  startFakeFlowFuse,
  XSS_TEAM_NAME,
  type FakeFlowFuse,
  type SeededUser,
} from '../fake-server';
import { findElectronBinary } from './electron-binary';

const binary = findElectronBinary();
test.skip(binary.path === null, `Electron binary not installed: ${binary.reason ?? ''}`);

const root = join(import.meta.dirname, '..', '..');

let fake: FakeFlowFuse;
let seeded: SeededUser;
let app: ElectronApplication;
let page: Page;
let userData: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  fake = await startFakeFlowFuse();
  seeded = seedSample(fake, { markup: true });
  userData = mkdtempSync(join(tmpdir(), 'teamtray-electron-'));
  app = await electron.launch({
    executablePath: binary.path ?? undefined,
    args: [root],
    env: { ...process.env, TEAMTRAY_USER_DATA: userData, TEAMTRAY_DISABLE_UPDATES: '1' },
  });
  // menubar preloads the popover hidden at start.
  page = await app.firstWindow();
  await page.waitForLoadState('domcontentloaded');
});

test.afterAll(async () => {
  await app.close();
  await fake.close();
  rmSync(userData, { recursive: true, force: true });
});

const popoverVisible = (): Promise<boolean> =>
  app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.isVisible() ?? false);

type PageWithApi = Window & { teamtray?: TeamtrayApi };

test('the popover shows the app page with the bridge and no Node', async () => {
  expect(page.url()).toBe('app://teamtray/index.html');
  const shape = await page.evaluate(() => {
    const api = (window as PageWithApi).teamtray;
    return {
      keys: Object.keys(api ?? {}).sort(),
      frozen: Object.isFrozen(api),
      node: typeof (globalThis as { require?: unknown }).require,
      process: typeof (globalThis as { process?: unknown }).process,
    };
  });
  expect(shape).toEqual({
    keys: [...methods, 'on'].sort(),
    frozen: true,
    node: 'undefined',
    process: 'undefined',
  });
});

test('the popover is shown and hidden through the main process', async () => {
  // What a second launch does: the running app shows its popover.
  await app.evaluate(({ app: electronApp }) => {
    electronApp.emit('second-instance');
  });
  await expect.poll(popoverVisible).toBe(true);
  await page.evaluate(() => (window as PageWithApi).teamtray?.hideWindow());
  await expect.poll(popoverVisible).toBe(false);
  await app.evaluate(({ app: electronApp }) => {
    electronApp.emit('second-instance');
  });
  await expect.poll(popoverVisible).toBe(true);
});

test('the page cannot navigate away or open windows', async () => {
  const opened = await page.evaluate(() => window.open('https://example.com/') === null);
  expect(opened).toBe(true);
  await page.evaluate(() => {
    window.location.href = 'https://example.com/';
  });
  await page.waitForTimeout(500);
  expect(page.url()).toBe('app://teamtray/index.html');
  expect(app.windows()).toHaveLength(1);
});

test('an account added over the bridge lists its teams, markup as text', async () => {
  const added = await page.evaluate(
    ({ url, token }) => (window as PageWithApi).teamtray?.addAccount({ url, token }),
    { url: fake.url, token: seeded.token },
  );
  expect(added?.ok).toBe(true);
  await expect(page.getByText('Acme Production').first()).toBeVisible();
  await expect(page.getByText(XSS_TEAM_NAME).first()).toBeVisible();
  expect(await page.locator('img[src="x"]').count()).toBe(0);
});

test('a rename reaches the server and the list', async () => {
  const team = seeded.teams.find((t) => t.name === 'Acme Staging');
  if (team === undefined) throw new Error('sample data changed: no Acme Staging');
  const result = await page.evaluate(
    async ({ teamId }) => {
      const api = (window as PageWithApi).teamtray;
      const state = await api?.getState();
      const accountId = state?.ok === true ? state.value.state.accounts[0]?.id : undefined;
      if (api === undefined || accountId === undefined) return null;
      return api.renameTeam({ accountId, teamId, name: 'Acme Staging (renamed)' });
    },
    { teamId: team.id },
  );
  expect(result?.ok).toBe(true);
  expect(team.name).toBe('Acme Staging (renamed)');
  await expect(page.getByText('Acme Staging (renamed)').first()).toBeVisible();
});
