/**
 * `npm start`: launches the built app with Electron, fetching Electron's binary on first use
 * (electron-or-exit.ts; where that is impossible, one line says so and it exits 1).
 */
import { spawn } from 'node:child_process';
import { electronOrExit } from './electron-or-exit';

const binary = electronOrExit('npm start');
const child = spawn(binary, ['.', ...process.argv.slice(2)], { stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(signal === null ? (code ?? 0) : 1));
