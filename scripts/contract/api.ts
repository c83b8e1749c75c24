/** A small JSON client for seeding a real FlowFuse through its API; any non-2xx answer throws. */

export interface Api {
  get<T>(path: string, token: string): Promise<T>;
  send<T>(
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    token: string,
    body?: unknown,
  ): Promise<T>;
}

export function createApi(baseUrl: string): Api {
  const call = async <T>(
    method: string,
    path: string,
    token: string,
    body?: unknown,
  ): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) {
      throw new Error(
        `seeding: ${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`,
      );
    }
    return (text === '' ? {} : JSON.parse(text)) as T;
  };
  return {
    get: (path, token) => call('GET', path, token),
    send: (method, path, token, body) => call(method, path, token, body),
  };
}
