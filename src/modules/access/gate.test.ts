import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { backends } from '../../../test/helpers/backends.ts';
import { TestClock } from '../../../test/helpers/clock.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { appSuite } from '../../../test/helpers/suite.ts';
import { buildTestApp, INTERNAL_SECRET, type TestApp } from '../../../test/helpers/test-app.ts';
import { createUser, mintTokens, type TestUser } from '../../../test/helpers/users.ts';

const unauthorized = (response: Parameters<typeof assertProblem>[0]) => {
  assertProblem(response, 401);
  assert.equal(response.headers['www-authenticate'], 'Bearer');
};

for (const backend of backends) {
  describe(`tokens on public endpoints (${backend.name})`, () => {
    const clock = new TestClock();
    let user: TestUser;

    const t = appSuite(backend, { overrides: { clock } });
    before(async () => {
      user = await createUser(t.app);
    });

    /** A token that was valid a moment ago: the clock moves past its 15 minutes (and the 30 s skew). */
    async function expiredToken(): Promise<string> {
      const { accessToken } = await mintTokens(t.app, user.id);
      clock.advance(900 + 31);
      return accessToken;
    }

    it('reads a public listing anonymously when no token is sent', async () => {
      const response = await t.app.inject({ url: '/api/v1/games' });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['ratelimit-limit'], '60', 'the per-address budget');
    });

    it('answers 401 with WWW-Authenticate to an expired bearer token on a public read', async () => {
      const token = await expiredToken();
      unauthorized(await t.app.inject({ url: '/api/v1/games', headers: { authorization: `Bearer ${token}` } }));
      unauthorized(await t.app.inject({ url: '/api/v1/activities', headers: { authorization: `Bearer ${token}` } }));
      unauthorized(await t.app.inject({ url: '/api/v1/public/health', headers: { authorization: `Bearer ${token}` } }));
    });

    it('answers 401 to an expired or broken access_token cookie on a public read', async () => {
      const token = await expiredToken();
      unauthorized(await t.app.inject({ url: '/api/v1/games', cookies: { access_token: token } }));
      unauthorized(await t.app.inject({ url: '/api/v1/venues', cookies: { access_token: 'not-a-token' } }));
    });

    it('still identifies a caller with a valid token there (per-user budget)', async () => {
      const fresh = await createUser(t.app);
      const response = await t.app.inject({ url: '/api/v1/games', headers: fresh.auth });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['ratelimit-limit'], '240');
    });

    it('lets a dead token stand in the way of neither refresh nor logout', async () => {
      const { refreshToken } = await mintTokens(t.app, user.id);
      const token = await expiredToken();
      const dead = { authorization: `Bearer ${token}` };
      const refreshed = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: dead, payload: { refreshToken } });
      assert.equal(refreshed.statusCode, 200, refreshed.body);
      const { refreshToken: next } = refreshed.json();
      const loggedOut = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: dead, payload: { refreshToken: next } });
      assert.equal(loggedOut.statusCode, 200, loggedOut.body);
      const again = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: next } });
      assertProblem(again, 401, 'invalid_refresh_token');
    });
  });

  describe(`authentication before routing (${backend.name})`, () => {
    let t: TestApp;
    let user: TestUser;
    let admin: TestUser;

    before(async () => {
      t = await buildTestApp(backend);
      user = await createUser(t.app);
      admin = await createUser(t.app, { admin: true });
    });
    after(() => t.close());

    const get = (url: string, headers: Record<string, string> = {}, method = 'GET') => t.app.inject({ method: method as 'GET', url, headers });

    it('answers 401 to an anonymous caller on an unknown /api/v1 path, 404 to a signed-in one', async () => {
      unauthorized(await get('/api/v1/nothing-here'));
      unauthorized(await get('/api/v1/games/00000000-0000-4000-8000-000000000000/nothing'));
      assertProblem(await get('/api/v1/nothing-here', user.auth), 404, 'not_found');
    });

    it('answers 403 to a non-admin under /api/v1/admin, known route or not, and 404 only to an admin', async () => {
      unauthorized(await get('/api/v1/admin/anything-unknown'));
      assertProblem(await get('/api/v1/admin/anything-unknown', user.auth), 403, 'forbidden');
      assertProblem(await get('/api/v1/admin', user.auth), 403, 'forbidden');
      assertProblem(await get('/api/v1/admin/users', user.auth), 403, 'forbidden');
      assertProblem(await get('/api/v1/admin/anything-unknown', admin.auth), 404, 'not_found');
    });

    it('answers 401 without the secret under /api/v1/internal, 404 with it', async () => {
      unauthorized(await get('/api/v1/internal/anything-unknown'));
      unauthorized(await get('/api/v1/internal/anything-unknown', admin.auth));
      assertProblem(await get('/api/v1/internal/anything-unknown', { 'x-internal-secret': INTERNAL_SECRET }), 404, 'not_found');
    });

    it('checks access before a wrong method', async () => {
      unauthorized(await get('/api/v1/games', {}, 'DELETE'));
      const wrong = await get('/api/v1/games', user.auth, 'DELETE');
      assertProblem(wrong, 405, 'method_not_allowed');
      assertProblem(await get('/api/v1/admin/users', user.auth, 'PATCH'), 403, 'forbidden');
      assertProblem(await get('/api/v1/admin/users', admin.auth, 'PATCH'), 405, 'method_not_allowed');
      unauthorized(await get('/api/v1/internal/users', {}, 'GET'));
    });

    it('applies one rule to a wrong method under /api/v1, public path or not: a token first, then 405', async () => {
      for (const [method, url] of [
        ['DELETE', '/api/v1/public/health'],
        ['PUT', '/api/v1/activities/00000000-0000-4000-8000-000000000000'],
        ['POST', '/api/v1/auth/login/national'],
        ['DELETE', '/api/v1/games'],
      ] as const) {
        unauthorized(await get(url, {}, method));
        assertProblem(await get(url, user.auth, method), 405, 'method_not_allowed');
      }
      // Outside the API nothing needs a token, so a wrong method there is 405 to anyone.
      assertProblem(await get('/.well-known/jwks.json', {}, 'DELETE'), 405, 'method_not_allowed');
    });

    it('answers 404 outside the API to anyone, and 401 there only to an invalid token', async () => {
      assertProblem(await get('/nothing-here'), 404, 'not_found');
      assertProblem(await get('/nothing-here', user.auth), 404, 'not_found');
      unauthorized(await get('/nothing-here', { authorization: 'Bearer not.a.token' }));
    });
  });
}
