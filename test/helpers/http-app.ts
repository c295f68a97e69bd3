import type { FastifyInstance } from 'fastify';

interface InjectOptions {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  payload?: unknown;
}

/**
 * The part of `app.inject()` the test helpers use, over real HTTP to a service running as its own
 * process, so the same helpers (users, games) drive it.
 */
export function httpApp(base: string): FastifyInstance {
  const inject = async (options: InjectOptions) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.payload !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${base}${options.url}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.payload === undefined ? undefined : JSON.stringify(options.payload),
    });
    const body = await response.text();
    return { statusCode: response.status, body, headers: Object.fromEntries(response.headers), json: () => JSON.parse(body) as unknown };
  };
  return { inject } as unknown as FastifyInstance;
}
