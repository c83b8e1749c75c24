/**
 * Fault injection: which faults match a request, and how each one misbehaves on the wire.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendHtml, sendJson, sendRateLimited } from './respond';
import type { Fault, FaultScope } from './types';

interface Entry {
  readonly fault: Fault;
  readonly scope: FaultScope;
  remaining: number;
}

export class FaultBook {
  private entries: Entry[] = [];

  /** Replaces every fault with this one (or none). */
  set(fault: Fault | null, scope: FaultScope = {}): void {
    this.entries = [];
    if (fault !== null) this.add(fault, scope);
  }

  add(fault: Fault, scope: FaultScope = {}): void {
    this.entries.push({ fault, scope, remaining: scope.times ?? Number.POSITIVE_INFINITY });
  }

  clear(): void {
    this.entries = [];
  }

  /** The faults for this request, in order; each use counts against its `times`. */
  take(method: string, pathname: string): Fault[] {
    const taken: Fault[] = [];
    for (const entry of this.entries) {
      if (entry.remaining <= 0 || !matches(entry.scope, method, pathname)) continue;
      entry.remaining -= 1;
      taken.push(entry.fault);
      // Only latency and extra items let a later fault (or the route) answer too.
      if (entry.fault.kind !== 'latency' && entry.fault.kind !== 'extra-items') break;
    }
    this.entries = this.entries.filter((entry) => entry.remaining > 0);
    return taken;
  }
}

function matches(scope: FaultScope, method: string, pathname: string): boolean {
  if (scope.method !== undefined && scope.method.toUpperCase() !== method) return false;
  if (scope.path === undefined) return true;
  return typeof scope.path === 'string' ? scope.path === pathname : scope.path.test(pathname);
}

const HTML_PAGE =
  '<!doctype html><html><head><title>Sign in</title></head><body><h1>Please sign in</h1></body></html>';

const BAD_GATEWAY_HTML =
  '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>';

const HUGE_DEFAULT_BYTES = 20 * 1024 * 1024;

/**
 * Applies a fault that answers (every kind but latency). Resolves once the response is handed
 * off; hanging kinds resolve at once and leave the socket open.
 */
export async function applyFault(
  fault: Exclude<Fault, { kind: 'latency' } | { kind: 'extra-items' }>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  switch (fault.kind) {
    case 'hang':
      return;
    case 'reset':
      req.socket.destroy();
      return;
    case 'status':
      sendStatus(res, fault.status, fault.body ?? 'json');
      return;
    case 'json':
      sendJson(res, fault.status, fault.body, { ...fault.headers });
      return;
    case 'html':
      sendHtml(res, 200, HTML_PAGE);
      return;
    case 'malformed-json':
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end('{"teams": [ {"id": "abc", ');
      return;
    case 'wrong-shape':
      sendJson(res, 200, fault.body ?? { items: [] });
      return;
    case 'huge-body':
      await streamFiller(res, fault.bytes ?? HUGE_DEFAULT_BYTES, fault.declareLength ?? false);
      return;
    case 'hang-after-headers':
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.write('{"meta":{},"count":1,"teams":[');
      return;
    case 'rate-limit':
      sendRateLimited(res, fault.retryAfterSeconds);
      return;
    case 'redirect':
      res.writeHead(fault.status ?? 302, { location: fault.location, 'content-length': '0' });
      res.end();
      return;
  }
}

function sendStatus(res: ServerResponse, status: number, body: 'json' | 'html' | 'empty'): void {
  if (body === 'html') {
    sendHtml(res, status, status === 502 ? BAD_GATEWAY_HTML : `<h1>Error ${status}</h1>`);
  } else if (body === 'empty') {
    res.writeHead(status, { 'content-length': '0' });
    res.end();
  } else {
    sendJson(res, status, { code: 'unexpected_error', error: `Injected ${status}` });
  }
}

/** Streams filler with back-pressure, so 20 MB never sits in memory at once. */
async function streamFiller(
  res: ServerResponse,
  bytes: number,
  declareLength: boolean,
): Promise<void> {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (declareLength) headers['content-length'] = String(bytes);
  res.writeHead(200, headers);
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let left = bytes;
  while (left > 0 && !res.destroyed) {
    const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
    left -= piece.length;
    if (!res.write(piece)) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.once('drain', done);
        res.once('close', done);
      });
    }
  }
  if (!res.destroyed) res.end();
}
