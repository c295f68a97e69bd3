import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { backends } from '../../../test/helpers/backends.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createUser, type TestUser } from '../../../test/helpers/users.ts';

for (const backend of backends) {
  describe(`cookie-authenticated changes from another site (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(backend, {
        BASE_URL: 'https://api.example.com',
        FRONTEND_CALLBACK_URL: 'https://app.example.com/auth/callback',
        CORS_ALLOWED_ORIGINS: 'https://admin.example.com',
      });
    });
    after(() => t.close());

    const logout = (user: TestUser, headers: Record<string, string>, useBearer = false) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        headers: { ...headers, ...(useBearer ? user.auth : {}) },
        cookies: { access_token: user.accessToken, refresh_token: user.refreshToken },
      });
    const stillSignedIn = async (user: TestUser) =>
      (await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: user.refreshToken } })).statusCode === 200;

    for (const [label, headers] of [
      ['a sibling subdomain (same site)', { origin: 'https://evil.example.com' }],
      ['another site', { origin: 'https://attacker.test' }],
      ['an opaque origin', { origin: 'null' }],
      ['no Origin but Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
      ['no Origin but Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ] as const) {
      it(`refuses ${label} with 403 cross_site_request and changes nothing`, async () => {
        const user = await createUser(t.app);
        assertProblem(await logout(user, headers), 403, 'cross_site_request');
        // The form a sibling page can post without a preflight.
        const textPlain = await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/logout',
          headers: { ...headers, 'content-type': 'text/plain' },
          payload: '{}',
          cookies: { access_token: user.accessToken },
        });
        assertProblem(textPlain, 403, 'cross_site_request');
        assert.equal(await stillSignedIn(user), true);
      });
    }

    for (const [label, headers] of [
      ["the service's own origin", { origin: 'https://api.example.com' }],
      ["the frontend's origin", { origin: 'https://app.example.com' }],
      ['a CORS-allowed origin', { origin: 'https://admin.example.com' }],
      ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
      ['a client that is no browser (neither header)', {}],
    ] as const) {
      it(`lets ${label} through`, async () => {
        const user = await createUser(t.app);
        assert.equal((await logout(user, headers)).statusCode, 200);
        assert.equal(await stillSignedIn(user), false);
      });
    }

    it('leaves bearer-token requests and safe methods alone', async () => {
      const user = await createUser(t.app);
      const me = await t.app.inject({ url: '/api/v1/me', headers: { origin: 'https://attacker.test' }, cookies: { access_token: user.accessToken } });
      assert.equal(me.statusCode, 200);
      assert.equal((await logout(user, { origin: 'https://attacker.test' }, true)).statusCode, 200);
    });
  });
}
