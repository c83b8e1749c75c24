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

  it('refuses every scheme but http and https, which net.fetch (unlike Node) would open', async () => {
    const fetch = createNetFetch();
    calls.length = 0;
    for (const url of [
      'file:///etc/passwd',
      'app://teamtray/index.html',
      'FILE:///C:/x',
      'data:,x',
    ]) {
      await expect(fetch(url)).rejects.toThrow(TypeError);
      await expect(fetch(new URL(url))).rejects.toThrow(TypeError);
    }
    await expect(fetch(new Request('file:///etc/passwd'))).rejects.toThrow(TypeError);
    expect(calls).toEqual([]);
    await fetch('HTTP://127.0.0.1:1880/api/v1/user');
    expect(calls).toHaveLength(1);
  });
});
