/**
 * The built renderer over real HTTP on 127.0.0.1, for the first-paint figures. Playwright's
 * request interception (the e2e harness's page.route) sends every file through the same DevTools
 * connection the state travels on; in the app, main's app:// handler answers from disk. The
 * server runs in a worker thread (./renderer-server-thread.ts).
 */
import { Worker } from 'node:worker_threads';

export interface RendererServer {
  readonly url: string;
  close(): Promise<void>;
}

type ThreadMessage =
  { readonly port: number } | { readonly error: string } | { readonly closed: true };

export async function startRendererServer(): Promise<RendererServer> {
  const thread = new Worker(new URL('./renderer-server-thread.ts', import.meta.url));
  const next = (): Promise<ThreadMessage> =>
    new Promise((resolve, reject) => {
      thread.once('message', resolve);
      thread.once('error', reject);
    });
  const started = await next();
  if (!('port' in started)) {
    await thread.terminate();
    throw new Error(
      `the renderer server did not start: ${'error' in started ? started.error : ''}`,
    );
  }
  return {
    url: `http://127.0.0.1:${started.port}/index.html`,
    async close() {
      const closed = next();
      thread.postMessage('close');
      await closed;
      await thread.terminate();
    },
  };
}
