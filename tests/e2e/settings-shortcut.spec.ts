/**
 * Settings › Global shortcut, recorded by pressing the keys: shown in the platform's words
 * (Chromium here runs on Linux: Ctrl+Shift+T), sent as Electron's accelerator, refused inline
 * with the reason before anything is sent, main's refusal shown in main's words, Esc cancels,
 * Clear removes it, and the outcome is read out by a live region.
 */
import type { Page } from '@playwright/test';
import { AppError } from '../../common/errors';
import { expect, test, type Popover } from './support/fixtures';
import { openSettings } from './support/locators';

const field = (page: Page) => page.getByRole('textbox', { name: 'Global shortcut' });
const status = (page: Page) => page.getByRole('status').filter({ hasText: /\S/ });
const sent = (popover: Popover) =>
  popover.bridge.calls.filter((call) => call.method === 'updateSettings').length;

test.beforeEach(async ({ popover }) => {
  await popover.open();
  await openSettings(popover.page);
});

test('pressing the keys records the shortcut; Clear removes it', async ({ popover }) => {
  const { page } = popover;
  await expect(field(page)).toHaveValue('');
  await expect(field(page)).toHaveAttribute('placeholder', 'None');
  // The field is reached by Tab as much as by a click: "Focus", not "Click".
  await expect(page.getByText(/Focus the field and press the keys/)).toBeVisible();
  const clear = page.getByRole('button', { name: 'Clear the global shortcut' });
  await expect(clear).toHaveAttribute('aria-disabled', 'true');
  // Nothing to clear: not a stop for Tab either.
  await expect(clear).toHaveAttribute('tabindex', '-1');

  await field(page).click();
  await expect(field(page)).toHaveAttribute('placeholder', 'Press the keys…');
  // Modifiers alone wait for the key, and say what is held.
  await page.keyboard.down('Control');
  await page.keyboard.down('Shift');
  await expect(field(page)).toHaveValue('Ctrl+Shift+…');
  await page.keyboard.press('KeyT');
  await page.keyboard.up('Shift');
  await page.keyboard.up('Control');

  await expect.poll(() => popover.core.settings().globalShortcut).toBe('CommandOrControl+Shift+T');
  await expect(field(page)).toHaveValue('Ctrl+Shift+T');
  await expect(status(page)).toHaveText('Saved: Ctrl+Shift+T opens Teamtray from anywhere.');
  await expect(clear).toHaveAttribute('tabindex', '0');
  // What was pressed never became text of its own.
  await expect(field(page)).not.toHaveValue(/t$/);

  await page.getByRole('button', { name: 'Clear the global shortcut' }).click();
  await expect.poll(() => popover.core.settings().globalShortcut).toBeNull();
  await expect(field(page)).toHaveValue('');
  await expect(status(page)).toHaveText('Removed: no global shortcut.');
  await expect(page.getByRole('button', { name: 'Clear the global shortcut' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
});

test('a combination checkShortcut refuses is refused inline, with why, and never sent', async ({
  popover,
}) => {
  const { page } = popover;
  await field(page).click();
  const refusals: readonly (readonly [string, string, RegExp])[] = [
    ['Control+KeyC', 'Ctrl+C', /^Ctrl\+C is used by every app \(copy, paste, save…\): add Shift/],
    ['Shift+KeyT', 'Shift+T', /^Shift\+T alone would stop you typing it: add Ctrl, Alt or Super/],
    ['KeyT', 'T', /^T alone would stop you typing it/],
    ['Alt+Tab', 'Alt+Tab', /^Alt\+Tab belongs to the system/],
    ['Control+Alt+NumpadMultiply', 'Ctrl+Alt+*', /^That key cannot be part of a shortcut/],
    ['Control+Alt+KeyE', 'Ctrl+Alt+E', /^Ctrl\+Alt\+E types a character on many keyboards/],
  ];
  for (const [keys, shown, reason] of refusals) {
    await page.keyboard.press(keys);
    await expect(field(page)).toHaveValue(shown);
    await expect(field(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(status(page)).toHaveText(reason);
  }
  expect(sent(popover)).toBe(0);
  expect(popover.core.settings().globalShortcut).toBeNull();

  // Still recording: the next combination that may be used is taken.
  await page.keyboard.press('Control+Shift+KeyK');
  await expect.poll(() => popover.core.settings().globalShortcut).toBe('CommandOrControl+Shift+K');
  await expect(field(page)).toHaveAttribute('aria-invalid', 'false');
});

test('Esc cancels the recording and stays in Settings; a second Esc goes back', async ({
  popover,
}) => {
  const { page } = popover;
  await field(page).click();
  await page.keyboard.press('Control+Shift+KeyK');
  await expect(field(page)).toHaveValue('Ctrl+Shift+K');

  await field(page).click();
  await page.keyboard.press('Control+KeyC');
  await expect(field(page)).toHaveValue('Ctrl+C');
  await page.keyboard.press('Escape');
  await expect(field(page)).toHaveValue('Ctrl+Shift+K');
  await expect(field(page)).toHaveAttribute('aria-invalid', 'false');
  await expect(status(page)).toHaveText('Cancelled: the shortcut is still Ctrl+Shift+K.');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  expect(popover.core.settings().globalShortcut).toBe('CommandOrControl+Shift+K');

  // At rest, Enter records again; Esc cancels that too.
  await page.keyboard.press('Enter');
  await expect(field(page)).toHaveAttribute('placeholder', 'Press the keys…');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Settings' })).toHaveCount(0);
});

test('when main refuses (the OS would not register it), main’s words show and nothing changes', async ({
  popover,
}) => {
  const { page } = popover;
  await field(page).click();
  await page.keyboard.press('Control+Shift+KeyK');
  await expect.poll(() => popover.core.settings().globalShortcut).toBe('CommandOrControl+Shift+K');

  const taken =
    'The shortcut CommandOrControl+Alt+Space could not be registered: another app may be using it, or this desktop does not allow global shortcuts.';
  popover.shell.refuseWith = new AppError('invalid_request', taken);
  await field(page).click();
  await page.keyboard.press('Control+Alt+Space');
  await expect(status(page)).toHaveText(taken);
  await expect(field(page)).toHaveValue('Ctrl+Alt+Space');
  await expect(field(page)).toHaveAttribute('aria-invalid', 'true');
  expect(popover.core.settings().globalShortcut).toBe('CommandOrControl+Shift+K');

  // Leaving the field shows the shortcut in force again; main's words stay to be read.
  await page.keyboard.press('Tab');
  await expect(field(page)).toHaveValue('Ctrl+Shift+K');
  await expect(status(page)).toHaveText(taken);
});
