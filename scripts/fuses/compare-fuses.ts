/**
 * Compares what `npx @electron/fuses read --app <packaged app>` printed with the `electronFuses`
 * of electron-builder.yml. The format is @electron/fuses' bin.ts (2.x): a line
 * `Fuse Version: v1`, then one line per fuse, `  <FuseV1Options name> is <state>`, the state one of
 * Enabled, Disabled, Inherited, Removed; names and states may be wrapped in ANSI colours
 * (node:util styleText, when the terminal or FORCE_COLOR asks for them).
 */
export type FuseState = 'Enabled' | 'Disabled' | 'Inherited' | 'Removed';

export interface FuseRead {
  readonly version: string | null;
  readonly fuses: ReadonlyMap<string, FuseState>;
}

/** Keys of electron-builder's `electronFuses` that are not fuses of the binary. */
const NOT_FUSES = new Set(['resetAdHocDarwinSignature', 'strictlyRequireAllFuses']);
// eslint-disable-next-line no-control-regex -- ANSI escape sequences are control characters
const ANSI = /\u001b\[[0-9;]*m/g;
const FUSE_LINE = /^\s+([A-Za-z][A-Za-z0-9]*) is (Enabled|Disabled|Inherited|Removed)\s*$/;
const VERSION_LINE = /^Fuse Version: v(\d+)\s*$/;

export function parseFusesRead(output: string): FuseRead {
  let version: string | null = null;
  const fuses = new Map<string, FuseState>();
  for (const raw of output.split(/\r?\n/)) {
    const line = raw.replace(ANSI, '');
    const versionMatch = VERSION_LINE.exec(line);
    if (versionMatch !== null) version = versionMatch[1] ?? null;
    const fuse = FUSE_LINE.exec(line);
    if (fuse?.[1] !== undefined && fuse[2] !== undefined) fuses.set(fuse[1], fuse[2] as FuseState);
  }
  return { version, fuses };
}

/** electron-builder's `runAsNode` is @electron/fuses' `RunAsNode`, and so on for each key. */
export function expectedFuses(
  electronFuses: Readonly<Record<string, unknown>>,
): Map<string, FuseState> {
  const expected = new Map<string, FuseState>();
  for (const [key, value] of Object.entries(electronFuses)) {
    if (NOT_FUSES.has(key) || typeof value !== 'boolean') continue;
    expected.set(key.charAt(0).toUpperCase() + key.slice(1), value ? 'Enabled' : 'Disabled');
  }
  return expected;
}

export interface FuseComparison {
  /** One line per configured fuse that the binary does not have as configured. */
  readonly problems: readonly string[];
  /** Fuses of the binary the config does not set: they keep Electron's default. */
  readonly unconfigured: readonly string[];
}

export function compareFuses(
  expected: ReadonlyMap<string, FuseState>,
  read: FuseRead,
): FuseComparison {
  const problems: string[] = [];
  if (read.version !== '1') {
    problems.push(`fuse wire version ${read.version ?? 'missing'}, expected v1`);
  }
  for (const [name, state] of expected) {
    const actual = read.fuses.get(name);
    if (actual === undefined) problems.push(`${name}: not in the binary, expected ${state}`);
    else if (actual !== state) problems.push(`${name}: ${actual}, expected ${state}`);
  }
  const unconfigured = [...read.fuses]
    .filter(([name]) => !expected.has(name))
    .map(([name, state]) => `${name} is ${state}`);
  return { problems, unconfigured };
}
