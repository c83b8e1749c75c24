import { describe, expect, it } from 'vitest';
import { BodyLimitError, readCappedText } from './read-body';

function streamed(chunks: readonly string[], hang = false): Response {
  const encoder = new TextEncoder();
  let index = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[index];
      index += 1;
      if (chunk !== undefined) controller.enqueue(encoder.encode(chunk));
      else if (!hang) controller.close();
      // When hanging, pull never enqueues again: the read stays pending.
      return hang && chunk === undefined ? new Promise<void>(() => undefined) : undefined;
    },
  });
  return new Response(body);
}

async function failure(promise: Promise<unknown>): Promise<BodyLimitError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof BodyLimitError) return error;
    throw error;
  }
  throw new Error('expected a BodyLimitError');
}

describe('readCappedText', () => {
  it('reads a streamed body and decodes UTF-8 across chunk boundaries', async () => {
    const bytes = new TextEncoder().encode('Überwachung 東京');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 1));
        controller.enqueue(bytes.slice(1, 14));
        controller.enqueue(bytes.slice(14));
        controller.close();
      },
    });
    expect(await readCappedText(new Response(body), { maxBytes: 100, timeoutMs: 1000 })).toBe(
      'Überwachung 東京',
    );
  });

  it('allows exactly the cap and refuses one byte more', async () => {
    const limits = { maxBytes: 10, timeoutMs: 1000 };
    expect(await readCappedText(streamed(['12345', '67890']), limits)).toBe('1234567890');
    const error = await failure(readCappedText(streamed(['12345', '678901']), limits));
    expect(error.kind).toBe('too_large');
  });

  it('refuses a declared Content-Length over the cap without reading', async () => {
    let aborted = false;
    const response = new Response('x'.repeat(50), { headers: { 'content-length': '50' } });
    const error = await failure(
      readCappedText(response, {
        maxBytes: 10,
        timeoutMs: 1000,
        abort: () => {
          aborted = true;
        },
      }),
    );
    expect(error.kind).toBe('too_large');
    expect(aborted).toBe(true);
  });

  it('times out a body that stops arriving, and aborts', async () => {
    let aborted = false;
    const started = performance.now();
    const error = await failure(
      readCappedText(streamed(['{"teams":['], true), {
        maxBytes: 100,
        timeoutMs: 100,
        abort: () => {
          aborted = true;
        },
      }),
    );
    expect(error.kind).toBe('timeout');
    expect(aborted).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('reads an empty body as empty text', async () => {
    expect(await readCappedText(new Response(null), { maxBytes: 10, timeoutMs: 100 })).toBe('');
  });
});
