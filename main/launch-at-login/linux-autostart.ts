/**
 * Launch at login on Linux: an XDG autostart entry, `$XDG_CONFIG_HOME/autostart/teamtray.desktop`
 * (https://specifications.freedesktop.org/autostart-spec/latest/). GNOME, KDE, XFCE, Cinnamon
 * and most others honour it; Electron's setLoginItemSettings does nothing on Linux.
 *
 * Plain TypeScript: the caller hands in the folder, the command and the file system.
 */
import { isAbsolute, join, posix } from 'node:path';

export const AUTOSTART_FILE_NAME = 'teamtray.desktop';

/** The part of `node:fs/promises` this module uses. */
export interface AutostartFs {
  readFile(path: string, encoding: 'utf8'): Promise<string>;
  writeFile(path: string, data: string, options: { mode: number }): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  mkdir(path: string, options: { recursive: true }): Promise<unknown>;
  rm(path: string, options: { force: true }): Promise<void>;
}

export interface LinuxAutostartOptions {
  /** The autostart folder, usually from autostartDirectory(). */
  readonly dir: string;
  /** Absolute path of what to run: the AppImage, or the installed binary. */
  readonly execPath: string;
  /** Arguments after it (in development: the app folder for the bare Electron binary). */
  readonly args?: readonly string[];
  readonly fs: AutostartFs;
  readonly name?: string;
  readonly comment?: string;
  /** Makes the temporary file's name unique; tests pin it. */
  readonly uniqueSuffix?: () => string;
}

export interface LinuxAutostart {
  readonly file: string;
  enable(): Promise<void>;
  disable(): Promise<void>;
  /** True when our entry exists and the desktop has not switched it off. */
  isEnabled(): Promise<boolean>;
}

/**
 * `$XDG_CONFIG_HOME/autostart`, or `~/.config/autostart`. The base directory spec says a relative
 * XDG_CONFIG_HOME is invalid and must be ignored.
 */
export function autostartDirectory(
  env: Readonly<Record<string, string | undefined>>,
  homedir: string,
): string {
  const configHome = env.XDG_CONFIG_HOME;
  // posix.isAbsolute on Linux; isAbsolute too, so tests on Windows can point it at a temp folder.
  const absolute =
    configHome !== undefined && (posix.isAbsolute(configHome) || isAbsolute(configHome));
  const base = absolute ? configHome : posix.join(homedir, '.config');
  return posix.join(base, 'autostart');
}

/**
 * What autostart should run. Inside an AppImage, process.execPath points into a temporary mount
 * that is gone after the next reboot; the AppImage runtime puts the file's own path in $APPIMAGE.
 */
export function linuxExecPath(
  env: Readonly<Record<string, string | undefined>>,
  execPath: string,
): string {
  const appImage = env.APPIMAGE;
  return appImage !== undefined && posix.isAbsolute(appImage) ? appImage : execPath;
}

// Characters that make the desktop-entry spec require a quoted argument.
const RESERVED = /[\s"'\\><~|&;$*?#()`]/;

/**
 * One argument of an Exec key, per the desktop-entry spec: `%` doubled (it starts field codes),
 * quoted when it holds a reserved character, with `"`, `` ` ``, `$` and `\` backslash-escaped
 * inside the quotes.
 */
export function quoteExecArgument(arg: string): string {
  if (arg === '') return '""';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(arg)) {
    throw new Error('An autostart argument cannot contain control characters.');
  }
  const value = arg.replaceAll('%', '%%');
  if (!RESERVED.test(value)) return value;
  return `"${value.replace(/["`$\\]/g, (c) => `\\${c}`)}"`;
}

/**
 * A desktop-entry string value: the spec unescapes `\\`, `\s`, `\n`, `\t`, `\r` before anything
 * else reads it (so a quoted backslash in Exec ends up as four).
 */
function escapeDesktopString(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u0008\u000b-\u001f\u007f]/.test(value)) {
    throw new Error('A desktop entry value cannot contain control characters.');
  }
  return value.replaceAll('\\', '\\\\').replaceAll('\n', '\\n').replaceAll('\t', '\\t');
}

export function execLine(execPath: string, args: readonly string[] = []): string {
  if (!posix.isAbsolute(execPath)) {
    throw new Error(`Autostart needs an absolute path, not ${JSON.stringify(execPath)}.`);
  }
  return escapeDesktopString([execPath, ...args].map(quoteExecArgument).join(' '));
}

export function desktopEntry(options: {
  readonly execPath: string;
  readonly args?: readonly string[];
  readonly name?: string;
  readonly comment?: string;
}): string {
  const lines = [
    '[Desktop Entry]',
    'Type=Application',
    'Version=1.0',
    `Name=${escapeDesktopString(options.name ?? 'Teamtray')}`,
    `Comment=${escapeDesktopString(options.comment ?? 'Your FlowFuse teams in the tray')}`,
    `Exec=${execLine(options.execPath, options.args)}`,
    'Icon=teamtray',
    'Terminal=false',
    'Categories=Utility;',
    'StartupNotify=false',
    'X-GNOME-Autostart-enabled=true',
  ];
  return `${lines.join('\n')}\n`;
}

/** Reads `key=value` lines of the `[Desktop Entry]` group. */
export function parseDesktopEntry(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  let inEntry = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (line.startsWith('[')) {
      inEntry = line === '[Desktop Entry]';
      continue;
    }
    if (!inEntry) continue;
    const eq = line.indexOf('=');
    if (eq > 0) entries.set(line.slice(0, eq).trim(), line.slice(eq + 1).trim());
  }
  return entries;
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

export function createLinuxAutostart(options: LinuxAutostartOptions): LinuxAutostart {
  const file = join(options.dir, AUTOSTART_FILE_NAME);
  const uniqueSuffix =
    options.uniqueSuffix ??
    (() => `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  const { fs } = options;

  return {
    file,

    async enable(): Promise<void> {
      const text = desktopEntry(options);
      await fs.mkdir(options.dir, { recursive: true });
      // Write beside, then rename: a session starting mid-write never reads half a file.
      const temporary = `${file}.${uniqueSuffix()}.tmp`;
      try {
        await fs.writeFile(temporary, text, { mode: 0o644 });
        await fs.rename(temporary, file);
      } catch (error) {
        await fs.rm(temporary, { force: true }).catch(() => undefined);
        throw error;
      }
    },

    async disable(): Promise<void> {
      await fs.rm(file, { force: true });
    },

    async isEnabled(): Promise<boolean> {
      let text: string;
      try {
        text = await fs.readFile(file, 'utf8');
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
      const entry = parseDesktopEntry(text);
      // `Hidden=true` is the spec's "deleted"; GNOME's startup-applications tool writes the other.
      if (entry.get('Hidden')?.toLowerCase() === 'true') return false;
      if (entry.get('X-GNOME-Autostart-enabled')?.toLowerCase() === 'false') return false;
      return entry.has('Exec');
    },
  };
}
