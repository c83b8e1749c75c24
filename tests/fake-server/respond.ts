/** Small response helpers with FlowFuse's headers. */
import type { ServerResponse } from 'node:http';

/** A change to the next JSON body of a response (the `extra-items` fault). */
export const bodyChanges = new WeakMap<ServerResponse, (body: unknown) => unknown>();

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const change = bodyChanges.get(res);
  const text = JSON.stringify(change === undefined ? body : change(body));
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': String(Buffer.byteLength(html)),
  });
  res.end(html);
}

/** `429` with `retry-after`, in the shape of @fastify/rate-limit. */
export function sendRateLimited(res: ServerResponse, retryAfterSeconds: number): void {
  sendJson(
    res,
    429,
    {
      statusCode: 429,
      error: 'Too Many Requests',
      message: `Rate limit exceeded, retry in ${retryAfterSeconds} seconds`,
    },
    { 'retry-after': String(retryAfterSeconds) },
  );
}

/** FlowFuse's own error shape. */
export const UNAUTHORIZED = { code: 'unauthorized', error: 'unauthorized' } as const;
export const NOT_FOUND = { code: 'not_found', error: 'Not Found' } as const;

/** The body with `items` added to the end of its list `key`, when it has that list. */
export function withExtraItems(key: string, items: readonly unknown[]) {
  return (body: unknown): unknown => {
    if (typeof body !== 'object' || body === null) return body;
    const list = (body as Record<string, unknown>)[key];
    return Array.isArray(list) ? { ...body, [key]: [...(list as unknown[]), ...items] } : body;
  };
}
