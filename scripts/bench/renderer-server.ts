/**
 * The built renderer over real HTTP on 127.0.0.1, for the first-paint figures. Playwright's
 * request interception (the e2e harness's page.route) sends every file through the same DevTools
 * connection the state travels on; in the app, main's app:// handler answers from disk. The
 * server runs in a worker thread (./renderer-server-thread.ts).
 */
import { Worker } from 'node:worker_threads';

export interface RendererServer {
  /** The renderer's index.html. */
  readonly url: string;
  /** A blank page of the renderer's origin (./staged-state.ts). */
  readonly stagePageUrl: string;
  /** The first-paint floor (./floor-page.ts), beside the renderer's index.html. */
  readonly floorPageUrl: string;
  /** Serves a getState answer (JSON) once; resolves with its URL (./staged-state.ts). */
  stage(json: string): Promise<string>;
  close(): Promise<void>;
}

/** Where the stage page and staged answers are served; nothing of the renderer lives there. */
export const STAGE_PAGE = '/__bench/stage.html';
/** The floor page and its script (./floor-page.ts): with the renderer's headers, like its files. */
export const FLOOR_PAGE = '/floor.html';
export const FLOOR_SCRIPT_PATH = '/floor.js';
export const STAGED_PREFIX = '/__bench/state-';

/** What the bench's thread asks of the server's. */
export type ServerRequest =
  { readonly kind: 'stage'; readonly json: string } | { readonly kind: 'close' };

type ThreadMessage =
  | { readonly port: number }
  | { readonly error: string }
  | { readonly staged: string }
  | { readonly closed: true };

export async function startRendererServer(): Promise<RendererServer> {
  const thread = new Worker(new URL('./renderer-server-thread.ts', import.meta.url));
  // One listener of each kind at a time: a load stages its state through here.
  const next = (): Promise<ThreadMessage> =>
    new Promise((resolve, reject) => {
      const onMessage = (message: ThreadMessage): void => {
        thread.off('error', onError);
        resolve(message);
      };
      const onError = (error: Error): void => {
        thread.off('message', onMessage);
        reject(error);
      };
      thread.once('message', onMessage);
      thread.once('error', onError);
    });
  const ask = (request: ServerRequest): void => {
    thread.postMessage(request);
  };
  const started = await next();
  if (!('port' in started)) {
    await thread.terminate();
    throw new Error(
      `the renderer server did not start: ${'error' in started ? started.error : ''}`,
    );
  }
  const origin = `http://127.0.0.1:${started.port}`;
  return {
    url: `${origin}/index.html`,
    stagePageUrl: `${origin}${STAGE_PAGE}`,
    floorPageUrl: `${origin}${FLOOR_PAGE}`,
    async stage(json) {
      const answer = next();
      ask({ kind: 'stage', json });
      const message = await answer;
      if (!('staged' in message)) throw new Error('the renderer server did not stage the state');
      return `${origin}${message.staged}`;
    },
    async close() {
      const closed = next();
      ask({ kind: 'close' });
      await closed;
      await thread.terminate();
    },
  };
}
