/**
 * Settings › Notifications: each toggle is saved through updateSettings and kept, and main's
 * watcher honours "An instance crashes or stops": a crash the refresh finds is notified with it
 * on (the test core's notifier records it), and not with it off.
 */
import type { Page } from '@playwright/test';
import { DEFAULT_SETTINGS } from '../../common/settings-defaults';
import type { Settings } from '../../common/settings';
import { seedUser } from '../fake-server';
import { expect, test, type Popover } from './support/fixtures';
import { openSettings } from './support/locators';

const TOGGLES: readonly (readonly [keyof Settings, string])[] = [
  ['notifyInstances', 'An instance crashes or stops'],
  ['notifyDevices', 'A device goes offline or comes back'],
  ['notifyAccounts', 'A token stops working'],
  ['devicesNeedAttention', 'Offline devices need attention'],
];

test('each notification setting is saved as it is toggled, and kept', async ({ popover }) => {
  const { page } = popover;
  await popover.open();
  await openSettings(page);
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  for (const [key, name] of TOGGLES) {
    const box = page.getByRole('checkbox', { name, exact: true });
    const before = DEFAULT_SETTINGS[key];
    // The checkbox starts where main's default is, and says so.
    await expect(box).toBeChecked({ checked: before === true });
    await box.click();
    await expect.poll(() => popover.core.settings()[key]).toBe(!before);
    await expect(box).toBeChecked({ checked: before !== true });
  }
  // Nothing else moved.
  expect(popover.core.settings()).toEqual({
    ...DEFAULT_SETTINGS,
    notifyInstances: false,
    notifyDevices: true,
    notifyAccounts: false,
    devicesNeedAttention: true,
  });
  // Opened again, the popover shows what main kept.
  await popover.open();
  await openSettings(page);
  for (const [key, name] of TOGGLES) {
    await expect(page.getByRole('checkbox', { name, exact: true })).toBeChecked({
      checked: DEFAULT_SETTINGS[key] !== true,
    });
  }
});

test('the hint describes each toggle; its title alone names it', async ({ popover }) => {
  const { page } = popover;
  await popover.open();
  await openSettings(page);
  await expect(page.getByRole('checkbox', { name: 'A token stops working' })).toHaveAccessibleName(
    'A token stops working',
  );
  await expect(
    page.getByRole('checkbox', { name: 'An instance crashes or stops' }),
  ).toHaveAccessibleDescription(/never for what you do from Teamtray/);
});

/** ada owns "Plant" with two running instances; the popover is open on the list, all read. */
async function plant(popover: Popover) {
  const fake = await popover.server();
  const ada = seedUser(fake, {
    username: 'ada',
    teams: [
      {
        name: 'Plant',
        role: 50,
        runtime: { applications: [{ name: 'Line', instances: [{ name: 'a' }, { name: 'b' }] }] },
      },
    ],
  });
  const team = ada.teams[0];
  const instances = ada.runtimes[0]?.instances ?? [];
  if (team === undefined) throw new Error('fixture');
  const account = await popover.addAccount(fake.url, ada.token, 'Plant floor');
  const stateOf = async (name: string): Promise<string | undefined> => {
    const held = (await popover.accounts()).find((each) => each.id === account.id);
    const runtime = held?.teams.find((each) => each.id === team.id)?.runtime;
    return runtime?.instances.find((instance) => instance.name === name)?.state;
  };
  await expect.poll(() => stateOf('b')).toBe('running');
  await popover.open();
  /** The instance crashes on the server; the user refreshes; the popover has read it. */
  const crash = async (name: string): Promise<void> => {
    const instance = instances.find((each) => each.name === name);
    if (instance === undefined) throw new Error(`no instance ${name}`);
    fake.setInstanceState(instance, 'crashed');
    await refresh(popover.page);
    await expect.poll(() => stateOf(name)).toBe('crashed');
  };
  return { crash };
}

async function refresh(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Refresh all accounts' }).click();
}

test('a crash is notified while "An instance crashes or stops" is on, and not once it is off', async ({
  popover,
}) => {
  const { page } = popover;
  const { crash } = await plant(popover);
  expect(popover.core.settings().notifyInstances).toBe(true);

  await crash('a');
  await expect.poll(() => popover.notifier.shown.map((each) => each.title)).toEqual(['a crashed']);
  expect(popover.notifier.shown[0]?.body).toBe('Plant · Plant floor');

  await openSettings(page);
  await page.getByRole('checkbox', { name: 'An instance crashes or stops' }).uncheck();
  await expect.poll(() => popover.core.settings().notifyInstances).toBe(false);
  await page.getByRole('button', { name: 'Back' }).click();

  await crash('b');
  // The crash was read (the poll above) and the watcher saw it: still only the first one.
  expect(popover.notifier.shown.map((each) => each.title)).toEqual(['a crashed']);
});
