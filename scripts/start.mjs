// Launches the built app with Electron. Where Electron's binary was never downloaded (a closed
// network, or npm not running its install script), say so in one line instead of a stack trace.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

function electronBinary() {
  let packageDir;
  try {
    packageDir = dirname(require.resolve('electron/package.json'));
  } catch {
    return null;
  }
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

const binary = electronBinary();
if (binary === null) {
  console.error(
    "teamtray: Electron's binary is not installed (node_modules/electron has no dist/); run `node node_modules/electron/install.js` with network access, then `npm start` again.",
  );
  process.exit(1);
}

const child = spawn(binary, ['.', ...process.argv.slice(2)], { stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(signal === null ? (code ?? 0) : 1));
