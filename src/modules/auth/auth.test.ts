import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { decodeJwt } from 'jose';
import { backends } from '../../../test/helpers/backends.ts';
import { TestClock } from '../../../test/helpers/clock.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { buildTestApp, INTERNAL_SECRET, type TestApp } from '../../../test/helpers/test-app.ts';
import { createUser } from '../../../test/helpers/users.ts';
import { driveLogin, providerEnv, startLocalProviders, type LocalProviders } from './local-providers/index.ts';

const FRONTEND = 'http://localhost:3000/auth/callback';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

for (const backend of backends) {
  describe(`sign-in with the providers (${backend.name})`, () => {
    let t: TestApp;
    let providers: LocalProviders;
    let base: string;
    const clock = new TestClock();

    before(async () => {
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      providers = await startLocalProviders({
        host: '127.0.0.1',
        national: { redirectUris: [`${base}/callback/national`] },
        social: { redirectUris: [`${base}/callback/social`], connections: ['google-oauth2', 'apple', 'email'], connectionParam: 'connection' },
      });
      t = await buildTestApp(backend, {
        BASE_URL: base,
        FRONTEND_CALLBACK_URL: FRONTEND,
        ...providerEnv(providers),
      }, { clock });
      await t.app.listen({ port, host: '127.0.0.1' });
    });
    after(async () => {
      await t.close();
      await providers.close().catch(() => undefined);
    });

    /** Calls the service over real HTTP without following redirects. */
    const call = (path: string, init: RequestInit = {}) => fetch(new URL(path, base), { redirect: 'manual', ...init });

    async function webLoginAt(provider: 'national' | 'social', username: string, query = '') {
      const start = await call(`/api/v1/auth/login/${provider}${query}`);
      assert.equal(start.status, 302);
      return driveLogin(start.headers.get('location')!, username);
    }

    const userCount = async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/internal/users', headers: { 'x-internal-secret': INTERNAL_SECRET }, payload: { authProvider: 'social', subject: 'counter' } });
      const admin = await t.app.inject({ method: 'PUT', url: `/api/v1/internal/users/${response.json().data.id}/roles`, headers: { 'x-internal-secret': INTERNAL_SECRET }, payload: { roles: ['ADMIN'] } });
      assert.equal(admin.statusCode, 200);
      const minted = (await t.app.inject({ method: 'POST', url: '/api/v1/auth/dev/tokens', payload: { userId: response.json().data.id } })).json().data;
      const list = await t.app.inject({ url: '/api/v1/admin/users?size=1', headers: { authorization: `Bearer ${minted.accessToken}` } });
      return list.json().data.page.totalElements as number;
    };

    it('national, web: PAR-only redirect, then cookies and the frontend callback; a second sign-in is the same user', async () => {
      const start = await call('/api/v1/auth/login/national');
      assert.equal(start.status, 302);
      const authorize = new URL(start.headers.get('location')!);
      assert.deepEqual([...authorize.searchParams.keys()].sort(), ['client_id', 'request_uri']);
      assert.ok(authorize.href.startsWith(providers.national.issuer));

      const callbackUrl = await driveLogin(authorize.href, 'alice');
      const finish = await call(callbackUrl.pathname + callbackUrl.search);
      assert.equal(finish.status, 302);
      assert.equal(finish.headers.get('location'), `${FRONTEND}?isNewUser=true`);
      const cookies = finish.headers.getSetCookie();
      const byName = Object.fromEntries(cookies.map((c) => [c.split('=')[0], c]));
      assert.deepEqual(Object.keys(byName).sort(), ['access_token', 'refresh_token', 'token_expiry']);
      assert.match(byName.access_token, /Max-Age=900; Path=\/; HttpOnly; SameSite=Strict/);
      assert.match(byName.refresh_token, /Max-Age=604800; Path=\/api\/v1\/auth; HttpOnly; SameSite=Strict/);
      assert.match(byName.token_expiry, /Max-Age=900; Path=\/; SameSite=Strict/);
      assert.doesNotMatch(byName.token_expiry, /HttpOnly/);

      const accessToken = byName.access_token!.split(';')[0]!.slice('access_token='.length);
      const me = await call('/api/v1/me', { headers: { cookie: `access_token=${accessToken}` } });
      assert.equal(me.status, 200);
      const { data } = (await me.json()) as { data: { userId: string; authProvider: string; name: string | null } };
      assert.equal(data.authProvider, 'NATIONAL', 'uppercase in bodies');
      assert.equal(data.name, 'Alice Tan', 'the local national provider sends the name in its ID token');
      const claims = decodeJwt(accessToken);
      assert.equal(claims.auth_provider, 'national');
      assert.equal(typeof claims.national_uuid, 'string');

      const secondCallback = await webLoginAt('national', 'alice');
      const second = await call(secondCallback.pathname + secondCallback.search);
      assert.equal(second.headers.get('location'), FRONTEND);
      const secondToken = second.headers.getSetCookie().find((c) => c.startsWith('access_token='))!.split(';')[0]!.slice(13);
      assert.equal(decodeJwt(secondToken).sub, data.userId);
    });

    it('social, mobile: connection, PKCE and nonce; a one-time refresh token in the deep link', async () => {
      const start = await call('/api/v1/auth/login/social?platform=mobile&provider=google-oauth2');
      assert.equal(start.status, 200);
      const { authorizationUrl } = (await start.json()) as { authorizationUrl: string };
      const url = new URL(authorizationUrl);
      assert.equal(url.searchParams.get('connection'), 'google-oauth2');
      assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
      assert.match(url.searchParams.get('code_challenge') ?? '', /^[A-Za-z0-9_-]{43}$/);
      assert.ok(url.searchParams.get('nonce'));

      const callbackUrl = await driveLogin(authorizationUrl, 'bob');
      const finish = await call(callbackUrl.pathname + callbackUrl.search);
      assert.equal(finish.status, 302);
      const deepLink = new URL(finish.headers.get('location')!);
      assert.equal(`${deepLink.protocol}//${deepLink.host}${deepLink.pathname}`, 'service://auth/callback');
      assert.equal(deepLink.searchParams.get('isNewUser'), 'true');
      assert.equal(finish.headers.getSetCookie().length, 0, 'no cookies for mobile');
      const oneTime = deepLink.searchParams.get('refreshToken')!;

      const redeemed = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: oneTime } });
      assert.equal(redeemed.statusCode, 200);
      assert.equal(decodeJwt(redeemed.json().accessToken).auth_provider, 'social');
      assert.equal(typeof decodeJwt(redeemed.json().accessToken).social_uuid, 'string');
      assertProblem(await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: oneTime } }), 401, 'invalid_refresh_token');
    });

    it('refuses a replayed callback, an expired state, and malformed login parameters', async () => {
      const callbackUrl = await webLoginAt('social', 'carol', '?provider=email');
      assert.equal((await call(callbackUrl.pathname + callbackUrl.search)).status, 302);
      const replay = await t.app.inject({ url: callbackUrl.pathname + callbackUrl.search });
      assertProblem(replay, 401);

      const late = await webLoginAt('social', 'carol', '?provider=email');
      clock.advance(301);
      try {
        assertProblem(await t.app.inject({ url: late.pathname + late.search }), 401);
      } finally {
        clock.advance(-301);
      }

      assertProblem(await t.app.inject({ url: '/callback/national' }), 400, 'invalid_request');
      assertProblem(await t.app.inject({ url: '/callback/national?code=x' }), 400, 'invalid_request');
      assertProblem(await t.app.inject({ url: '/callback/social?state=x' }), 400, 'invalid_request');
      assertProblem(await t.app.inject({ url: '/api/v1/auth/login/social?provider=myspace' }), 400, 'invalid_provider');
      assertProblem(await t.app.inject({ url: '/api/v1/auth/login/social' }), 400, 'invalid_provider');
      assertProblem(await t.app.inject({ url: '/api/v1/auth/login/national?platform=tv' }), 400, 'invalid_request');
    });

    it('answers 400 invalid_provider to an unknown provider in the login or callback path, signed in or not', async () => {
      const { accessToken } = await createUser(t.app);
      for (const url of ['/api/v1/auth/login/facebook', '/api/v1/auth/login/facebook?platform=mobile', '/callback/facebook?code=x&state=y', '/callback/NATIONAL']) {
        assertProblem(await t.app.inject({ url }), 400, 'invalid_provider');
        assertProblem(await t.app.inject({ url, headers: { authorization: `Bearer ${accessToken}` } }), 400, 'invalid_provider');
      }
      // The known ones still start their flows.
      assert.equal((await t.app.inject({ url: '/api/v1/auth/login/national' })).statusCode, 302);
    });

    it('passes a provider error on to the redirect target', async () => {
      const start = await call('/api/v1/auth/login/social?provider=apple');
      const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
      const response = await t.app.inject({ url: `/callback/social?error=access_denied&state=${state}` });
      assert.equal(response.statusCode, 302);
      assert.equal(response.headers.location, `${FRONTEND}?error=access_denied`);
    });

    for (const mode of ['wrong-signature', 'wrong-encryption', 'wrong-nonce'] as const) {
      it(`answers 502 and creates no user when the national provider sends an ID token with ${mode}`, async () => {
        const before = await userCount();
        const callbackUrl = await webLoginAt('national', `mallory-${mode}`);
        providers.setMisbehaviour('national', mode);
        try {
          const response = await t.app.inject({ url: callbackUrl.pathname + callbackUrl.search });
          const problem = assertProblem(response, 502);
          assert.doesNotMatch(JSON.stringify(problem), /eyJ|nonce|signature|decrypt/i);
          assert.equal(response.headers['set-cookie'], undefined);
        } finally {
          providers.setMisbehaviour('national', 'none');
        }
        assert.equal(await userCount(), before);
      });
    }

    it('answers 503 when the provider is down at the token exchange, and at login', async () => {
      const callbackUrl = await webLoginAt('social', 'dave', '?provider=email');
      await providers.close();
      assertProblem(await t.app.inject({ url: callbackUrl.pathname + callbackUrl.search }), 503);
      // National login pushes its request to the provider first, so it notices at once.
      assertProblem(await t.app.inject({ url: '/api/v1/auth/login/national' }), 503);
    });
  });
}
