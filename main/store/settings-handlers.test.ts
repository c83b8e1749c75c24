/** The settings area through a real core, with a shell that records or refuses. */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../common/errors';
import type { Settings } from '../../common/model';
import { call, state, testCore } from '../../tests/support/core-calls';

describe('settings handlers', () => {
  it('applies settings through the shell, and saves nothing the shell refuses', async () => {
    const { core, shell } = await testCore();
    const saved = await call<Settings>(core, 'updateSettings', {
      refreshIntervalMinutes: 30,
      theme: 'dark',
    });
    expect(saved).toMatchObject({ refreshIntervalMinutes: 30, theme: 'dark' });
    expect(shell.applied.at(-1)?.theme).toBe('dark');

    shell.refuseWith = new AppError('invalid_request', 'That shortcut is taken by another app.');
    await expect(
      call(core, 'updateSettings', { globalShortcut: 'CommandOrControl+Shift+T' }),
    ).rejects.toMatchObject({ message: 'That shortcut is taken by another app.' });
    expect((await state(core)).settings.globalShortcut).toBeNull();
  });

  it('refuses a shortcut that would take copy, paste or a key alone system-wide', async () => {
    const { core, shell } = await testCore();
    for (const globalShortcut of ['CommandOrControl+C', 'T', 'Alt+Tab']) {
      await expect(call(core, 'updateSettings', { globalShortcut })).rejects.toMatchObject({
        code: 'invalid_request',
      });
    }
    expect(shell.applied).toEqual([]);
    expect((await state(core)).settings.globalShortcut).toBeNull();
  });
});
