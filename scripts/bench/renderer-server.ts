/**
 * The built renderer over real HTTP on 127.0.0.1, for the first-paint figure. Playwright's
 * request interception (the e2e harness's page.route) sends every file through the same DevTools
 * connection the state travels on; in the app, main's app:// handler answers from disk.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rendererFile } from '../../tests/e2e/support/serve-renderer';

export interface RendererServer {
  readonly url: string;
  close(): Promise<void>;
}

export async function startRendererServer(): Promise<RendererServer> {
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    void rendererFile(pathname).then((answer) => {
      response.writeHead(answer.status, answer.headers);
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/index.html`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
