/**
 * The fetch the core's HTTP client uses in the app, over Electron's `net.request`: Chromium's
 * network stack, so the system proxy (PAC files included) and the OS certificate store, where a
 * corporate root CA usually lives, both apply. Node's fetch knows neither.
 *
 * Why not `net.fetch`: with `redirect: 'manual'` it does not return the 3xx as Node's fetch does;
 * it rejects with "Redirect was cancelled" (electron/electron#43715, closed as working as
 * documented: net.fetch never listens for ClientRequest's `redirect` event, and a manual redirect
 * nobody follows is cancelled, lib/common/api/net-client-request.ts). The guarded fetch
 * (main/flowfuse/guarded-fetch.ts) needs the 3xx and its Location to refuse another origin and to
 * follow a same-origin GET. So this adapter listens for `redirect` and answers with the 3xx, as
 * Node's fetch does; the hop is then cancelled by Electron, and the guard decides what is next.
 *
 * Unlike Node's fetch, `net` also reads `file:` and custom protocols through net.fetch: only http
 * and https leave here. And whatever the caller asks, no cookie or HTTP authentication of the
 * session goes with a request (`credentials: 'omit'`).
 *
 * Destroying Electron's IncomingMessage stops only the JS side: the URL loader, and with it the
 * socket, lives until `ClientRequest.abort()` (lib/common/api/net-client-request.ts: only `_die()`
 * cancels the loader). So the caller's abort signal stays wired to `abort()` until the body has
 * ended, and cancelling the body (the body cap, the body deadline) aborts the request too.
 */
import type { Readable } from 'node:stream';
import { net, type ClientRequest, type IncomingMessage } from 'electron';

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

export function createNetFetch(): typeof globalThis.fetch {
  return async (input, init) => {
    const request = new Request(input instanceof URL ? input.href : input, init);
    if (!/^https?:$/i.test(new URL(request.url).protocol)) {
      throw new TypeError('Teamtray only fetches http and https URLs.');
    }
    // Read first: a PUT's body is a few bytes of JSON.
    const body = request.body === null ? null : Buffer.from(await request.arrayBuffer());
    return send(request, body);
  };
}

function send(request: Request, body: Buffer | null): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const { signal } = request;
    if (signal.aborted) {
      reject(abortReason(signal));
      return;
    }
    let settled = false;
    const settle = (finish: () => void): void => {
      if (settled) return;
      settled = true;
      finish();
    };
    // Until the body ends: the signal must still reach the request while it is read.
    const release = (): void => {
      signal.removeEventListener('abort', onAbort);
    };

    const client: ClientRequest = net.request({
      method: request.method,
      url: request.url,
      redirect: request.redirect,
      credentials: 'omit',
      cache: request.cache,
    });
    const onAbort = (): void => {
      client.abort();
      settle(() => {
        reject(abortReason(signal));
      });
    };
    signal.addEventListener('abort', onAbort, { once: true });

    request.headers.forEach((value, name) => {
      client.setHeader(name, value);
    });
    if (request.redirect === 'manual') {
      client.on('redirect', (status: number, _method: string, url: string, headers) => {
        // Not calling client.followRedirect() here makes Electron cancel this hop.
        const answer = toHeaders(headers);
        answer.set('location', url);
        release();
        settle(() => {
          resolve(new Response(null, { status, headers: answer }));
        });
      });
    }
    client.on('response', (message: IncomingMessage) => {
      const empty = NULL_BODY_STATUSES.has(message.statusCode) || request.method === 'HEAD';
      if (empty) release();
      const stream = empty ? null : bodyOf(message as unknown as Readable, client, release);
      settle(() => {
        resolve(
          new Response(stream, {
            status: message.statusCode,
            statusText: message.statusMessage,
            headers: toHeaders(message.headers),
          }),
        );
      });
    });
    client.on('error', (error: Error) => {
      // After a manual redirect this is Electron's "Redirect was cancelled": already answered.
      release();
      settle(() => {
        reject(error);
      });
    });
    client.end(body ?? undefined);
  });
}

/**
 * The response body as a web stream that reads only when asked (so a slow reader holds the
 * loader back) and whose cancel aborts the request. `done` runs once, when the body ends,
 * fails or is cancelled.
 */
function bodyOf(
  message: Readable,
  client: ClientRequest,
  done: () => void,
): ReadableStream<Uint8Array> {
  let open = true;
  const finish = (): boolean => {
    if (!open) return false;
    open = false;
    done();
    return true;
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      message.pause();
      message.on('data', (chunk: Buffer) => {
        if (!open) return;
        controller.enqueue(new Uint8Array(chunk));
        if ((controller.desiredSize ?? 0) <= 0) message.pause();
      });
      message.once('end', () => {
        if (finish()) controller.close();
      });
      message.once('error', (error: Error) => {
        if (finish()) controller.error(error);
      });
      // abort() destroys the message without an error: the body is cut short.
      message.once('close', () => {
        if (finish()) controller.error(new DOMException('The body was cut short.', 'AbortError'));
      });
    },
    pull() {
      message.resume();
    },
    cancel() {
      if (!finish()) return;
      client.abort();
      message.destroy();
    },
  });
}

function toHeaders(raw: Record<string, string | string[]>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error
    ? reason
    : new DOMException('The operation was aborted.', 'AbortError');
}
