/**
 * The wiring in main/index.ts, over a fake Electron: what happens before ready, the lock, and the
 * order of things once ready. The pieces themselves are tested in each feature's
 * electron/ folder (main/tray/electron/, main/popover/electron/...).
 */
import type { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { channels } from '../common/contract';
import { DEFAULT_SETTINGS } from '../common/model';

const calls = vi.hoisted(() => [] as string[]);
const fake = vi.hoisted(() => ({
  lock: true,
  ready: { resolve: (): void => undefined },
  handled: new Set<string>(),
  menubarOptions: undefined as Record<string, unknown> | undefined,
  showWindow: undefined as (() => Promise<void>) | undefined,
}));

vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  const app = Object.assign(new Emitter(), {
    isPackaged: false,
    dock: undefined,
    setPath: (name: string, value: string) => calls.push(`setPath ${name} ${value}`),
    requestSingleInstanceLock: () => {
      calls.push('lock');
      return fake.lock;
    },
    quit: () => calls.push('quit'),
    exit: (code: number) => calls.push(`exit ${code}`),
    getAppPath: () => '/app',
    getVersion: () => '0.2.0',
    whenReady: () =>
      new Promise<void>((resolve) => {
        fake.ready.resolve = resolve;
      }),
  });
  const session = {
    defaultSession: {
      setPermissionRequestHandler: () => calls.push('permission handlers'),
      setPermissionCheckHandler: () => undefined,
      setDevicePermissionHandler: () => undefined,
      webRequest: { onBeforeRequest: () => undefined },
    },
  };
  return {
    app,
    session,
    protocol: {
      registerSchemesAsPrivileged: () => calls.push('register scheme'),
      handle: (scheme: string) => calls.push(`handle ${scheme}`),
    },
    ipcMain: {
      handle: (channel: string) => fake.handled.add(channel),
      removeHandler: (channel: string) => fake.handled.delete(channel),
    },
    powerMonitor: new Emitter(),
    globalShortcut: { register: () => true, unregister: () => undefined },
    shell: { openExternal: () => Promise.resolve() },
    safeStorage: {},
    net: { fetch: () => Promise.reject(new Error('no network in this test')) },
    Menu: { buildFromTemplate: (template: unknown) => ({ template }) },
    nativeImage: { createFromPath: (path: string) => ({ path }) },
  };
});

vi.mock('electron-menubar', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  return {
    menubar: (options: Record<string, unknown>) => {
      calls.push('menubar');
      fake.menubarOptions = options;
      const showWindow = vi.fn(() => Promise.resolve());
      fake.showWindow = showWindow;
      return Object.assign(new Emitter(), {
        showWindow,
        hideWindow: vi.fn(),
        toggleWindow: vi.fn(),
        setContextMenu: vi.fn(),
        destroy: vi.fn(),
        window: undefined,
      });
    },
  };
});
vi.mock('electron-store', () => ({ default: vi.fn() }));
vi.mock('./log-file', () => ({
  logLevel: () => 'debug',
  createFileLog: () => ({
    sink: (level: 'debug' | 'info' | 'warn' | 'error', line: string) => {
      console[level](line);
    },
    path: () => '/logs/main.log',
  }),
}));
vi.mock('./updates/electron/updater', () => ({
  currentUpdatePolicy: () => ({ enabled: false, reason: 'development build' }),
  startUpdater: () => {
    calls.push('updater');
    return { restartToUpdate: () => undefined, dispose: () => undefined };
  },
}));
vi.mock('./core', () => ({
  createCore: () => {
    calls.push('core');
    return Promise.resolve({
      dispatch: () => Promise.resolve({ ok: true, value: null }),
      onEvent: () => () => undefined,
      trayStatus: () => 'ok',
      traySummary: () => ({ status: 'ok', count: 0, perAccount: [] }),
      onTraySummary: () => () => undefined,
      refreshAll: () => Promise.resolve(),
      settings: () => DEFAULT_SETTINGS,
      dispose: () => undefined,
    });
  },
}));

const ENV = 'TEAMTRAY_USER_DATA';

beforeEach(async () => {
  // The mocked module outlives resetModules: start each test with a quiet app.
  const { app } = await import('electron');
  (app as unknown as EventEmitter).removeAllListeners();
  calls.length = 0;
  fake.lock = true;
  fake.handled.clear();
  fake.menubarOptions = undefined;
  vi.resetModules();
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

async function load() {
  await import('./index');
  const { app } = await import('electron');
  return app as unknown as EventEmitter;
}

describe('main/index.ts before ready', () => {
  it('uses TEAMTRAY_USER_DATA as the profile, before taking the lock', async () => {
    vi.stubEnv(ENV, '/tmp/teamtray-test-profile');
    await load();
    expect(calls.slice(0, 3)).toEqual([
      'setPath userData /tmp/teamtray-test-profile',
      'register scheme',
      'lock',
    ]);
  });

  it('ignores TEAMTRAY_USER_DATA in a packaged app', async () => {
    vi.stubEnv(ENV, '/tmp/teamtray-test-profile');
    const { app } = await import('electron');
    (app as { isPackaged: boolean }).isPackaged = true;
    try {
      await load();
    } finally {
      (app as { isPackaged: boolean }).isPackaged = false;
    }
    expect(calls.some((c) => c.startsWith('setPath'))).toBe(false);
    expect(calls.slice(0, 2)).toEqual(['register scheme', 'lock']);
  });

  it('leaves the profile alone when the variable is unset or empty', async () => {
    vi.stubEnv(ENV, '');
    await load();
    expect(calls.some((c) => c.startsWith('setPath'))).toBe(false);
  });

  it('quits when another Teamtray holds the lock', async () => {
    fake.lock = false;
    const app = await load();
    expect(calls).toEqual(['register scheme', 'lock', 'quit']);
    expect(app.listenerCount('second-instance')).toBe(0);
  });

  it('keeps running when its last window closes', async () => {
    const app = await load();
    expect(app.listenerCount('window-all-closed')).toBe(1);
  });
});

describe('main/index.ts on ready', () => {
  it('guards pages, serves app://, builds the core, registers IPC, then the tray', async () => {
    const app = await load();
    fake.ready.resolve();
    await vi.waitFor(() => {
      expect(calls).toContain('updater');
    });
    const order = ['permission handlers', 'handle app', 'core', 'menubar', 'updater'];
    expect(calls.filter((c) => order.includes(c))).toEqual(order);
    expect([...fake.handled].sort()).toEqual(Object.values(channels).sort());
    expect(fake.menubarOptions).toMatchObject({ index: 'app://teamtray/index.html' });
    expect(app.listenerCount('web-contents-created')).toBe(1);
    // Electron would otherwise hand the first client certificate of the store to any host.
    expect(app.listenerCount('select-client-certificate')).toBe(1);
  });

  it('shows the popover when a second account starts', async () => {
    const app = await load();
    fake.ready.resolve();
    await vi.waitFor(() => {
      expect(calls).toContain('menubar');
    });
    app.emit('second-instance');
    expect(fake.showWindow).toHaveBeenCalledOnce();
  });
});
