import assert from 'node:assert/strict';
import type { RawEnv } from '../../src/config/index.ts';
import type { Backend } from './backends.ts';
import { freePort } from './server-process.ts';
import { INTERNAL_SECRET, buildTestApp, type TestApp } from './test-app.ts';

export const FRONTEND = 'http://localhost:3000/auth/callback';

/** The service listening on a real port, as a browser and a provider see it. */
export interface ServiceOnPort {
  t: TestApp;
  base: string;
  /** A request to the service that does not follow redirects. */
  call(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/**
 * Picks the port first: the providers need the redirect URIs (`base`) before the service exists,
 * so `envFor` returns the provider variables once `base` is known.
 */
export async function serviceOnPort(backend: Backend, envFor: (base: string) => Promise<RawEnv>): Promise<ServiceOnPort> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // Many sign-ins from 127.0.0.1 in one file; the sign-in rate limit has its own test.
  const t = await buildTestApp(backend, { BASE_URL: base, FRONTEND_CALLBACK_URL: FRONTEND, RATE_LIMIT_SIGN_IN: '1000000', ...(await envFor(base)) });
  await t.app.listen({ port, host: '127.0.0.1' });
  return {
    t,
    base,
    call: (path, init = {}) => fetch(new URL(path, base), { redirect: 'manual', ...init }),
    close: () => t.close(),
  };
}

/** Cookie header to send back: the `name=value` part of every Set-Cookie. */
export function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/**
 * Starts a web sign-in like a browser: the provider's authorization URL and whatever cookies the
 * start set (the callback must come from the browser that began the login).
 */
export async function startWebLogin(service: ServiceOnPort, provider: 'national' | 'social'): Promise<{ authorizationUrl: string; cookies: string }> {
  const start = await service.call(`/api/v1/auth/login/${provider}${provider === 'social' ? '?provider=email' : ''}`);
  assert.equal(start.status, 302, await start.text());
  return { authorizationUrl: start.headers.get('location')!, cookies: cookieHeader(start) };
}

/** Delivers the provider's redirect back to the service from the same browser. */
export function finishWebLogin(service: ServiceOnPort, callback: URL, cookies: string): Promise<Response> {
  return service.call(callback.pathname + callback.search, cookies ? { headers: { cookie: cookies } } : {});
}

/** The signed-in user's auth provider, read back through /me with the access-token cookie. */
export async function signedInAs(service: ServiceOnPort, finish: Response): Promise<string> {
  assert.equal(finish.status, 302, await finish.text());
  assert.ok(finish.headers.get('location')!.startsWith(FRONTEND));
  const access = finish.headers.getSetCookie().find((cookie) => cookie.startsWith('access_token='));
  assert.ok(access, 'the access-token cookie is set');
  const me = await service.call('/api/v1/me', { headers: { cookie: access.split(';')[0]! } });
  assert.equal(me.status, 200);
  return ((await me.json()) as { data: { authProvider: string } }).data.authProvider;
}

/** Whether a user exists for the provider's subject, without creating one. */
export async function userExists(service: ServiceOnPort, authProvider: 'national' | 'social', subject: string): Promise<boolean> {
  // Provisioning is idempotent: 200 means it was already there; the 201 case leaves a user behind, so
  // ask only once per subject.
  const response = await service.t.app.inject({
    method: 'POST',
    url: '/api/v1/internal/users',
    headers: { 'x-internal-secret': INTERNAL_SECRET },
    payload: { authProvider, subject },
  });
  assert.ok(response.statusCode === 200 || response.statusCode === 201, response.body);
  return response.statusCode === 200;
}
