/**
 * The HTTP server of ./renderer-server.ts, in a worker thread: the bench's own thread is busy
 * while a page loads (the core, DevTools messages, gzip), and a request that waited for it put
 * up to ~90 ms between the page asking for its script and getting it. Every file is read once, at
 * the start, so no load waits for the disk either; the answers are rendererFile's (the headers
 * main's app:// handler sends).
 *
 * Besides the renderer, under /__bench/ and without the app's CSP: the blank page that stages a
 * getState answer in the origin's IndexedDB, and each staged answer, served once
 * (./staged-state.ts). And beside index.html, with its headers: the first-paint floor's page and
 * script (./floor-page.ts).
 */
import { readdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { relative, sep } from 'node:path';
import { parentPort, type MessagePort } from 'node:worker_threads';
import {
  RENDERER_DIR,
  rendererFile,
  type RendererFile,
} from '../../tests/e2e/support/serve-renderer';
import { FLOOR_HTML, FLOOR_SCRIPT } from './floor-page';
import {
  FLOOR_PAGE,
  FLOOR_SCRIPT_PATH,
  STAGE_PAGE,
  STAGED_PREFIX,
  type ServerRequest,
} from './renderer-server';

async function serve(port: MessagePort): Promise<void> {
  const files = new Map<string, RendererFile>();
  const entries = await readdir(RENDERER_DIR, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const pathname = `/${relative(RENDERER_DIR, `${entry.parentPath}${sep}${entry.name}`)}`;
    files.set(pathname.split(sep).join('/'), await rendererFile(pathname));
  }
  if (files.size === 0) throw new Error('out/renderer is empty: run "npm run build".');
  const index = files.get('/index.html');
  if (index?.status !== 200) {
    throw new Error('out/renderer has no index.html: run "npm run build".');
  }
  const { headers } = index;
  const floor = (body: string, type: string): RendererFile => ({
    status: 200,
    body: Buffer.from(body),
    headers: { ...headers, 'content-type': type },
  });
  files.set(FLOOR_PAGE, floor(FLOOR_HTML, 'text/html; charset=utf-8'));
  files.set(FLOOR_SCRIPT_PATH, floor(FLOOR_SCRIPT, 'text/javascript; charset=utf-8'));
  const missing = await rendererFile('/__missing__');
  const staged = new Map<string, string>();
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    if (pathname === STAGE_PAGE) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<!doctype html><title>bench</title>');
      return;
    }
    const json = staged.get(pathname);
    if (json !== undefined) {
      staged.delete(pathname);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(json);
      return;
    }
    const answer = files.get(pathname === '/' ? '/index.html' : pathname) ?? missing;
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  let count = 0;
  port.on('message', (message: ServerRequest) => {
    if (message.kind === 'stage') {
      count += 1;
      const pathname = `${STAGED_PREFIX}${count}.json`;
      staged.set(pathname, message.json);
      port.postMessage({ staged: pathname });
      return;
    }
    server.closeAllConnections();
    server.close(() => {
      port.postMessage({ closed: true });
    });
  });
  port.postMessage({ port: (server.address() as AddressInfo).port });
}

if (parentPort === null) throw new Error('renderer-server-thread runs as a worker thread');
const port = parentPort;
serve(port).catch((error: unknown) => {
  port.postMessage({ error: String(error) });
});
