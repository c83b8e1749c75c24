/**
 * The comparison behind scripts/check-fuses.ts, fed what `@electron/fuses read` really prints:
 * once from the real CLI run on a file holding a fuse wire (as Electron's binary does, after
 * @electron/fuses' sentinel), and once a recorded sample with the ANSI colours CI's log shows.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { compareFuses, expectedFuses, parseFusesRead } from './compare-fuses';

const root = join(import.meta.dirname, '..', '..');
const config = parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as {
  electronFuses: Record<string, unknown>;
};
const expected = expectedFuses(config.electronFuses);

const dir = mkdtempSync(join(tmpdir(), 'teamtray-fuses-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const ON = 0x31;
const OFF = 0x30;
/** Electron 45's wire as electron-builder.yml sets it, WasmTrapHandlers (index 8) at its default. */
const CONFIGURED = [OFF, ON, OFF, OFF, ON, ON, OFF, OFF, ON];

/** Runs the real `electron-fuses read` on a file with this fuse wire. */
function readWire(wire: readonly number[]): string {
  const binary = join(dir, `electron-${wire.join('')}`);
  const bytes = [...Buffer.from(`ELF...${SENTINEL}`), 1, wire.length, ...wire, 0, 0];
  writeFileSync(binary, Buffer.from(bytes));
  // The package exports only its API (dist/index.js); its bin sits beside it.
  const bin = join(dirname(createRequire(import.meta.url).resolve('@electron/fuses')), 'bin.js');
  const run = spawnSync(process.execPath, [bin, 'read', '--app', binary], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

const COLOURED_SAMPLE = [
  'Analyzing app: \u001b[36mteamtray\u001b[39m',
  'Fuse Version: \u001b[36mv1\u001b[39m',
  '  \u001b[33mRunAsNode\u001b[39m is \u001b[31mDisabled\u001b[39m',
  '  \u001b[33mEnableCookieEncryption\u001b[39m is \u001b[32mEnabled\u001b[39m',
  '  \u001b[33mEnableNodeOptionsEnvironmentVariable\u001b[39m is \u001b[31mDisabled\u001b[39m',
  '  \u001b[33mEnableNodeCliInspectArguments\u001b[39m is \u001b[31mDisabled\u001b[39m',
  '  \u001b[33mEnableEmbeddedAsarIntegrityValidation\u001b[39m is \u001b[32mEnabled\u001b[39m',
  '  \u001b[33mOnlyLoadAppFromAsar\u001b[39m is \u001b[32mEnabled\u001b[39m',
  '  \u001b[33mLoadBrowserProcessSpecificV8Snapshot\u001b[39m is \u001b[31mDisabled\u001b[39m',
  '  \u001b[33mGrantFileProtocolExtraPrivileges\u001b[39m is \u001b[31mDisabled\u001b[39m',
  '  \u001b[33mWasmTrapHandlers\u001b[39m is \u001b[32mEnabled\u001b[39m',
  '',
].join('\r\n');

describe('fuse check', () => {
  it('maps every electron-builder fuse key to its @electron/fuses name', () => {
    expect([...expected.keys()]).toEqual([
      'RunAsNode',
      'EnableCookieEncryption',
      'EnableNodeOptionsEnvironmentVariable',
      'EnableNodeCliInspectArguments',
      'EnableEmbeddedAsarIntegrityValidation',
      'OnlyLoadAppFromAsar',
      'LoadBrowserProcessSpecificV8Snapshot',
      'GrantFileProtocolExtraPrivileges',
    ]);
  });

  it('passes a binary fused as configured, from the real CLI and from a coloured sample', () => {
    for (const output of [readWire(CONFIGURED), COLOURED_SAMPLE]) {
      expect(compareFuses(expected, parseFusesRead(output))).toEqual({
        problems: [],
        unconfigured: ['WasmTrapHandlers is Enabled'],
      });
    }
  });

  it('fails an unfused binary (node_modules/electron as shipped) and names each difference', () => {
    // Electron's defaults (build/fuses/fuses.json5): run_as_node 1, cookie_encryption 0, ...
    const unfused = readWire([ON, OFF, ON, ON, OFF, OFF, OFF, ON, ON]);
    expect(compareFuses(expected, parseFusesRead(unfused)).problems).toEqual([
      'RunAsNode: Enabled, expected Disabled',
      'EnableCookieEncryption: Disabled, expected Enabled',
      'EnableNodeOptionsEnvironmentVariable: Enabled, expected Disabled',
      'EnableNodeCliInspectArguments: Enabled, expected Disabled',
      'EnableEmbeddedAsarIntegrityValidation: Disabled, expected Enabled',
      'OnlyLoadAppFromAsar: Disabled, expected Enabled',
      'GrantFileProtocolExtraPrivileges: Enabled, expected Disabled',
    ]);
  });

  it('fails one flipped fuse, a missing one, and output that is not a fuse read at all', () => {
    const oneFlipped = [...CONFIGURED];
    oneFlipped[0] = ON;
    expect(compareFuses(expected, parseFusesRead(readWire(oneFlipped))).problems).toEqual([
      'RunAsNode: Enabled, expected Disabled',
    ]);
    const short = COLOURED_SAMPLE.split('\r\n')
      .filter((line) => !line.includes('OnlyLoadAppFromAsar'))
      .join('\n');
    expect(compareFuses(expected, parseFusesRead(short)).problems).toEqual([
      'OnlyLoadAppFromAsar: not in the binary, expected Enabled',
    ]);
    const nothing = compareFuses(expected, parseFusesRead('Error: Could not find sentinel'));
    expect(nothing.problems[0]).toBe('fuse wire version missing, expected v1');
    expect(nothing.problems).toHaveLength(1 + expected.size);
  });
});
