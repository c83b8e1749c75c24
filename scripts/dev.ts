/**
 * `npm run dev`: electron-vite's dev mode, where Electron is there: the popover reloads as its
 * files change, main and preload are rebuilt and the app restarted. Electron's binary is fetched
 * first, as `npm start` does (electron-vite would otherwise fail deep in its own start-up); where
 * that is impossible, one line says so and names `npm run preview`.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { electronOrExit } from './electron-or-exit';

electronOrExit('npm run dev');
const cli = join(
  dirname(createRequire(import.meta.url).resolve('electron-vite/package.json')),
  'bin',
  'electron-vite.js',
);
const child = spawn(process.execPath, [cli, 'dev', ...process.argv.slice(2)], { stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(signal === null ? (code ?? 0) : 1));
