/**
 * One FlowFuse call from start to finish: ky (timeouts, retries) over the guarded fetch, the body
 * read with a cap and a deadline, JSON parsed, the shape validated, every failure an AppError.
 */
import ky from 'ky';
import * as v from 'valibot';
import type { Origin, Token } from '../../common/brand';
import type { Logger } from '../log';
import { createGuardedFetch } from './guarded-fetch';
import { badResponse, toAppError, type ErrorContext, type Operation } from './http-errors';
import { readCappedText } from './read-body';
import { retryOptions } from './retry-policy';
import { looksLikeWebPage, webPageError } from './web-page';
import { describeIssues } from './schemas';

export interface Limits {
  readonly timeoutMs: number;
  readonly totalTimeoutMs: number;
  readonly maxBodyBytes: number;
  readonly retryLimit: number;
  readonly maxRetryAfterMs: number;
  readonly maxRedirects: number;
}

interface RequestSpec<S extends v.GenericSchema> {
  readonly operation: Operation;
  readonly method: 'get' | 'put' | 'post';
  /** Path from the origin, already encoded. */
  readonly path: string;
  /** Sent as a bearer token; null sends no Authorization header at all. */
  readonly token: Token | null;
  readonly json?: unknown;
  readonly schema: S;
}

export type Requester = <S extends v.GenericSchema>(
  spec: RequestSpec<S>,
) => Promise<v.InferOutput<S>>;

export interface RequesterOptions {
  readonly origin: Origin;
  readonly host: string;
  readonly allowHttp: boolean;
  readonly fetch: typeof globalThis.fetch;
  readonly limits: Limits;
  readonly log: Logger;
  /** Aborts every call (a cancelled or timed-out account check); its reason is thrown. */
  readonly signal?: AbortSignal;
}

export function createRequester(options: RequesterOptions): Requester {
  const { host, limits, log } = options;
  const api = ky.create({
    prefix: options.origin,
    fetch: createGuardedFetch({
      fetch: options.fetch,
      origin: options.origin,
      allowHttp: options.allowHttp,
      host,
      maxRedirects: limits.maxRedirects,
    }),
    timeout: limits.timeoutMs,
    totalTimeout: limits.totalTimeoutMs,
    retry: retryOptions(limits.retryLimit, limits.maxRetryAfterMs),
    headers: { accept: 'application/json' },
    redirect: 'manual',
    // Electron's net (electron/net-fetch.ts) would otherwise send the session's cookies for this host.
    credentials: 'omit',
    cache: 'no-store',
  });

  return async (spec) => {
    const ctx: ErrorContext = { host, operation: spec.operation, timeoutMs: limits.timeoutMs };
    const started = performance.now();
    const controller = new AbortController();
    try {
      const response = await api(spec.path, {
        method: spec.method,
        json: spec.json,
        signal:
          options.signal === undefined
            ? controller.signal
            : AbortSignal.any([controller.signal, options.signal]),
        headers: spec.token === null ? {} : { authorization: `Bearer ${spec.token}` },
      });
      const left = limits.totalTimeoutMs - (performance.now() - started);
      const text = await readCappedText(response, {
        maxBytes: limits.maxBodyBytes,
        timeoutMs: Math.max(1, Math.min(limits.timeoutMs, left)),
        abort: () => {
          controller.abort();
        },
      });
      const data = parseJson(text, response, host);
      const result = v.safeParse(spec.schema, data);
      if (!result.success) throw badResponse(host, describeIssues(result.issues));
      log.debug('flowfuse call', {
        host,
        operation: spec.operation,
        status: response.status,
        ms: Math.round(performance.now() - started),
      });
      return result.output;
    } catch (error) {
      const reason: unknown = options.signal?.aborted === true ? options.signal.reason : undefined;
      const appError = toAppError(reason ?? error, ctx);
      log.warn('flowfuse call failed', {
        host,
        operation: spec.operation,
        code: appError.code,
        ms: Math.round(performance.now() - started),
      });
      throw appError;
    } finally {
      // Drops a connection still open after a failure; a no-op once the body was read.
      controller.abort();
    }
  };
}

function parseJson(text: string, response: Response, host: string): unknown {
  if (text.trim() === '') throw badResponse(host, 'the answer was empty');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    if (looksLikeWebPage(response.headers.get('content-type'), text)) {
      throw webPageError(host, response.status, text);
    }
    throw badResponse(host, 'it sent text instead of JSON');
  }
}
