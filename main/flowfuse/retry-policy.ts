/**
 * When a failed call is tried again: only GET and the idempotent rename PUT, only for answers
 * that may pass (408, 429, 502, 503, 504) and connection failures that are not deterministic
 * (an unknown host or a bad certificate will fail the same way again). A server asking us to wait
 * longer than the cap gets no retry: the user hears "rate limited, wait N s" at once instead of
 * watching a spinner.
 */
import { isHTTPError, type RetryOptions, type ShouldRetryState } from 'ky';
import { AppError } from '../../common/errors';
import { parseRetryAfterMs } from './retry-after';
import { classifyTransportError } from './transport-errors';

const RETRY_STATUS_CODES = [408, 429, 502, 503, 504];
const HONOUR_RETRY_AFTER = [429, 503];

export function retryOptions(limit: number, maxRetryAfterMs: number): RetryOptions {
  return {
    limit,
    methods: ['get', 'put'],
    statusCodes: RETRY_STATUS_CODES,
    afterStatusCodes: HONOUR_RETRY_AFTER,
    maxRetryAfter: maxRetryAfterMs,
    backoffLimit: 2000,
    // A server that hangs once will likely hang again; the per-attempt timeout is already long.
    retryOnTimeout: false,
    shouldRetry: (state) => shouldRetry(state, maxRetryAfterMs),
  };
}

function shouldRetry(
  { error }: Pick<ShouldRetryState, 'error'>,
  maxRetryAfterMs: number,
): boolean | undefined {
  if (error instanceof AppError) return false;
  if (isHTTPError(error)) {
    const { status, headers } = error.response;
    if (HONOUR_RETRY_AFTER.includes(status)) {
      const wait = parseRetryAfterMs(headers.get('retry-after'));
      if (wait !== null && wait > maxRetryAfterMs) return false;
    }
    return undefined;
  }
  const failure = classifyTransportError(error);
  if (failure === null) return undefined;
  // Electron's net::ERR_* errors are not recognised by ky as network errors: say so explicitly.
  return (
    failure.kind === 'refused' ||
    failure.kind === 'reset' ||
    failure.kind === 'offline' ||
    failure.kind === 'network'
  );
}
