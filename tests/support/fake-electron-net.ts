/**
 * Electron's `net` as its docs and sources say it behaves, over real HTTP (Node's http client), so
 * the app's fetch adapter can be driven against the fake FlowFuse server without Electron.
 *
 * - `net.request()` returns a ClientRequest (an EventEmitter with setHeader, write, end, abort,
 *   followRedirect). On a 3xx it follows by itself with `redirect: 'follow'`, fails with
 *   `redirect: 'error'`, and with `redirect: 'manual'` emits `redirect` (statusCode, method,
 *   redirectUrl, responseHeaders); unless `followRedirect()` is called synchronously inside that
 *   event, the request dies with "Redirect was cancelled" (electron/electron
 *   lib/common/api/net-client-request.ts; docs/api/client-request.md, "Event: 'redirect'").
 * - `net.fetch()` is Electron's lib/browser/api/net-fetch.ts: net.request with the Request's
 *   redirect mode and no `redirect` listener, so `redirect: 'manual'` rejects with "Redirect was
 *   cancelled" instead of returning the 3xx (electron/electron#43715, "working as documented").
 * - The `response` is Electron's IncomingMessage, not Node's: a Readable fed by the URL loader.
 *   Destroying it (as a web stream's cancel does) only stops the JS side; the loader, and so the
 *   socket, lives on until `ClientRequest.abort()` (net-client-request.ts: only `_die()` calls
 *   `_urlLoader.cancel()`, and then destroys the response without an error).
 */
import { EventEmitter } from 'node:events';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import type { ClientRequestConstructorOptions } from 'electron';

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export interface FakeNet {
  request(options: ClientRequestConstructorOptions): FakeClientRequest;
  fetch(input: string | Request, init?: RequestInit): Promise<Response>;
  /** Every net.request, with its options, in order. */
  readonly requests: ClientRequestConstructorOptions[];
  /** Requests aborted by their caller. */
  aborted: number;
}

/**
 * Electron's IncomingMessage over a Node response: status and headers (duplicates joined as
 * Electron joins them), and a body that pauses when nobody reads. Its destroy leaves the
 * connection open, as Electron's does.
 */
class FakeIncomingMessage extends Readable {
  readonly statusCode: number;
  readonly statusMessage: string;
  readonly headers: Record<string, string | string[]>;
  readonly #source: IncomingMessage;

  constructor(source: IncomingMessage) {
    super();
    this.#source = source;
    this.statusCode = source.statusCode ?? 0;
    this.statusMessage = source.statusMessage ?? '';
    this.headers = joined(source.headers);
    source.on('data', (chunk: Buffer) => {
      if (this.destroyed || !this.push(chunk)) source.pause();
    });
    source.on('end', () => {
      if (!this.destroyed) this.push(null);
    });
  }

  override _read(): void {
    this.#source.resume();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    // The loader keeps the socket: nothing is read, nothing is closed.
    this.#source.pause();
    callback(error);
  }
}

class FakeClientRequest extends EventEmitter {
  readonly #net: FakeNet;
  readonly #options: ClientRequestConstructorOptions;
  readonly #headers: Record<string, string> = {};
  readonly #body: Buffer[] = [];
  #followRedirect: (() => void) | undefined;
  #aborted = false;
  #current: { destroy(): void } | undefined;
  #response: FakeIncomingMessage | undefined;

  constructor(net: FakeNet, options: ClientRequestConstructorOptions) {
    super();
    const url = new URL(options.url ?? '');
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new Error('ClientRequest only supports http: and https: protocols');
    }
    if (options.credentials === 'same-origin' && options.origin === undefined) {
      throw new Error('credentials: same-origin requires origin to be set');
    }
    this.#net = net;
    this.#options = options;
  }

  setHeader(name: string, value: string): void {
    this.#headers[name.toLowerCase()] = value;
  }

  write(chunk: Buffer | string): void {
    this.#body.push(Buffer.from(chunk));
  }

  end(chunk?: Buffer | string): this {
    if (chunk !== undefined) this.write(chunk);
    this.#send(this.#options.url ?? '', this.#options.method ?? 'GET');
    return this;
  }

  followRedirect(): void {
    if (this.#followRedirect === undefined) {
      throw new Error('followRedirect() called, but was not waiting for a redirect');
    }
    this.#followRedirect();
  }

  abort(): void {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#net.aborted += 1;
    this.#current?.destroy();
    this.#response?.destroy();
    process.nextTick(() => this.emit('abort'));
  }

  #send(url: string, method: string): void {
    const body = Buffer.concat(this.#body);
    const send = url.startsWith('https:') ? httpsRequest : httpRequest;
    const outgoing = send(url, { method, headers: this.#headers }, (response) => {
      this.#answer(url, method, response);
    });
    this.#current = outgoing;
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (this.#aborted) return;
      const code =
        error.code === 'ECONNREFUSED' ? 'net::ERR_CONNECTION_REFUSED' : 'net::ERR_FAILED';
      this.emit('error', new Error(code));
    });
    outgoing.end(method === 'GET' || method === 'HEAD' ? undefined : body);
  }

  #answer(url: string, method: string, response: IncomingMessage): void {
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (!REDIRECTS.has(status) || location === undefined) {
      const message = new FakeIncomingMessage(response);
      this.#response = message;
      response.on('error', (error) => {
        // After abort() the loader is gone and the message already destroyed without an error.
        if (this.#aborted) return;
        message.destroy(new Error('net::ERR_FAILED'));
        this.emit('error', new Error(`net::ERR_FAILED (${error.message})`));
      });
      this.emit('response', message);
      return;
    }
    response.resume();
    const target = new URL(location, url).href;
    // Chromium's redirect rules: 303 becomes GET, and so does a POST met by 301 or 302.
    const next =
      (status === 303 && method !== 'HEAD') ||
      ((status === 301 || status === 302) && method === 'POST')
        ? 'GET'
        : method;
    const policy = this.#options.redirect ?? 'follow';
    if (policy === 'error') {
      this.emit('error', new Error("Attempted to redirect, but redirect policy was 'error'"));
      return;
    }
    let followed = policy === 'follow';
    this.#followRedirect = () => {
      followed = true;
    };
    try {
      this.emit('redirect', status, next, target, arrays(response.headers));
    } finally {
      this.#followRedirect = undefined;
    }
    if (followed) this.#send(target, next);
    else if (!this.#aborted) this.emit('error', new Error('Redirect was cancelled'));
  }
}

export function createFakeNet(): FakeNet {
  const net: FakeNet = {
    requests: [],
    aborted: 0,
    request(options) {
      net.requests.push(options);
      return new FakeClientRequest(net, options);
    },
    fetch(input, init) {
      const request = new Request(input, init);
      return new Promise((resolve, reject) => {
        const client = net.request({
          method: request.method,
          url: request.url,
          redirect: request.redirect,
          credentials: request.credentials === 'same-origin' ? 'include' : request.credentials,
          cache: request.cache,
        });
        request.headers.forEach((value, name) => {
          client.setHeader(name, value);
        });
        client.on('response', (response: FakeIncomingMessage) => {
          const body = Readable.toWeb(response) as ReadableStream<Uint8Array>;
          resolve(new Response(body, { status: response.statusCode }));
        });
        client.on('error', reject);
        void request.arrayBuffer().then((bytes) => client.end(Buffer.from(bytes)), reject);
      });
    },
  };
  return net;
}

/** As Electron's IncomingMessage.headers: one value per name but set-cookie, an array. */
function joined(headers: IncomingMessage['headers']): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name] =
      name === 'set-cookie' ? [value].flat() : Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function arrays(headers: IncomingMessage['headers']): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value : [value];
  }
  return out;
}
