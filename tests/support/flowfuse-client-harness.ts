/**
 * Shared by the FlowFuse client's tests (main/flowfuse/*.test.ts): a client pointed at
 * a fake server, and a way to get the AppError out of a rejected call.
 */
import { expect } from 'vitest';
import { asOrigin, asToken } from '../../common/brand';
import { AppError } from '../../common/errors';
import type { FakeFlowFuse } from '../fake-server/server';
import { createClientFactory, type ClientFactoryDeps } from '../../main/flowfuse/client';
import type { FlowFuseClient } from '../../main/flowfuse/types';

/** Small limits so failure tests finish in well under a second. */
const FAST: Omit<ClientFactoryDeps, 'fetch'> = {
  timeoutMs: 400,
  totalTimeoutMs: 2000,
  retry: { limit: 0 },
};

export function clientFor(
  target: FakeFlowFuse | string,
  token: string | null,
  deps: Partial<ClientFactoryDeps> = {},
  allowHttp = false,
): FlowFuseClient {
  const origin = typeof target === 'string' ? target : target.origin;
  const factory = createClientFactory({ fetch: globalThis.fetch, ...FAST, ...deps });
  return factory({
    origin: asOrigin(origin),
    token: token === null ? null : asToken(token),
    allowHttp,
  });
}

/** The AppError a call rejects with; fails the test if it resolves or throws something else. */
export async function failureOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    if (error instanceof AppError) return error;
  }
  throw new Error('expected the call to fail');
}

/** A fetch that records what it was asked and answers with a fixed response. */
export function recordingFetch(answer: () => Response = () => new Response('{}')): {
  readonly fetch: typeof globalThis.fetch;
  readonly urls: string[];
} {
  const urls: string[] = [];
  const fetch: typeof globalThis.fetch = (input) => {
    urls.push(input instanceof Request ? input.url : String(input));
    return Promise.resolve(answer());
  };
  return { fetch, urls };
}
