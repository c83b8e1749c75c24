import * as fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseDesktopEntry } from '../linux-autostart';

const fake = vi.hoisted(() => ({
  isPackaged: true,
  setLoginItemSettings: vi.fn(),
}));

vi.mock('electron', () => ({
  app: {
    get isPackaged() {
      return fake.isPackaged;
    },
    getAppPath: () => '/src/teamtray',
    setLoginItemSettings: fake.setLoginItemSettings,
  },
}));

const { refreshLaunchAtLogin, setLaunchAtLogin } = await import('./login-item');

const entryExists = (file: string): Promise<boolean> =>
  fs.access(file).then(
    () => true,
    () => false,
  );

const realPlatform = process.platform;
function onPlatform(platform: NodeJS.Platform): void {
  Object.defineProperty(process, 'platform', { value: platform, configurable: true });
}

describe('launch at login', () => {
  beforeEach(() => {
    fake.isPackaged = true;
  });

  afterEach(() => {
    onPlatform(realPlatform);
    vi.unstubAllEnvs();
    vi.clearAllMocks();
  });

  it.each(['darwin', 'win32'] as const)('uses Electron login items on %s', async (platform) => {
    onPlatform(platform);
    await setLaunchAtLogin(true);
    expect(fake.setLoginItemSettings).toHaveBeenCalledExactlyOnceWith({
      openAtLogin: true,
      path: process.execPath,
      args: [],
    });
    await setLaunchAtLogin(false);
    expect(fake.setLoginItemSettings).toHaveBeenLastCalledWith({
      openAtLogin: false,
      path: process.execPath,
      args: [],
    });
  });

  it('tells the bare Electron binary which app to open in development', async () => {
    onPlatform('win32');
    fake.isPackaged = false;
    await setLaunchAtLogin(true);
    expect(fake.setLoginItemSettings).toHaveBeenCalledWith(
      expect.objectContaining({ args: ['/src/teamtray'] }),
    );
  });

  describe('on Linux', () => {
    let dir: string;

    beforeEach(async () => {
      dir = await fs.mkdtemp(join(tmpdir(), 'teamtray-login-'));
      onPlatform('linux');
      vi.stubEnv('XDG_CONFIG_HOME', dir);
      vi.stubEnv('APPIMAGE', '/home/ana/Apps/Teamtray.AppImage');
    });

    afterEach(async () => {
      await fs.rm(dir, { recursive: true, force: true });
    });

    it('writes and removes an XDG autostart entry for the AppImage', async () => {
      const file = join(dir, 'autostart', 'teamtray.desktop');
      await expect(entryExists(file)).resolves.toBe(false);
      await setLaunchAtLogin(true);
      const entry = parseDesktopEntry(await fs.readFile(file, 'utf8'));
      expect(entry.get('Exec')).toBe('/home/ana/Apps/Teamtray.AppImage');
      expect(fake.setLoginItemSettings).not.toHaveBeenCalled();

      await setLaunchAtLogin(false);
      await expect(entryExists(file)).resolves.toBe(false);
    });

    it('refreshes a stale Exec path at start, only when the setting is on', async () => {
      await refreshLaunchAtLogin(false);
      await expect(entryExists(join(dir, 'autostart', 'teamtray.desktop'))).resolves.toBe(false);
      await setLaunchAtLogin(true);
      vi.stubEnv('APPIMAGE', '/home/ana/Moved/Teamtray.AppImage');
      await refreshLaunchAtLogin(true);
      const file = join(dir, 'autostart', 'teamtray.desktop');
      const entry = parseDesktopEntry(await fs.readFile(file, 'utf8'));
      expect(entry.get('Exec')).toBe('/home/ana/Moved/Teamtray.AppImage');
    });
  });
});
