/**
 * Reads a response body with a byte cap and a deadline. A server that declares or streams more
 * than the cap, or sends headers and then stalls, must not hold the app's memory or a refresh.
 */

export class BodyLimitError extends Error {
  constructor(
    readonly kind: 'too_large' | 'timeout',
    readonly limit: number,
  ) {
    super(kind === 'too_large' ? `body over ${limit} bytes` : `body not complete in ${limit} ms`);
    this.name = 'BodyLimitError';
  }
}

export interface BodyLimits {
  readonly maxBytes: number;
  readonly timeoutMs: number;
  /** Called when reading stops early, to drop the connection too. */
  readonly abort?: () => void;
}

export async function readCappedText(response: Response, limits: BodyLimits): Promise<string> {
  const declared = response.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > limits.maxBytes) {
    limits.abort?.();
    await response.body?.cancel().catch(() => undefined);
    throw new BodyLimitError('too_large', limits.maxBytes);
  }
  const body = response.body;
  if (body === null) return '';

  const reader = body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new BodyLimitError('timeout', limits.timeoutMs));
    }, limits.timeoutMs);
  });
  const drained = drain(reader, limits.maxBytes);
  // The loser of the race may still settle; it must not become an unhandled rejection.
  drained.catch(() => undefined);
  try {
    return await Promise.race([drained, deadline]);
  } catch (error) {
    limits.abort?.();
    void reader.cancel().catch(() => undefined);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

async function drain(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  maxBytes: number,
): Promise<string> {
  const decoder = new TextDecoder('utf-8');
  const parts: string[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) throw new BodyLimitError('too_large', maxBytes);
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join('');
}
