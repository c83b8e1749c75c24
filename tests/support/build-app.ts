/**
 * Builds the app (out/main, out/preload, out/renderer) before a browser suite runs, so running one
 * spec never tests the bundle of an earlier build. electron-vite takes about a second.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

export function buildApp(suite: string): void {
  const started = Date.now();
  const packageJson = createRequire(import.meta.url).resolve('electron-vite/package.json');
  const cli = join(dirname(packageJson), 'bin', 'electron-vite.js');
  try {
    execFileSync(process.execPath, [cli, 'build'], { cwd: ROOT, stdio: 'pipe' });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`${suite}: the build failed:\n${String(stdout ?? '')}${String(stderr ?? '')}`);
  }
  console.log(`${suite}: built the app in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
