import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../platform/db/index.ts';
import { backends, type Backend } from '../../../test/helpers/backends.ts';
import { TestClock } from '../../../test/helpers/clock.ts';
import { buildTestCluster } from '../../../test/helpers/cluster.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { buildTestApp } from '../../../test/helpers/test-app.ts';
import { createUser, type TestUser } from '../../../test/helpers/users.ts';

/**
 * A token's user and roles are kept in memory for a few seconds, yet a deletion or a role change
 * counts on the very next request, on every instance. On PostgreSQL the writer and the reader are
 * two instances sharing the database, with Redis and without; the embedded database has one
 * instance, which is both.
 */
interface Variant {
  name: string;
  backend: Backend;
  env: Record<string, string>;
}
const variants = backends.flatMap((backend): Variant[] =>
  backend.redisUrl
    ? [
        { name: 'postgres+redis', backend, env: {} },
        { name: 'postgres without redis', backend, env: { REDIS_URL: '' } },
      ]
    : [{ name: backend.name, backend, env: {} }],
);

for (const { name, backend, env } of variants) {
  describe(`revocation on every instance (${name})`, () => {
    // The clock stands still: only the database's signals can end a cached entry.
    const clock = new TestClock(new Date('2031-05-01T00:00:00Z'));
    let writer: FastifyInstance;
    let reader: FastifyInstance;
    let database: DatabaseHandle;
    let close: () => Promise<void>;
    let root: TestUser;

    const me = (app: FastifyInstance, user: TestUser) => app.inject({ url: '/api/v1/me', headers: user.auth });
    const adminList = (app: FastifyInstance, user: TestUser) => app.inject({ url: '/api/v1/admin/users?size=1', headers: user.auth });
    const setRoles = async (user: TestUser, roles: string[]) => {
      const response = await writer.inject({ method: 'PUT', url: `/api/v1/admin/users/${user.id}/roles`, headers: root.auth, payload: { roles } });
      assert.equal(response.statusCode, 200, response.body);
    };
    /** Twice on every instance, so the next request would be answered from memory if nothing had changed. */
    const warm = async (check: (app: FastifyInstance) => Promise<{ statusCode: number }>, status: number) => {
      for (const app of new Set([writer, reader])) {
        for (let i = 0; i < 2; i++) assert.equal((await check(app)).statusCode, status);
      }
    };

    before(async () => {
      const overrides = { clock, onDatabase: (handle: DatabaseHandle) => (database = handle) };
      if (backend.redisUrl) {
        const cluster = await buildTestCluster(backend, 2, env, overrides);
        [writer, reader] = cluster.apps as [FastifyInstance, FastifyInstance];
        close = () => cluster.close();
      } else {
        const t = await buildTestApp(backend, env, overrides);
        writer = reader = t.app;
        close = () => t.close();
      }
      root = await createUser(writer, { admin: true });
    });
    after(() => close());

    it('counts a change made behind its back, with no signal, on the next request: the version read sees its commit', async () => {
      const user = await createUser(writer);
      await warm((app) => adminList(app, user), 403);
      await database.db.execute(sql`UPDATE users SET roles = '{ADMIN}' WHERE id = ${user.id}`);
      assert.equal((await adminList(reader, user)).statusCode, 200, 'on the other instance');
      assert.equal((await adminList(writer, user)).statusCode, 200, 'on the writing one');
    });

    it("refuses a deleted account's old token on the next request, on every instance", async () => {
      const user = await createUser(writer);
      await warm((app) => me(app, user), 200);
      const deleted = await writer.inject({ method: 'DELETE', url: '/api/v1/me', headers: user.auth });
      assert.equal(deleted.statusCode, 204, deleted.body);
      assertProblem(await me(reader, user), 401, 'invalid_token');
      assertProblem(await me(writer, user), 401, 'invalid_token');
      assertProblem(await reader.inject({ url: '/api/v1/games', headers: user.auth }), 401, 'invalid_token');
    });

    it('refuses a demoted admin on the next admin request, on every instance', async () => {
      const admin = await createUser(writer, { admin: true });
      await warm((app) => adminList(app, admin), 200);
      await setRoles(admin, []);
      assertProblem(await adminList(reader, admin), 403, 'forbidden');
      assertProblem(await adminList(writer, admin), 403, 'forbidden');
    });

    it('lets a promoted user in on the next admin request, on every instance', async () => {
      const user = await createUser(writer);
      await warm((app) => adminList(app, user), 403);
      await setRoles(user, ['ADMIN']);
      assert.equal((await adminList(reader, user)).statusCode, 200);
      assert.equal((await adminList(writer, user)).statusCode, 200);
    });

    it('refuses a refresh for a deleted account, whose refresh tokens are gone too', async () => {
      const user = await createUser(writer);
      await warm((app) => me(app, user), 200);
      assert.equal((await writer.inject({ method: 'DELETE', url: '/api/v1/me', headers: user.auth })).statusCode, 204);
      const refreshed = await reader.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: user.refreshToken } });
      assertProblem(refreshed, 401, 'invalid_refresh_token');
    });
  });
}
