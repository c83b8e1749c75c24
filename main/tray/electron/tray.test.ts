import type { EventEmitter } from 'node:events';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import type { EventName } from '../../../common/contract';
import type { Result } from '../../../common/errors';
import { DEFAULT_SETTINGS } from '../../../common/model';
import type { TrayStatus, TraySummary } from '../tray-status';
import { createMemoryLogger } from '../../../tests/support/memory-logger';

interface FakeMenu {
  template: MenuItemConstructorOptions[];
}

const fake = vi.hoisted(() => ({
  options: undefined as Record<string, unknown> | undefined,
  account: undefined as
    | (EventEmitter & {
        tray: {
          setImage: ReturnType<typeof vi.fn>;
          setToolTip: ReturnType<typeof vi.fn>;
          setTitle: ReturnType<typeof vi.fn>;
        };
        showWindow: ReturnType<typeof vi.fn>;
        hideWindow: ReturnType<typeof vi.fn>;
        toggleWindow: ReturnType<typeof vi.fn>;
        setContextMenu: ReturnType<typeof vi.fn>;
        destroy: ReturnType<typeof vi.fn>;
        window: undefined;
      })
    | undefined,
}));

vi.mock('electron', () => ({
  Menu: { buildFromTemplate: (template: unknown[]) => ({ template }) },
  nativeImage: { createFromPath: (path: string) => ({ path }) },
}));

vi.mock('electron-menubar', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  return {
    menubar: (options: Record<string, unknown>) => {
      fake.options = options;
      fake.account = Object.assign(new Emitter(), {
        tray: { setImage: vi.fn(), setToolTip: vi.fn(), setTitle: vi.fn() },
        showWindow: vi.fn(() => Promise.resolve()),
        hideWindow: vi.fn(),
        toggleWindow: vi.fn(() => Promise.resolve()),
        setContextMenu: vi.fn(),
        destroy: vi.fn(),
        window: undefined,
      });
      return fake.account;
    },
  };
});

const { createTray } = await import('./tray');
type TrayDeps = Parameters<typeof createTray>[0];

/** Electron builds MenuItems itself; the click handler only reads `checked`. */
function menuItem(checked: boolean): Electron.MenuItem {
  const item: unknown = { checked };
  return item as Electron.MenuItem;
}

type CoreListener = (event: EventName, payload: unknown) => void;

function fakeCore(dispatchResult: Result<unknown> = { ok: true, value: DEFAULT_SETTINGS }) {
  let summary: TraySummary = { status: 'ok', count: 0, perAccount: [] };
  let settings = DEFAULT_SETTINGS;
  const summaryListeners: ((s: TraySummary) => void)[] = [];
  const eventListeners: CoreListener[] = [];
  const core = {
    trayStatus: () => summary.status,
    traySummary: () => summary,
    onTraySummary: (l: (s: TraySummary) => void) => {
      summaryListeners.push(l);
      return () => summaryListeners.splice(summaryListeners.indexOf(l), 1);
    },
    onEvent: (l: CoreListener) => {
      eventListeners.push(l);
      return () => eventListeners.splice(eventListeners.indexOf(l), 1);
    },
    settings: () => settings,
    refreshAll: vi.fn(() => Promise.resolve()),
    dispatch: vi.fn(() => Promise.resolve(dispatchResult)),
  };
  const setSummary = (next: TraySummary) => {
    summary = next;
    for (const l of summaryListeners) l(next);
  };
  return {
    core: core as unknown as TrayDeps['core'],
    raw: core,
    setSummary,
    setStatus: (status: TrayStatus) => {
      setSummary({ status, count: 0, perAccount: [] });
    },
    /** The settings change in the model: the core's settings say so, and patches are pushed. */
    saveSettings: (next: typeof settings) => {
      settings = next;
      const patch = { op: 'replace', path: ['settings'], value: next } as const;
      for (const l of eventListeners) l('patches', { version: 1, patches: [patch] });
    },
  };
}

function setup(
  platform: NodeJS.Platform = 'linux',
  dispatchResult?: Result<unknown>,
  updatesOff: string | null = null,
) {
  const core = fakeCore(dispatchResult);
  const push = vi.fn();
  const quit = vi.fn();
  const restartToUpdate = vi.fn();
  const showLogFile = vi.fn();
  const handle = createTray({
    core: core.core,
    iconDir: '/icons',
    platform,
    window: { width: 400 },
    push,
    restartToUpdate,
    updatesOff,
    showLogFile,
    quit,
    log: createMemoryLogger(),
  });
  const mb = fake.account;
  if (mb === undefined) throw new Error('menubar not created');
  const menu = (): FakeMenu => {
    const calls = mb.setContextMenu.mock.calls;
    return (calls.at(-1)?.[0] ?? fake.options?.contextMenu) as FakeMenu;
  };
  const click = (id: string, checked = false) =>
    menu()
      .template.find((e) => e.id === id)
      ?.click?.(menuItem(checked), undefined, {});
  return { ...core, handle, mb, push, quit, restartToUpdate, showLogFile, menu, click };
}

beforeEach(() => {
  fake.options = undefined;
  fake.account = undefined;
});

describe('tray', () => {
  it('loads the app page in a preloaded, hidden popover with the given window options', () => {
    setup();
    expect(fake.options).toMatchObject({
      index: 'app://teamtray/index.html',
      browserWindow: { width: 400 },
      preloadWindow: true,
      showDockIcon: false,
      hideOnClose: true,
    });
  });

  it.each([
    ['darwin', 'tray-okTemplate.png'],
    ['win32', 'tray-ok.ico'],
    ['linux', 'tray-ok.png'],
  ] as const)('starts with the %s icon %s and a tooltip', (platform, file) => {
    setup(platform);
    expect(fake.options?.icon).toEqual({ path: join('/icons', file) });
    expect(fake.options?.tooltip).toBe('Teamtray');
  });

  it('changes icon and tooltip with the status, once the tray is ready', () => {
    const { mb, setStatus } = setup('linux');
    setStatus('attention'); // before ready: menubar has no tray yet
    expect(mb.tray.setImage).not.toHaveBeenCalled();
    mb.emit('ready');
    setStatus('offline');
    expect(mb.tray.setImage).toHaveBeenLastCalledWith({ path: join('/icons', 'tray-offline.png') });
    expect(mb.tray.setToolTip).toHaveBeenLastCalledWith('Teamtray: no account answers');
  });

  it('opens, refreshes, shows settings and quits from the menu', async () => {
    const { mb, raw, click, push, quit } = setup();
    click('open');
    expect(mb.showWindow).toHaveBeenCalledOnce();
    click('refresh');
    expect(raw.refreshAll).toHaveBeenCalledOnce();
    click('settings');
    await vi.waitFor(() => {
      expect(push).toHaveBeenCalledWith('navigate', 'settings');
    });
    click('quit');
    expect(quit).toHaveBeenCalledOnce();
  });

  it('saves launch at login through the core, and puts the checkbox back on failure', async () => {
    const { raw, click, mb } = setup('linux', {
      ok: false,
      error: { code: 'internal', message: 'no' },
    });
    click('launch-at-login', true);
    expect(raw.dispatch).toHaveBeenCalledWith('updateSettings', { launchAtLogin: true });
    await vi.waitFor(() => {
      expect(mb.setContextMenu).toHaveBeenCalledOnce();
    });
    const entry = (mb.setContextMenu.mock.calls[0]?.[0] as FakeMenu).template.find(
      (e) => e.id === 'launch-at-login',
    );
    expect(entry?.checked).toBe(false);
  });

  it('rebuilds the menu when launch at login changes elsewhere', () => {
    const { saveSettings, menu } = setup();
    saveSettings({ ...DEFAULT_SETTINGS, launchAtLogin: true });
    expect(menu().template.find((e) => e.id === 'launch-at-login')?.checked).toBe(true);
  });

  it('shows the log file from the menu', () => {
    const { click, showLogFile } = setup();
    click('show-log-file');
    expect(showLogFile).toHaveBeenCalledOnce();
  });

  it('says in the menu when this copy does not update itself', () => {
    const { menu } = setup('linux', undefined, 'get new AppImages from the releases page');
    expect(menu().template.find((e) => e.id === 'updates-off')?.label).toBe(
      'Automatic updates off: get new AppImages from the releases page',
    );
  });

  it('offers a restart once an update is ready', () => {
    const { handle, click, restartToUpdate, menu } = setup();
    handle.setUpdateReady('0.2.0');
    expect(menu().template.some((e) => e.id === 'restart-to-update')).toBe(true);
    click('restart-to-update');
    expect(restartToUpdate).toHaveBeenCalledOnce();
  });

  it('shows, hides, toggles and tears down through menubar', async () => {
    const { handle, mb } = setup();
    await handle.show();
    handle.hide();
    await handle.toggle();
    expect(handle.popover()).toBeUndefined();
    handle.dispose();
    expect(mb.showWindow).toHaveBeenCalled();
    expect(mb.hideWindow).toHaveBeenCalled();
    expect(mb.toggleWindow).toHaveBeenCalled();
    expect(mb.destroy).toHaveBeenCalled();
  });

  describe('the count on the tray', () => {
    const crashed = {
      instances: 2,
      crashed: 2,
      inError: 0,
      safeMode: 0,
      devices: 0,
      notUpdated: 0,
      accounts: 0,
      unreachable: 0,
      tokensExpiring: 0,
    };
    const token = { ...crashed, instances: 0, crashed: 0, accounts: 1 };
    const THREE: TraySummary = {
      status: 'attention',
      count: 3,
      perAccount: [
        { title: 'ada @ example.com', counts: crashed },
        { title: 'Factory', counts: token },
      ],
    };
    const LISTED =
      'Teamtray — 3 need you\nada @ example.com: 2 instances crashed\nFactory: 1 account needs a new token';

    // Digits of one width: the menu bar does not shift as the count changes.
    const DIGITS = { fontType: 'monospacedDigit' };

    function counting(platform: NodeJS.Platform) {
      const tray = setup(platform);
      tray.mb.emit('ready');
      tray.setSummary(THREE);
      return tray;
    }

    it('macOS: the count beside the icon, and the accounts in the tooltip', () => {
      const { mb, setSummary } = counting('darwin');
      expect(mb.tray.setTitle).toHaveBeenLastCalledWith(' 3', DIGITS);
      expect(mb.tray.setImage).toHaveBeenLastCalledWith({
        path: join('/icons', 'tray-attentionTemplate.png'),
      });
      expect(mb.tray.setToolTip).toHaveBeenLastCalledWith(LISTED);
      setSummary({ status: 'ok', count: 0, perAccount: [] });
      expect(mb.tray.setTitle).toHaveBeenLastCalledWith('', DIGITS);
    });

    it('Windows: the icon with the count drawn on it, and no title', () => {
      const { mb } = counting('win32');
      expect(mb.tray.setImage).toHaveBeenLastCalledWith({
        path: join('/icons', 'tray-attention-3.ico'),
      });
      expect(mb.tray.setToolTip).toHaveBeenLastCalledWith(LISTED);
      expect(mb.tray.setTitle).not.toHaveBeenCalled();
    });

    it('Linux: the attention icon and the count in the tooltip, and no title', () => {
      const { mb } = counting('linux');
      expect(mb.tray.setImage).toHaveBeenLastCalledWith({
        path: join('/icons', 'tray-attention.png'),
      });
      expect(mb.tray.setToolTip).toHaveBeenLastCalledWith(LISTED);
      expect(mb.tray.setTitle).not.toHaveBeenCalled();
    });

    it.each([
      ['darwin', 'tray-attentionTemplate.png'],
      ['win32', 'tray-attention.ico'],
      ['linux', 'tray-attention.png'],
    ] as const)(
      '%s: turned off in Settings, no count and the plain tooltip; on again, back',
      (platform, file) => {
        const { mb, saveSettings } = counting(platform);
        saveSettings({ ...DEFAULT_SETTINGS, trayCount: false });
        expect(mb.tray.setImage).toHaveBeenLastCalledWith({ path: join('/icons', file) });
        expect(mb.tray.setToolTip).toHaveBeenLastCalledWith('Teamtray: something needs you');
        if (platform === 'darwin') expect(mb.tray.setTitle).toHaveBeenLastCalledWith('', DIGITS);
        saveSettings({ ...DEFAULT_SETTINGS, trayCount: true });
        expect(mb.tray.setToolTip).toHaveBeenLastCalledWith(LISTED);
      },
    );

    it('starts with the count when there is one already', () => {
      const { core, setSummary } = fakeCore();
      setSummary(THREE);
      createTray({
        core: core,
        iconDir: '/icons',
        platform: 'win32',
        window: {},
        push: vi.fn(),
        restartToUpdate: vi.fn(),
        updatesOff: null,
        showLogFile: vi.fn(),
        quit: vi.fn(),
        log: createMemoryLogger(),
      });
      expect(fake.options?.icon).toEqual({ path: join('/icons', 'tray-attention-3.ico') });
      expect(fake.options?.tooltip).toBe(LISTED);
    });
  });
});
