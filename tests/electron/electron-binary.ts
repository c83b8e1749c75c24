/**
 * Where Electron's binary is, or why it is not there. Electron's npm package downloads the binary
 * on first use; on a closed network (these build machines) it never arrives, and the `_electron`
 * suite must then say it was skipped rather than fail or pretend to pass. Mirrors scripts/start.mjs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export type ElectronBinary =
  | { readonly path: string; readonly reason: null }
  | { readonly path: null; readonly reason: string };

export function findElectronBinary(): ElectronBinary {
  const require = createRequire(import.meta.url);
  let packageDir: string;
  try {
    packageDir = dirname(require.resolve('electron/package.json'));
  } catch {
    return { path: null, reason: 'the electron package is not installed (run npm ci)' };
  }
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) {
    return {
      path: null,
      reason: `${join(packageDir, 'dist')} was never downloaded (run \`node node_modules/electron/install.js\` with network access)`,
    };
  }
  const binary = join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary)
    ? { path: binary, reason: null }
    : { path: null, reason: `${binary} is missing` };
}
