/**
 * The HTTP server of ./renderer-server.ts, in a worker thread: the bench's own thread is busy
 * while a page loads (the core, DevTools messages, gzip), and a request that waited for it put
 * up to ~90 ms between the page asking for its script and getting it. Every file is read once, at
 * the start, so no load waits for the disk either; the answers are rendererFile's (the headers
 * main's app:// handler sends).
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

async function serve(port: MessagePort): Promise<void> {
  const files = new Map<string, RendererFile>();
  const entries = await readdir(RENDERER_DIR, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const pathname = `/${relative(RENDERER_DIR, `${entry.parentPath}${sep}${entry.name}`)}`;
    files.set(pathname.split(sep).join('/'), await rendererFile(pathname));
  }
  if (files.size === 0) throw new Error('out/renderer is empty: run "npm run build".');
  const missing = await rendererFile('/__missing__');
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const answer = files.get(pathname === '/' ? '/index.html' : pathname) ?? missing;
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port.on('message', () => {
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
