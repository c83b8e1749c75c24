import { describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => [] as { self: unknown; input: unknown; init: unknown }[]);

vi.mock('electron', () => {
  const net = {
    fetch(this: unknown, input: unknown, init: unknown) {
      calls.push({ self: this, input, init });
      return Promise.resolve(new Response('ok'));
    },
  };
  return { net };
});

const { net } = await import('electron');
const { createNetFetch } = await import('./net-fetch');

describe('net fetch', () => {
  it('calls net.fetch on net, with URL objects turned into strings', async () => {
    const fetch = createNetFetch();
    const request = new Request('https://app.flowfuse.com/api/v1/user');
    await fetch(request);
    await fetch(new URL('https://app.flowfuse.com/api/json'), { method: 'GET' });
    expect(calls).toEqual([
      { self: net, input: request, init: undefined },
      { self: net, input: 'https://app.flowfuse.com/api/json', init: { method: 'GET' } },
    ]);
  });
});
