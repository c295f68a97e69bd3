import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { backends } from '../../../test/helpers/backends.ts';
import { TestClock } from '../../../test/helpers/clock.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createUser } from '../../../test/helpers/users.ts';

// A mobile app whose refresh answer was lost retries with the token it still holds: within the
// grace that token answers again with the same successor; after it, or once the successor was
// used, it is a reuse and ends the family.
for (const backend of backends) {
  describe(`refresh: the previous token's grace (${backend.name})`, () => {
    let t: TestApp;
    const clock = new TestClock();
    const GRACE_MS = 4000;

    before(async () => {
      t = await buildTestApp(backend, { REFRESH_REUSE_GRACE_MS: String(GRACE_MS) }, { clock });
    });
    after(() => t.close());

    const refresh = (refreshToken: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken } });
    const me = (accessToken: string) => t.app.inject({ url: '/api/v1/me', headers: { authorization: `Bearer ${accessToken}` } });

    it('answers a retry just inside the grace with a working pair: the same successor, which then rotates on', async () => {
      const user = await createUser(t.app);
      const lost = (await refresh(user.refreshToken)).json();
      clock.advance((GRACE_MS - 1) / 1000);
      const retried = await refresh(user.refreshToken);
      assert.equal(retried.statusCode, 200, retried.body);
      assert.equal(retried.json().refreshToken, lost.refreshToken);
      assert.equal((await me(retried.json().accessToken)).statusCode, 200);
      const next = await refresh(retried.json().refreshToken);
      assert.equal(next.statusCode, 200);
      assert.equal((await refresh(next.json().refreshToken)).statusCode, 200);
    });

    /** A new user's refresh token and `times` successors, each from refreshing the one before. */
    const rotations = async (times: number) => {
      const chain = [(await createUser(t.app)).refreshToken];
      for (let i = 0; i < times; i++) chain.push((await refresh(chain.at(-1)!)).json().refreshToken as string);
      return chain;
    };

    it('refuses a retry at the end of the grace and revokes the family, the successor included', async () => {
      const [first, successor] = await rotations(1);
      clock.advance(GRACE_MS / 1000);
      assertProblem(await refresh(first!), 401, 'invalid_refresh_token');
      assertProblem(await refresh(successor!), 401, 'invalid_refresh_token');
    });

    it('refuses the previous token once its successor was used, even inside the grace, and revokes the family', async () => {
      const [first, , third] = await rotations(2);
      assertProblem(await refresh(first!), 401, 'invalid_refresh_token');
      assertProblem(await refresh(third!), 401, 'invalid_refresh_token');
    });

    it('gives no grace to a token two rotations back, while the one before the newest still has it', async () => {
      const [first, second, third] = await rotations(2);
      const retried = await refresh(second!);
      assert.equal(retried.statusCode, 200, retried.body);
      assert.equal(retried.json().refreshToken, third, 'one rotation back, inside the grace: the same successor');
      assertProblem(await refresh(first!), 401, 'invalid_refresh_token');
      assertProblem(await refresh(third!), 401, 'invalid_refresh_token');
    });
  });

  describe(`refresh without a grace (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(backend, { REFRESH_REUSE_GRACE_MS: '0' });
    });
    after(() => t.close());

    it('lets exactly one of 50 concurrent refreshes win; the losers revoke the family', async () => {
      const user = await createUser(t.app);
      const payload = { refreshToken: user.refreshToken };
      const responses = await Promise.all(Array.from({ length: 50 }, () => t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload })));
      const winners = responses.filter((r) => r.statusCode === 200);
      assert.equal(winners.length, 1);
      for (const loser of responses.filter((r) => r.statusCode !== 200)) assertProblem(loser, 401, 'invalid_refresh_token');
      assertProblem(await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: winners[0]!.json().refreshToken } }), 401);
    });
  });
}
