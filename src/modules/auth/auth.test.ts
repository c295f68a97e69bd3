import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { decodeJwt } from 'jose';
import { backends } from '../../../test/helpers/backends.ts';
import { TestClock } from '../../../test/helpers/clock.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { buildTestApp, INTERNAL_SECRET, type TestApp } from '../../../test/helpers/test-app.ts';
import { createUser } from '../../../test/helpers/users.ts';
import { driveLogin, providerEnv, startLocalProviders, type LocalProviders } from './local-providers/index.ts';
import { freePort } from '../../../test/helpers/server-process.ts';

const FRONTEND = 'http://localhost:3000/auth/callback';
const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

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
      t = await buildTestApp(
        backend,
        {
          BASE_URL: base,
          FRONTEND_CALLBACK_URL: FRONTEND,
          // Every sign-in here comes from 127.0.0.1; the limit itself is tested in rate-limit.test.ts.
          RATE_LIMIT_SIGN_IN: '1000',
          ...providerEnv(providers),
        },
        { clock },
      );
      await t.app.listen({ port, host: '127.0.0.1' });
    });
    after(async () => {
      await t.close();
      await providers.close().catch(() => undefined);
    });

    /** Calls the service over real HTTP without following redirects. */
    const call = (path: string, init: RequestInit = {}) => fetch(new URL(path, base), { redirect: 'manual', ...init });

    /** The login binding cookie a web start sets, as a Cookie header value. */
    const bindingOf = (start: Response) =>
      start.headers
        .getSetCookie()
        .find((c) => c.startsWith('login_binding='))!
        .split(';')[0]!;

    /** A web sign-in up to the provider's redirect back: the callback URL and this browser's cookie. */
    async function webLoginAt(provider: 'national' | 'social', username: string, query = '') {
      const start = await call(`/api/v1/auth/login/${provider}${query}`);
      assert.equal(start.status, 302);
      const callback = await driveLogin(start.headers.get('location')!, username);
      return { path: callback.pathname + callback.search, cookie: bindingOf(start) };
    }
    const finishAt = (login: { path: string; cookie: string }) => t.app.inject({ url: login.path, headers: { cookie: login.cookie } });

    const userCount = async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/internal/users',
        headers: { 'x-internal-secret': INTERNAL_SECRET },
        payload: { authProvider: 'social', subject: 'counter' },
      });
      const admin = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/internal/users/${response.json().data.id}/roles`,
        headers: { 'x-internal-secret': INTERNAL_SECRET },
        payload: { roles: ['ADMIN'] },
      });
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

      const binding = bindingOf(start);
      assert.match(
        start.headers.getSetCookie().find((c) => c.startsWith('login_binding='))!,
        /^login_binding=[\w-]{43}; Max-Age=300; Path=\/callback\/national; HttpOnly; SameSite=Lax$/,
      );

      const callbackUrl = await driveLogin(authorize.href, 'alice');
      const finish = await call(callbackUrl.pathname + callbackUrl.search, { headers: { cookie: binding } });
      assert.equal(finish.status, 302);
      assert.equal(finish.headers.get('location'), `${FRONTEND}?isNewUser=true`);
      const cookies = finish.headers.getSetCookie();
      const byName = Object.fromEntries(cookies.map((c) => [c.split('=')[0], c]));
      assert.deepEqual(Object.keys(byName).sort(), ['access_token', 'login_binding', 'refresh_token', 'token_expiry']);
      assert.match(byName.login_binding, /^login_binding=; Max-Age=0; Path=\/callback\/national;/);
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

      const secondLogin = await webLoginAt('national', 'alice');
      const second = await call(secondLogin.path, { headers: { cookie: secondLogin.cookie } });
      assert.equal(second.headers.get('location'), FRONTEND);
      const secondToken = second.headers
        .getSetCookie()
        .find((c) => c.startsWith('access_token='))!
        .split(';')[0]!
        .slice(13);
      assert.equal(decodeJwt(secondToken).sub, data.userId);

      // The name the user gives in their profile is theirs: signing in again does not put the provider's back.
      const renamed = await t.app.inject({ method: 'PUT', url: '/api/v1/me', headers: { authorization: `Bearer ${secondToken}` }, payload: { name: 'Ally' } });
      assert.equal(renamed.statusCode, 200, renamed.body);
      const thirdLogin = await webLoginAt('national', 'alice');
      assert.equal((await call(thirdLogin.path, { headers: { cookie: thirdLogin.cookie } })).status, 302);
      const after = await t.app.inject({ url: '/api/v1/me', headers: { authorization: `Bearer ${secondToken}` } });
      assert.equal(after.json().data.name, 'Ally');
    });

    it('social, mobile: connection, PKCE and nonce; a one-time refresh token in the deep link', async () => {
      const verifier = randomBytes(32).toString('base64url');
      const start = await call(`/api/v1/auth/login/social?platform=mobile&provider=google-oauth2&code_challenge=${sha256(verifier)}`);
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
      const redeemed = await redeem({ refreshToken: oneTime, codeVerifier: verifier });
      assert.equal(redeemed.statusCode, 200);
      assert.equal(decodeJwt(redeemed.json().accessToken).auth_provider, 'social');
      assert.equal(typeof decodeJwt(redeemed.json().accessToken).social_uuid, 'string');
      assertProblem(await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: oneTime } }), 401, 'invalid_refresh_token');
    });

    it("login CSRF: a callback without its browser's binding cookie is refused like an unknown state and uses nothing up", async () => {
      const attacker = await webLoginAt('social', 'mallory', '?provider=email');
      const unknown = await t.app.inject({ url: '/callback/social?code=x&state=never-issued' });
      const withoutCookie = await t.app.inject({ url: attacker.path });
      const otherBrowser = await webLoginAt('social', 'victim', '?provider=email');
      const wrongCookie = await t.app.inject({ url: attacker.path, headers: { cookie: otherBrowser.cookie } });
      const shown = (body: Record<string, unknown>) => ({ title: body.title, detail: body.detail, code: body.code });
      for (const refused of [withoutCookie, wrongCookie]) {
        assert.deepEqual(shown(assertProblem(refused, 401, 'invalid_state')), shown(assertProblem(unknown, 401, 'invalid_state')));
        assert.equal(refused.headers['set-cookie'], undefined);
      }
      // Nothing was consumed: the browser that started each sign-in still finishes it.
      for (const login of [attacker, otherBrowser]) {
        const finish = await finishAt(login);
        assert.equal(finish.statusCode, 302);
        assert.ok(String(finish.headers.location).startsWith(FRONTEND));
      }
    });

    async function mobileLogin(username: string, challenge: Record<string, string>) {
      const start = await call(`/api/v1/auth/login/social?${new URLSearchParams({ platform: 'mobile', provider: 'apple', ...challenge })}`);
      assert.equal(start.status, 200);
      assert.equal(start.headers.getSetCookie().length, 0, 'no binding cookie for mobile');
      const callbackUrl = await driveLogin(((await start.json()) as { authorizationUrl: string }).authorizationUrl, username);
      const finish = await call(callbackUrl.pathname + callbackUrl.search);
      return new URL(finish.headers.get('location')!).searchParams.get('refreshToken')!;
    }
    const redeem = (payload: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload });

    it('mobile with a code challenge: only the matching verifier redeems the one-time token; a wrong or missing one burns it', async () => {
      const verifier = randomBytes(32).toString('base64url');
      const challenge = { code_challenge: sha256(verifier), code_challenge_method: 'S256' };
      const good = await redeem({ refreshToken: await mobileLogin('erin', challenge), codeVerifier: verifier });
      assert.equal(good.statusCode, 200);
      assert.equal(good.headers['cache-control'], 'no-store');
      // The successor is an ordinary refresh token: no verifier needed from here on.
      assert.equal((await redeem({ refreshToken: good.json().refreshToken })).statusCode, 200);

      for (const attempt of [{ codeVerifier: randomBytes(32).toString('base64url') }, {}] as Record<string, string>[]) {
        const token = await mobileLogin('erin', challenge);
        assertProblem(await redeem({ refreshToken: token, ...attempt }), 401, 'invalid_refresh_token');
        assertProblem(await redeem({ refreshToken: token, codeVerifier: verifier }), 401, 'invalid_refresh_token');
      }
    });

    it('refuses a code challenge on the web, with another method, or out of shape', async () => {
      const valid = sha256('v'.repeat(43));
      assertProblem(await t.app.inject({ url: `/api/v1/auth/login/national?code_challenge=${valid}` }), 400, 'invalid_request');
      assertProblem(
        await t.app.inject({ url: `/api/v1/auth/login/national?platform=mobile&code_challenge=${valid}&code_challenge_method=plain` }),
        400,
        'invalid_request',
      );
      assertProblem(await t.app.inject({ url: '/api/v1/auth/login/national?platform=mobile&code_challenge=short' }), 400, 'invalid_request');
    });

    it('refuses a replayed callback, an expired state, and malformed login parameters', async () => {
      const login = await webLoginAt('social', 'carol', '?provider=email');
      assert.equal((await finishAt(login)).statusCode, 302);
      assertProblem(await finishAt(login), 401, 'invalid_state');

      const late = await webLoginAt('social', 'carol', '?provider=email');
      clock.advance(301);
      try {
        assertProblem(await finishAt(late), 401, 'invalid_state');
      } finally {
        clock.advance(-301);
      }

      assertProblem(await t.app.inject({ url: '/callback/national' }), 400, 'invalid_request');
      assertProblem(await t.app.inject({ url: '/callback/national?code=x' }), 400, 'invalid_request');
      assertProblem(await t.app.inject({ url: '/callback/social?state=x' }), 400, 'invalid_request');
      // A NUL cannot reach the login-state store (PostgreSQL text refuses it): bad input, not a 500.
      const nul = await t.app.inject({ url: '/callback/social?code=x&state=%00' });
      assertProblem(nul, 400, 'validation_failed');
      assert.deepEqual(
        nul.json().errors.map((error: { field: string; location: string }) => [error.field, error.location]),
        [['state', 'query']],
      );
      assertProblem(await t.app.inject({ url: '/api/v1/auth/login/social?provider=myspace' }), 400, 'invalid_provider');
      assertProblem(await t.app.inject({ url: '/api/v1/auth/login/social' }), 400, 'invalid_provider');
      assertProblem(await t.app.inject({ url: '/api/v1/auth/login/national?platform=tv' }), 400, 'invalid_request');
    });

    it('answers 400 invalid_provider to an unknown provider in the login or callback path, signed in or not', async () => {
      const { accessToken } = await createUser(t.app);
      for (const url of [
        '/api/v1/auth/login/facebook',
        '/api/v1/auth/login/facebook?platform=mobile',
        '/callback/facebook?code=x&state=y',
        '/callback/NATIONAL',
      ]) {
        assertProblem(await t.app.inject({ url }), 400, 'invalid_provider');
        assertProblem(await t.app.inject({ url, headers: { authorization: `Bearer ${accessToken}` } }), 400, 'invalid_provider');
      }
      // The known ones still start their flows.
      assert.equal((await t.app.inject({ url: '/api/v1/auth/login/national' })).statusCode, 302);
    });

    it('passes a provider error on to the redirect target', async () => {
      const start = await call('/api/v1/auth/login/social?provider=apple');
      const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
      const response = await t.app.inject({ url: `/callback/social?error=access_denied&state=${state}`, headers: { cookie: bindingOf(start) } });
      assert.equal(response.statusCode, 302);
      assert.equal(response.headers.location, `${FRONTEND}?error=access_denied`);
    });

    for (const mode of ['wrong-signature', 'wrong-encryption', 'wrong-nonce'] as const) {
      it(`answers 502 and creates no user when the national provider sends an ID token with ${mode}`, async () => {
        const before = await userCount();
        const login = await webLoginAt('national', `mallory-${mode}`);
        providers.setMisbehaviour('national', mode);
        try {
          const response = await finishAt(login);
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
      const login = await webLoginAt('social', 'dave', '?provider=email');
      await providers.close();
      assertProblem(await finishAt(login), 503);
      // National login pushes its request to the provider first, so it notices at once.
      assertProblem(await t.app.inject({ url: '/api/v1/auth/login/national' }), 503);
    });
  });
}
