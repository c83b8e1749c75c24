import * as fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AUTOSTART_FILE_NAME,
  autostartDirectory,
  createLinuxAutostart,
  desktopEntry,
  execLine,
  linuxExecPath,
  parseDesktopEntry,
  quoteExecArgument,
  type AutostartFs,
} from './linux-autostart';

describe('autostartDirectory', () => {
  it('uses XDG_CONFIG_HOME when it is absolute', () => {
    expect(autostartDirectory({ XDG_CONFIG_HOME: '/data/cfg' }, '/home/ana')).toBe(
      '/data/cfg/autostart',
    );
  });

  it('falls back to ~/.config, ignoring an empty or relative XDG_CONFIG_HOME', () => {
    expect(autostartDirectory({}, '/home/ana')).toBe('/home/ana/.config/autostart');
    expect(autostartDirectory({ XDG_CONFIG_HOME: '' }, '/home/ana')).toBe(
      '/home/ana/.config/autostart',
    );
    expect(autostartDirectory({ XDG_CONFIG_HOME: 'cfg' }, '/home/ana')).toBe(
      '/home/ana/.config/autostart',
    );
  });
});

describe('linuxExecPath', () => {
  it('launches the AppImage file, not its temporary mount', () => {
    expect(
      linuxExecPath({ APPIMAGE: '/home/ana/Apps/Teamtray.AppImage' }, '/tmp/.mount_Team/teamtray'),
    ).toBe('/home/ana/Apps/Teamtray.AppImage');
  });

  it('uses the installed binary otherwise', () => {
    expect(linuxExecPath({}, '/opt/Teamtray/teamtray')).toBe('/opt/Teamtray/teamtray');
  });
});

describe('Exec quoting (desktop-entry spec)', () => {
  it('leaves plain paths alone', () => {
    expect(quoteExecArgument('/opt/Teamtray/teamtray')).toBe('/opt/Teamtray/teamtray');
  });

  it('quotes reserved characters and escapes the four that need it inside quotes', () => {
    expect(quoteExecArgument('/home/ana/My Apps/Teamtray.AppImage')).toBe(
      '"/home/ana/My Apps/Teamtray.AppImage"',
    );
    expect(quoteExecArgument('/a/"b"/$HOME/`x`/c\\d')).toBe('"/a/\\"b\\"/\\$HOME/\\`x\\`/c\\\\d"');
    expect(quoteExecArgument("/o'neil/app")).toBe('"/o\'neil/app"');
  });

  it('doubles % so a path is never read as a field code', () => {
    expect(quoteExecArgument('/apps/100%u/teamtray')).toBe('/apps/100%%u/teamtray');
  });

  it('escapes backslashes once more for the string value (four for one inside quotes)', () => {
    expect(execLine('/a b/c\\d')).toBe('"/a b/c\\\\\\\\d"');
  });

  it('refuses relative paths and control characters', () => {
    expect(() => execLine('teamtray')).toThrow(/absolute/);
    expect(() => quoteExecArgument('/a\nX-Evil=1')).toThrow(/control/);
  });

  it('keeps the Exec key on one line whatever the name', () => {
    const text = desktopEntry({
      execPath: '/opt/Teamtray/teamtray',
      name: 'Team\ntray',
    });
    expect(text.split('\n').filter((line) => line.startsWith('Name='))).toEqual([
      'Name=Team\\ntray',
    ]);
  });
});

describe('createLinuxAutostart', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await fs.mkdtemp(join(tmpdir(), 'teamtray-autostart-'));
  });

  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('writes, reads back and removes ~/.config/autostart/teamtray.desktop', async () => {
    const autostartDir = join(dir, '.config', 'autostart');
    const autostart = createLinuxAutostart({
      dir: autostartDir,
      execPath: '/home/ana/My Apps/Teamtray.AppImage',
      fs,
    });
    expect(autostart.file).toBe(join(autostartDir, AUTOSTART_FILE_NAME));
    await expect(autostart.isEnabled()).resolves.toBe(false);

    await autostart.enable();
    await expect(autostart.isEnabled()).resolves.toBe(true);
    const entry = parseDesktopEntry(await fs.readFile(autostart.file, 'utf8'));
    expect(entry.get('Type')).toBe('Application');
    expect(entry.get('Name')).toBe('Teamtray');
    expect(entry.get('Exec')).toBe('"/home/ana/My Apps/Teamtray.AppImage"');
    expect(entry.get('X-GNOME-Autostart-enabled')).toBe('true');
    expect(await fs.readdir(autostartDir)).toEqual([AUTOSTART_FILE_NAME]);

    await autostart.disable();
    await expect(autostart.isEnabled()).resolves.toBe(false);
    await autostart.disable();
    expect(await fs.readdir(autostartDir)).toEqual([]);
  });

  it('rewrites a stale entry in place', async () => {
    const first = createLinuxAutostart({ dir, execPath: '/old/Teamtray.AppImage', fs });
    await first.enable();
    const second = createLinuxAutostart({ dir, execPath: '/new/Teamtray.AppImage', fs });
    await second.enable();
    const entry = parseDesktopEntry(await fs.readFile(second.file, 'utf8'));
    expect(entry.get('Exec')).toBe('/new/Teamtray.AppImage');
    expect(await fs.readdir(dir)).toEqual([AUTOSTART_FILE_NAME]);
  });

  it('passes arguments (the app folder, in development)', async () => {
    const autostart = createLinuxAutostart({
      dir,
      execPath: '/src/node_modules/electron/dist/electron',
      args: ['/src/team tray'],
      fs,
    });
    await autostart.enable();
    const entry = parseDesktopEntry(await fs.readFile(autostart.file, 'utf8'));
    expect(entry.get('Exec')).toBe('/src/node_modules/electron/dist/electron "/src/team tray"');
  });

  it('reads an entry the desktop switched off as off', async () => {
    const autostart = createLinuxAutostart({ dir, execPath: '/opt/Teamtray/teamtray', fs });
    await autostart.enable();
    const text = await fs.readFile(autostart.file, 'utf8');
    await fs.writeFile(
      autostart.file,
      text.replace('X-GNOME-Autostart-enabled=true', 'X-GNOME-Autostart-enabled=false'),
    );
    await expect(autostart.isEnabled()).resolves.toBe(false);
    await fs.writeFile(autostart.file, `${text}Hidden=true\n`);
    await expect(autostart.isEnabled()).resolves.toBe(false);
  });

  it('writes atomically: a failed write leaves the old entry and no temporary file', async () => {
    const autostart = createLinuxAutostart({ dir, execPath: '/opt/Teamtray/teamtray', fs });
    await autostart.enable();
    const before = await fs.readFile(autostart.file, 'utf8');

    const failingFs: AutostartFs = {
      readFile: (path, encoding) => fs.readFile(path, encoding),
      writeFile: async (path, data, options) => {
        await fs.writeFile(path, data.slice(0, 10), options);
        throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      },
      rename: (from, to) => fs.rename(from, to),
      mkdir: (path, options) => fs.mkdir(path, options),
      rm: (path, options) => fs.rm(path, options),
    };
    const broken = createLinuxAutostart({
      dir,
      execPath: '/elsewhere/teamtray',
      fs: failingFs,
      uniqueSuffix: () => 'fixed',
    });
    await expect(broken.enable()).rejects.toThrow(/ENOSPC/);
    expect(await fs.readFile(autostart.file, 'utf8')).toBe(before);
    expect(await fs.readdir(dir)).toEqual([AUTOSTART_FILE_NAME]);
  });
});
