import type { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryLogger } from '../../../tests/support/memory-logger';

interface FakeUpdater extends EventEmitter {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  allowPrerelease: boolean;
  allowDowngrade: boolean;
  logger: unknown;
  checkForUpdates: ReturnType<typeof vi.fn<() => Promise<{ downloadPromise: Promise<unknown> }>>>;
  quitAndInstall: ReturnType<typeof vi.fn<(isSilent?: boolean, isForceRunAfter?: boolean) => void>>;
}

const fake = vi.hoisted(() => ({
  app: { isPackaged: true },
  notificationShow: vi.fn(),
  autoUpdater: undefined as FakeUpdater | undefined,
  /** How often electron-updater's lazy `autoUpdater` getter (which builds the updater) ran. */
  autoUpdaterReads: 0,
  powerMonitor: undefined as EventEmitter | undefined,
}));

vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  fake.powerMonitor = new Emitter();
  class Notification {
    static isSupported(): boolean {
      return true;
    }
    show(): void {
      fake.notificationShow();
    }
  }
  return { app: fake.app, powerMonitor: fake.powerMonitor, Notification };
});

vi.mock('electron-updater', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  fake.autoUpdater = Object.assign(new Emitter(), {
    autoDownload: false,
    autoInstallOnAppQuit: false,
    allowPrerelease: true,
    allowDowngrade: true,
    logger: null,
    checkForUpdates: vi.fn<() => Promise<{ downloadPromise: Promise<unknown> }>>(),
    quitAndInstall: vi.fn<(isSilent?: boolean, isForceRunAfter?: boolean) => void>(),
  });
  return {
    default: {
      get autoUpdater() {
        fake.autoUpdaterReads += 1;
        return fake.autoUpdater;
      },
    },
  };
});

const { startUpdater } = await import('./updater');
// updater.ts loads electron-updater on its first check; load the fake now for the tests to hold.
await import('electron-updater');

function fakes(): { autoUpdater: FakeUpdater; powerMonitor: EventEmitter } {
  if (fake.autoUpdater === undefined || fake.powerMonitor === undefined) {
    throw new Error('mocks not loaded');
  }
  return { autoUpdater: fake.autoUpdater, powerMonitor: fake.powerMonitor };
}
const mocks = {
  get autoUpdater() {
    return fakes().autoUpdater;
  },
  get powerMonitor() {
    return fakes().powerMonitor;
  },
  app: fake.app,
  notificationShow: fake.notificationShow,
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const ON = { enabled: true } as const;

describe('startUpdater', () => {
  beforeEach(() => {
    mocks.app.isPackaged = true;
    mocks.autoUpdater.checkForUpdates.mockResolvedValue({ downloadPromise: Promise.resolve([]) });
  });

  afterEach(() => {
    vi.unstubAllEnvs();
    vi.clearAllMocks();
    mocks.autoUpdater.removeAllListeners();
    mocks.powerMonitor.removeAllListeners();
  });

  it('never checks when the policy says no (development, unsigned, Linux)', async () => {
    const log = createMemoryLogger();
    const updater = startUpdater({
      log,
      policy: { enabled: false, reason: 'unsigned build' },
      onUpdateReady: vi.fn(),
    });
    await settle();
    mocks.powerMonitor.emit('resume');
    await settle();
    expect(mocks.autoUpdater.checkForUpdates).not.toHaveBeenCalled();
    // Nor builds the platform updater.
    expect(fake.autoUpdaterReads).toBe(0);
    updater.dispose();
  });

  it('downloads in the background, installs on quit, and checks at start', async () => {
    const updater = startUpdater({ log: createMemoryLogger(), policy: ON, onUpdateReady: vi.fn() });
    await settle();
    expect(mocks.autoUpdater.autoDownload).toBe(true);
    expect(mocks.autoUpdater.autoInstallOnAppQuit).toBe(true);
    expect(mocks.autoUpdater.allowPrerelease).toBe(false);
    expect(mocks.autoUpdater.allowDowngrade).toBe(false);
    expect(mocks.autoUpdater.checkForUpdates).toHaveBeenCalledTimes(1);
    updater.dispose();
  });

  it('logs updater errors and failed downloads instead of crashing', async () => {
    const log = createMemoryLogger();
    mocks.autoUpdater.checkForUpdates.mockResolvedValue({
      downloadPromise: Promise.reject(new Error('sha512 checksum mismatch')),
    });
    const updater = startUpdater({ log, policy: ON, onUpdateReady: vi.fn() });
    await settle();
    expect(() =>
      mocks.autoUpdater.emit('error', new Error('net::ERR_INTERNET_DISCONNECTED')),
    ).not.toThrow();
    await settle();
    const lines = log.lines.join('\n');
    expect(lines).toContain('ERR_INTERNET_DISCONNECTED');
    expect(lines).toContain('checksum mismatch');
    updater.dispose();
  });

  it('tells the tray and the user when an update is ready, and restarts only when asked', async () => {
    const onUpdateReady = vi.fn();
    const updater = startUpdater({ log: createMemoryLogger(), policy: ON, onUpdateReady });
    await settle();

    updater.restartToUpdate();
    expect(mocks.autoUpdater.quitAndInstall).not.toHaveBeenCalled();

    mocks.autoUpdater.emit('update-downloaded', { version: '1.2.0' });
    mocks.autoUpdater.emit('update-downloaded', { version: '1.2.0' });
    expect(onUpdateReady).toHaveBeenCalledExactlyOnceWith('1.2.0');
    expect(mocks.notificationShow).toHaveBeenCalledOnce();
    expect(mocks.autoUpdater.quitAndInstall).not.toHaveBeenCalled();

    updater.restartToUpdate();
    expect(mocks.autoUpdater.quitAndInstall).toHaveBeenCalledExactlyOnceWith(true, true);
    updater.dispose();
  });

  it('checks on resume when a check is due, and lets go of everything on dispose', async () => {
    const updater = startUpdater({ log: createMemoryLogger(), policy: ON, onUpdateReady: vi.fn() });
    await settle();
    mocks.powerMonitor.emit('resume');
    await settle();
    // Checked a moment ago: not due yet.
    expect(mocks.autoUpdater.checkForUpdates).toHaveBeenCalledTimes(1);
    updater.dispose();
    expect(mocks.autoUpdater.listenerCount('update-downloaded')).toBe(0);
    expect(mocks.autoUpdater.listenerCount('error')).toBe(0);
    expect(mocks.powerMonitor.listenerCount('resume')).toBe(0);
  });
});
