import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backends } from '../../../test/helpers/backends.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { appSuite } from '../../../test/helpers/suite.ts';
import { createUser } from '../../../test/helpers/users.ts';

for (const backend of backends) {
  describe(`two cookies of one name (${backend.name})`, () => {
    const t = appSuite(backend);

    /** The Set-Cookie headers that clear `name`, as "path domain". */
    const clears = (setCookie: string | string[] | undefined, name: string) =>
      [setCookie ?? []]
        .flat()
        .filter((line) => line.startsWith(`${name}=;`) && /Expires=Thu, 01 Jan 1970/i.test(line))
        .map((line) => `${/Path=([^;]*)/.exec(line)?.[1]} ${/Domain=([^;]*)/.exec(line)?.[1] ?? '-'}`);

    it('gives no session from either access_token (whichever comes first) and clears both', async () => {
      const user = await createUser(t.app);
      for (const cookie of [`access_token=${user.accessToken}; access_token=x`, `access_token=x; access_token=${user.accessToken}`]) {
        const response = await t.app.inject({ url: '/api/v1/me', headers: { cookie, host: 'api.example.com' } });
        assertProblem(response, 401, 'authentication_required');
        const cleared = clears(response.headers['set-cookie'], 'access_token');
        for (const expected of ['/ -', '/ example.com', '/ api.example.com', '/api/v1/me -'])
          assert.ok(cleared.includes(expected), `${expected} in ${cleared}`);
      }
      assert.equal((await t.app.inject({ url: '/api/v1/me', headers: { cookie: `access_token=${user.accessToken}` } })).statusCode, 200);
    });

    it('rotates neither of two refresh_token cookies, and clears both', async () => {
      const user = await createUser(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        headers: { cookie: `refresh_token=${user.refreshToken}; refresh_token=planted` },
      });
      assertProblem(response, 401, 'invalid_refresh_token');
      assert.ok(clears(response.headers['set-cookie'], 'refresh_token').includes('/api/v1/auth -'));
      // Nothing was spent: the real token still rotates once sent alone.
      const alone = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', cookies: { refresh_token: user.refreshToken } });
      assert.equal(alone.statusCode, 200, alone.body);
    });

    it('lets a bearer token through whatever the cookies say', async () => {
      const user = await createUser(t.app);
      const response = await t.app.inject({ url: '/api/v1/me', headers: { ...user.auth, cookie: 'access_token=a; access_token=b' } });
      assert.equal(response.statusCode, 200);
    });
  });
}
