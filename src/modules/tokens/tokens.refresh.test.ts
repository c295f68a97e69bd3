import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { decodeJwt } from 'jose';
import { backends } from '../../../test/helpers/backends.ts';
import { TestClock } from '../../../test/helpers/clock.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createUser, mintTokens } from '../../../test/helpers/users.ts';

for (const backend of backends) {
  describe(`tokens: refresh, logout and dev tokens (${backend.name})`, () => {
    let t: TestApp;
    let baseUrl: string;
    const clock = new TestClock();

    before(async () => {
      t = await buildTestApp(backend, {}, { clock });
      baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });
    after(() => t.close());

    const me = (token: string) => t.app.inject({ url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } });
    /** Logs out with this body beside the refresh cookie; the cookie's user is the one logged out, so that refresh token is refused after. */
    const logsOutByCookie = async (body: { payload: string | Record<string, unknown>; headers?: Record<string, string> }) => {
      const user = await createUser(t.app);
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', ...body, cookies: { refresh_token: user.refreshToken } });
      assert.equal(response.statusCode, 200, response.body);
      assertProblem(
        await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: user.refreshToken } }),
        401,
        'invalid_refresh_token',
      );
    };

    describe('refresh', () => {
      it('rotates a body token: the new pair works, the old token does not', async () => {
        const user = await createUser(t.app);
        const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: user.refreshToken } });
        assert.equal(response.statusCode, 200);
        const pair = response.json();
        assert.deepEqual(Object.keys(pair).sort(), ['accessToken', 'expiresAt', 'refreshToken']);
        // 32 random bytes, base64url, and nothing else: no user id, no family.
        assert.match(pair.refreshToken, /^[A-Za-z0-9_-]{43}$/);
        assert.equal(Buffer.from(pair.refreshToken, 'base64url').length, 32);
        assert.equal(pair.expiresAt, Math.floor(clock.now().getTime() / 1000) + 900);
        assert.equal((await me(pair.accessToken)).statusCode, 200);
        // Once the grace for a retried refresh is over.
        clock.advance(t.config.jwt.refreshReuseGraceMs / 1000);
        assertProblem(
          await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: user.refreshToken } }),
          401,
          'invalid_refresh_token',
        );
      });

      it('writes one successor for 100 concurrent refreshes of one token (the others are retries in the grace), and a later reuse revokes it', async () => {
        const user = await createUser(t.app);
        const responses = await Promise.all(
          Array.from({ length: 100 }, () => t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: user.refreshToken } })),
        );
        assert.ok(responses.every((r) => r.statusCode === 200));
        const successors = new Set(responses.map((r) => r.json().refreshToken as string));
        assert.equal(successors.size, 1, 'one successor');
        const [winnerToken] = successors;
        clock.advance(t.config.jwt.refreshReuseGraceMs / 1000);
        assertProblem(
          await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: user.refreshToken } }),
          401,
          'invalid_refresh_token',
        );
        assertProblem(
          await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: winnerToken } }),
          401,
          'invalid_refresh_token',
        );
      });

      it("rotates a cookie token and re-sets the three cookies with the seed's attributes", async () => {
        const user = await createUser(t.app);
        const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', cookies: { refresh_token: user.refreshToken } });
        assert.equal(response.statusCode, 200);
        assert.deepEqual(Object.keys(response.json()), ['message']);
        const cookies = Object.fromEntries(response.cookies.map((c) => [c.name, c]));
        assert.deepEqual(Object.keys(cookies).sort(), ['access_token', 'refresh_token', 'token_expiry']);
        assert.deepEqual(
          [cookies.access_token!.httpOnly, cookies.access_token!.sameSite, cookies.access_token!.maxAge, cookies.access_token!.path],
          [true, 'Strict', 900, '/'],
        );
        assert.deepEqual(
          [cookies.refresh_token!.httpOnly, cookies.refresh_token!.sameSite, cookies.refresh_token!.maxAge, cookies.refresh_token!.path],
          [true, 'Strict', 604800, '/api/v1/auth'],
        );
        assert.deepEqual(
          [cookies.token_expiry!.httpOnly, cookies.token_expiry!.sameSite, cookies.token_expiry!.maxAge, cookies.token_expiry!.path],
          [undefined, 'Strict', 900, '/'],
        );
        assert.equal(Number(cookies.token_expiry!.value), decodeJwt(cookies.access_token!.value).exp);
        assert.equal(cookies.access_token!.secure, undefined, 'http BASE_URL: not Secure');
        assert.equal((await me(cookies.access_token!.value)).statusCode, 200);
      });

      it('prefers the body over the cookie, and wants one of them', async () => {
        const user = await createUser(t.app);
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/refresh',
          payload: { refreshToken: 'unknown' },
          cookies: { refresh_token: user.refreshToken },
        });
        assertProblem(response, 401, 'invalid_refresh_token');
        assertProblem(await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh' }), 401, 'invalid_refresh_token');
        assertProblem(await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: {} }), 401, 'invalid_refresh_token');
      });
    });

    describe('a null or empty refreshToken in the body', () => {
      for (const empty of [null, '']) {
        it(`is absent on refresh (${JSON.stringify(empty)}): the cookie is used, or 401 without one`, async () => {
          const user = await createUser(t.app);
          const payload = { refreshToken: empty, codeVerifier: empty };
          const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload, cookies: { refresh_token: user.refreshToken } });
          assert.equal(response.statusCode, 200, response.body);
          assert.deepEqual(Object.keys(response.json()), ['message']);
          assertProblem(await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload }), 401, 'invalid_refresh_token');
        });

        it(`is absent on logout (${JSON.stringify(empty)}): the cookie names the user`, () => logsOutByCookie({ payload: { refreshToken: empty } }));
      }

      it('names the field of a refreshToken of the wrong type in the 400', async () => {
        for (const url of ['/api/v1/auth/refresh', '/api/v1/auth/logout']) {
          const problem = assertProblem(await t.app.inject({ method: 'POST', url, payload: { refreshToken: 42 } }), 400, 'validation_failed');
          assert.equal(problem.errors[0].field, 'refreshToken', JSON.stringify(problem.errors));
        }
      });
    });

    describe('an empty body with a JSON content type', () => {
      const json = { 'content-type': 'application/json' };

      it('is no body on refresh: the cookie is used', async () => {
        const user = await createUser(t.app);
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/refresh',
          headers: json,
          payload: '',
          cookies: { refresh_token: user.refreshToken },
        });
        assert.equal(response.statusCode, 200, response.body);
        assert.deepEqual(Object.keys(response.json()), ['message']);
        assertProblem(await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: json, payload: '' }), 401, 'invalid_refresh_token');
      });

      it('is no body on logout: the cookie names the user', () => logsOutByCookie({ headers: json, payload: '' }));

      it('is a missing body where one is required (400 validation_failed), and bad JSON stays invalid_json', async () => {
        const problem = assertProblem(
          await t.app.inject({ method: 'POST', url: '/api/v1/auth/dev/tokens', headers: json, payload: '' }),
          400,
          'validation_failed',
        );
        assert.equal(problem.errors[0].location, 'body');
        assertProblem(await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: json, payload: ' ' }), 400, 'invalid_json');
        assertProblem(await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: json, payload: '{' }), 400, 'invalid_json');
      });
    });

    describe('logout', () => {
      it('revokes every refresh token of the user and clears the cookies', async () => {
        const user = await createUser(t.app);
        const second = await mintTokens(t.app, user.id);
        const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: user.auth });
        assert.equal(response.statusCode, 200);
        assert.equal(typeof response.json().message, 'string');
        for (const refreshToken of [user.refreshToken, second.refreshToken]) {
          assertProblem(await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken } }), 401, 'invalid_refresh_token');
        }
        const cleared = Object.fromEntries(response.cookies.map((c) => [c.name, c]));
        assert.deepEqual(Object.keys(cleared).sort(), ['access_token', 'refresh_token', 'token_expiry']);
        for (const cookie of Object.values(cleared)) {
          assert.equal(cookie.value, '');
          assert.ok(cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() <= Date.now()), `${cookie.name} expires`);
          assert.equal(cookie.sameSite, 'Strict');
        }
        assert.equal(cleared.refresh_token!.path, '/api/v1/auth');
        assert.equal(cleared.access_token!.httpOnly, true);
      });

      it('finds the user from a refresh token alone, and answers 200 with no credentials', async () => {
        const user = await createUser(t.app);
        assert.equal((await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', cookies: { refresh_token: user.refreshToken } })).statusCode, 200);
        assertProblem(await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: user.refreshToken } }), 401);
        assert.equal((await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout' })).statusCode, 200);
      });
    });

    describe('dev tokens', () => {
      it('refuses a non-loopback Host with 401', async () => {
        const user = await createUser(t.app);
        const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/dev/tokens', headers: { host: 'example.com' }, payload: { userId: user.id } });
        assertProblem(response, 401);
      });

      it('refuses a loopback Host from a non-loopback peer with 401', async () => {
        const user = await createUser(t.app);
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/dev/tokens',
          remoteAddress: '203.0.113.9',
          headers: { host: 'localhost' },
          payload: { userId: user.id },
        });
        assertProblem(response, 401);
      });

      it('answers an unknown user with 404 and a bad body with 400 errors', async () => {
        assertProblem(
          await t.app.inject({ method: 'POST', url: '/api/v1/auth/dev/tokens', payload: { userId: '00000000-0000-4000-8000-000000000000' } }),
          404,
          'user_not_found',
        );
        for (const payload of [{}, { userId: 'nope' }, { userId: 42 }]) {
          const body = assertProblem(await t.app.inject({ method: 'POST', url: '/api/v1/auth/dev/tokens', payload }), 400, 'validation_failed');
          assert.equal(body.errors[0].field, 'userId');
          assert.equal(body.errors[0].location, 'body');
        }
      });

      it('answers over real HTTP from 127.0.0.1 with an enveloped pair', async () => {
        const user = await createUser(t.app);
        const response = await fetch(`${baseUrl}/api/v1/auth/dev/tokens`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ userId: user.id }),
        });
        assert.equal(response.status, 200);
        const body = (await response.json()) as { success: boolean; path: string; data: object };
        assert.equal(body.success, true);
        assert.equal(body.path, '/api/v1/auth/dev/tokens');
        assert.deepEqual(Object.keys(body.data).sort(), ['accessToken', 'expiresAt', 'refreshToken']);
      });
    });
  });
}
