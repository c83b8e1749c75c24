/**
 * `npm start`: launches the built app with Electron. On a first start Electron's binary is
 * fetched as the electron package does it (scripts/electron-binary.ts); only when that fails does
 * this say so, in one line that names the host it tried and `npm run preview`, and exit 1.
 */
import { spawn } from 'node:child_process';
import { downloadHost, electronPackage, ensureElectronBinary } from './electron-binary';

const note = "teamtray: fetching Electron's binary (first start)…";
// In a terminal only, and wiped again: a failure below still reads as one line.
if (process.stderr.isTTY) process.stderr.write(note);
const binary = ensureElectronBinary(electronPackage());
if (process.stderr.isTTY) process.stderr.write('\r\u001b[K');

if (binary.path === null) {
  console.error(
    `teamtray: Electron's binary is not installed and ${binary.reason} (from ${downloadHost()}); with network access (or ELECTRON_MIRROR set) run npm start again, or see the popover in a browser with npm run preview.`,
  );
  process.exit(1);
}

const child = spawn(binary.path, ['.', ...process.argv.slice(2)], { stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(signal === null ? (code ?? 0) : 1));
