import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../../common/model';
import { AppError } from '../../../common/errors';
import type { ShortcutPlatform } from '../../../common/shortcut';
import { createMemoryLogger } from '../../../tests/support/memory-logger';
import { isSafeExternalUrl } from '../external-url';

const fake = vi.hoisted(() => ({
  registered: new Map<string, () => void>(),
  taken: new Set<string>(),
  opened: [] as string[],
  shown: [] as string[],
  clipboard: [] as string[],
}));

vi.mock('electron', () => ({
  globalShortcut: {
    register: (accelerator: string, callback: () => void) => {
      if (accelerator.includes('Nonsense')) throw new Error('Failed to parse accelerator');
      if (fake.taken.has(accelerator)) return false;
      fake.registered.set(accelerator, callback);
      return true;
    },
    unregister: (accelerator: string) => fake.registered.delete(accelerator),
  },
  clipboard: {
    writeText: (text: string) => {
      fake.clipboard.push(text);
      return Promise.resolve();
    },
  },
  shell: {
    openExternal: (url: string) => {
      fake.opened.push(url);
      return Promise.resolve();
    },
    showItemInFolder: (path: string) => fake.shown.push(path),
  },
}));

const { createShellPort } = await import('./shell-port');

const LOG_FILE = '/home/ada/.config/Teamtray/logs/main.log';

function setup(loginItem = vi.fn(), platform: ShortcutPlatform = 'linux') {
  const hideWindow = vi.fn();
  const onShortcut = vi.fn();
  const log = createMemoryLogger();
  const port = createShellPort({
    hideWindow,
    quit: vi.fn(),
    onShortcut,
    loginItem: { setLaunchAtLogin: loginItem },
    logFilePath: () => LOG_FILE,
    log,
    platform,
  });
  return { port, hideWindow, onShortcut, loginItem, log };
}

const settings = (patch: Partial<Settings>): Settings => ({ ...DEFAULT_SETTINGS, ...patch });

beforeEach(() => {
  fake.registered.clear();
  fake.taken.clear();
  fake.opened.length = 0;
  fake.shown.length = 0;
  fake.clipboard.length = 0;
});

describe('showLogFile', () => {
  it('reveals main.log in the file manager, after a line that makes sure it exists', () => {
    const { port, log } = setup();
    port.showLogFile();
    expect(fake.shown).toEqual([LOG_FILE]);
    expect(log.lines).toEqual(['info shell: showing the log file']);
  });
});

describe('isSafeExternalUrl', () => {
  it.each([
    'https://app.flowfuse.com/team/dev',
    'http://127.0.0.1:8080/team/dev',
    'http://flowfuse.lan/account/security/tokens',
  ])('allows %s', (url) => {
    expect(isSafeExternalUrl(url)).toBe(true);
  });

  it.each([
    'file:///etc/passwd',
    'smb://attacker/share',
    'javascript:alert(1)',
    'ms-settings:privacy',
    'vscode://open?x=1',
    'data:text/html,<script>alert(1)</script>',
    'https://user:pass@app.flowfuse.com/',
    'not a url',
    '',
  ])('refuses %s', (url) => {
    expect(isSafeExternalUrl(url)).toBe(false);
  });
});

describe('shell port', () => {
  it('copies text with the clipboard and quits through the app', async () => {
    const quit = vi.fn();
    const port = createShellPort({
      hideWindow: vi.fn(),
      quit,
      onShortcut: vi.fn(),
      loginItem: { setLaunchAtLogin: vi.fn() },
      logFilePath: () => LOG_FILE,
      log: createMemoryLogger(),
    });
    await port.copyText('https://app.flowfuse.com/team/dev');
    expect(fake.clipboard).toEqual(['https://app.flowfuse.com/team/dev']);
    port.quit();
    expect(quit).toHaveBeenCalledOnce();
  });

  it('opens web URLs and refuses the rest without calling shell', async () => {
    const { port } = setup();
    await port.openInBrowser('https://app.flowfuse.com/team/dev');
    await expect(port.openInBrowser('file:///etc/passwd')).rejects.toMatchObject({
      code: 'invalid_request',
    });
    expect(fake.opened).toEqual(['https://app.flowfuse.com/team/dev']);
  });

  it('logs only the scheme of a refused URL, never the rest of it', async () => {
    const log = createMemoryLogger();
    const port = createShellPort({
      hideWindow: vi.fn(),
      quit: vi.fn(),
      onShortcut: vi.fn(),
      loginItem: { setLaunchAtLogin: vi.fn() },
      logFilePath: () => LOG_FILE,
      log,
    });
    for (const url of ['team/dev?invite=SECRET', 'file:///home/ana/SECRET', '//SECRET:x']) {
      await expect(port.openInBrowser(url)).rejects.toMatchObject({ code: 'invalid_request' });
    }
    expect(log.lines).toHaveLength(3);
    expect(log.lines.join('\n')).not.toContain('SECRET');
    expect(log.lines.join('\n')).toContain('file');
  });

  it('hides through the late-bound tray', () => {
    const { port, hideWindow } = setup();
    port.hideWindow();
    expect(hideWindow).toHaveBeenCalledOnce();
  });

  it('registers, replaces and clears the global shortcut', async () => {
    const { port, onShortcut } = setup();
    await port.applySettings(settings({ globalShortcut: 'Alt+T' }), settings({}));
    expect([...fake.registered.keys()]).toEqual(['Alt+T']);
    fake.registered.get('Alt+T')?.();
    expect(onShortcut).toHaveBeenCalledOnce();
    await port.applySettings(
      settings({ globalShortcut: 'Alt+Y' }),
      settings({ globalShortcut: 'Alt+T' }),
    );
    expect([...fake.registered.keys()]).toEqual(['Alt+Y']);
    await port.applySettings(settings({}), settings({ globalShortcut: 'Alt+Y' }));
    expect(fake.registered.size).toBe(0);
  });

  it('throws invalid_request for a taken shortcut and keeps the old one', async () => {
    const { port } = setup();
    await port.applySettings(settings({ globalShortcut: 'Alt+T' }), settings({}));
    fake.taken.add('Alt+Y');
    const change = port.applySettings(
      settings({ globalShortcut: 'Alt+Y' }),
      settings({ globalShortcut: 'Alt+T' }),
    );
    await expect(change).rejects.toBeInstanceOf(AppError);
    await expect(change).rejects.toMatchObject({ code: 'invalid_request' });
    expect([...fake.registered.keys()]).toEqual(['Alt+T']);
  });

  it('throws invalid_request for an accelerator Electron cannot parse', async () => {
    const { port } = setup();
    await expect(
      port.applySettings(settings({ globalShortcut: 'Nonsense+Q' }), settings({})),
    ).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('sets launch at login, and undoes the shortcut when that fails', async () => {
    const ok = setup();
    await ok.port.applySettings(settings({ launchAtLogin: true }), settings({}));
    expect(ok.loginItem).toHaveBeenCalledExactlyOnceWith(true);

    fake.registered.clear();
    const failing = setup(
      vi.fn(() => {
        throw new Error('no autostart folder');
      }),
    );
    const change = failing.port.applySettings(
      settings({ launchAtLogin: true, globalShortcut: 'Alt+T' }),
      settings({}),
    );
    await expect(change).rejects.toMatchObject({ code: 'internal' });
    expect(fake.registered.size).toBe(0);
  });

  it('registers the saved shortcut at start without throwing when it is taken', () => {
    fake.taken.add('Alt+T');
    const { port } = setup();
    expect(() => {
      port.applyInitial(settings({ globalShortcut: 'Alt+T' }));
    }).not.toThrow();
    port.applyInitial(settings({ globalShortcut: 'Alt+U' }));
    expect([...fake.registered.keys()]).toEqual(['Alt+U']);
    port.dispose();
    expect(fake.registered.size).toBe(0);
  });

  it.each<[ShortcutPlatform, string, string]>([
    ['darwin', 'CommandOrControl+Shift+T', 'Shift+Command+T'],
    ['win32', 'cmdorctrl+shift+t', 'Control+Shift+T'],
    ['linux', 'Meta+Alt+F', 'Alt+Super+F'],
    ['win32', 'Control+CommandOrControl+Shift+K', 'Control+Shift+K'],
  ])('on %s registers %s as Electron reads it: %s', async (platform, shortcut, accelerator) => {
    const { port } = setup(vi.fn(), platform);
    await port.applySettings(settings({ globalShortcut: shortcut }), settings({}));
    expect([...fake.registered.keys()]).toEqual([accelerator]);
    port.dispose();
    expect(fake.registered.size).toBe(0);
  });

  it('keeps one registration when another spelling of the same keys is saved', async () => {
    const { port } = setup(vi.fn(), 'linux');
    await port.applySettings(settings({ globalShortcut: 'Control+Shift+T' }), settings({}));
    await port.applySettings(
      settings({ globalShortcut: 'CommandOrControl+Shift+T' }),
      settings({ globalShortcut: 'Control+Shift+T' }),
    );
    expect([...fake.registered.keys()]).toEqual(['Control+Shift+T']);
  });

  it.each<[ShortcutPlatform, string]>([
    ['darwin', 'Meta+V'],
    ['darwin', 'Super+C'],
    ['darwin', 'Command+CmdOrCtrl+V'],
    ['win32', 'Control+CommandOrControl+C'],
    ['linux', 'Control+CommandOrControl+C'],
    ['win32', 'Control+Alt+E'],
    ['linux', 'AltGr+Q'],
  ])('on %s registers nothing for %s, at start or when changed', async (platform, shortcut) => {
    const { port, log } = setup(vi.fn(), platform);
    await expect(
      port.applySettings(settings({ globalShortcut: shortcut }), settings({})),
    ).rejects.toMatchObject({ code: 'invalid_request' });
    port.applyInitial(settings({ globalShortcut: shortcut }));
    expect(fake.registered.size).toBe(0);
    expect(log.lines.join('\n')).toContain('could not be registered');
  });
});
