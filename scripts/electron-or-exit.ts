/**
 * Electron's binary for a command that launches the app (`npm start`, `npm run dev`): found, or
 * fetched on first use as the electron package does it (electron-binary.ts); when that fails, one
 * line that names the host it tried and `npm run preview`, and exit 1.
 */
import { downloadHost, electronPackage, ensureElectronBinary } from './electron-binary';

export function electronOrExit(command: string): string {
  const note = "teamtray: fetching Electron's binary (first start)…";
  // In a terminal only, and wiped again: a failure below still reads as one line.
  if (process.stderr.isTTY) process.stderr.write(note);
  const binary = ensureElectronBinary(electronPackage());
  if (process.stderr.isTTY) process.stderr.write('\r\u001b[K');
  if (binary.path !== null) return binary.path;
  console.error(
    `teamtray: Electron's binary is not installed and ${binary.reason} (from ${downloadHost()}); with network access (or ELECTRON_MIRROR set) run ${command} again, or see the popover in a browser with npm run preview.`,
  );
  process.exit(1);
}
