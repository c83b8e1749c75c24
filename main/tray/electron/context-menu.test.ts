import { describe, expect, it, vi } from 'vitest';
import type { MenuItem } from 'electron';
import { trayMenuTemplate, type TrayMenuActions } from './context-menu';

function actions() {
  return {
    open: vi.fn<() => void>(),
    refresh: vi.fn<() => void>(),
    settings: vi.fn<() => void>(),
    setLaunchAtLogin: vi.fn<(enabled: boolean) => void>(),
    showLogFile: vi.fn<() => void>(),
    restartToUpdate: vi.fn<() => void>(),
    quit: vi.fn<() => void>(),
  } satisfies TrayMenuActions;
}

const click = (
  template: ReturnType<typeof trayMenuTemplate>,
  id: string,
  item: Partial<MenuItem> = {},
) => {
  const entry = template.find((e) => e.id === id);
  entry?.click?.(item as MenuItem, undefined, {});
};

describe('tray context menu', () => {
  it('offers Open, Refresh, Settings, Launch at login, Show log file and Quit', () => {
    const template = trayMenuTemplate(actions(), { launchAtLogin: false });
    const labels = template.filter((e) => e.type !== 'separator').map((e) => e.label);
    expect(labels).toEqual([
      'Open Teamtray',
      'Refresh',
      'Settings…',
      'Launch at login',
      'Show log file',
      'Quit Teamtray',
    ]);
  });

  it('shows launch at login as a checkbox with the saved value', () => {
    for (const launchAtLogin of [true, false]) {
      const entry = trayMenuTemplate(actions(), { launchAtLogin }).find(
        (e) => e.id === 'launch-at-login',
      );
      expect(entry).toMatchObject({ type: 'checkbox', checked: launchAtLogin });
    }
  });

  it('calls the matching action for each item', () => {
    const a = actions();
    const template = trayMenuTemplate(a, { launchAtLogin: false });
    click(template, 'open');
    click(template, 'refresh');
    click(template, 'settings');
    click(template, 'launch-at-login', { checked: true });
    click(template, 'show-log-file');
    click(template, 'quit');
    expect(a.open).toHaveBeenCalledOnce();
    expect(a.refresh).toHaveBeenCalledOnce();
    expect(a.settings).toHaveBeenCalledOnce();
    expect(a.setLaunchAtLogin).toHaveBeenCalledExactlyOnceWith(true);
    expect(a.showLogFile).toHaveBeenCalledOnce();
    expect(a.quit).toHaveBeenCalledOnce();
  });

  it('offers a restart only when an update is waiting', () => {
    const a = actions();
    expect(
      trayMenuTemplate(a, { launchAtLogin: false }).some((e) => e.id === 'restart-to-update'),
    ).toBe(false);
    const template = trayMenuTemplate(a, { launchAtLogin: false, updateReady: '0.2.0' });
    expect(template.find((e) => e.id === 'restart-to-update')?.label).toBe(
      'Restart to update (0.2.0)',
    );
    click(template, 'restart-to-update');
    expect(a.restartToUpdate).toHaveBeenCalledOnce();
  });

  it('says so, in a disabled item, when this copy does not update itself', () => {
    const off = trayMenuTemplate(actions(), { launchAtLogin: false, updatesOff: 'unsigned build' });
    expect(off.find((e) => e.id === 'updates-off')).toMatchObject({
      label: 'Automatic updates off: unsigned build',
      enabled: false,
    });
    expect(off.find((e) => e.id === 'updates-off')?.click).toBeUndefined();
    const on = trayMenuTemplate(actions(), { launchAtLogin: false, updatesOff: null });
    expect(on.some((e) => e.id === 'updates-off')).toBe(false);
  });

  it('uses no role, so every item does what its click says on every OS', () => {
    for (const entry of trayMenuTemplate(actions(), { launchAtLogin: false })) {
      expect(entry.role).toBeUndefined();
    }
  });
});
