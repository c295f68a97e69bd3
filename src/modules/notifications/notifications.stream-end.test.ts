import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { backends, realBackend } from '../../../test/helpers/backends.ts';
import { buildTestCluster, type TestCluster } from '../../../test/helpers/cluster.ts';
import { onboardedUser } from '../../../test/helpers/games.ts';
import { StreamClients } from '../../../test/helpers/sse.ts';
import { streamSuite } from '../../../test/helpers/stream-suite.ts';
import { createUser, type TestUser } from '../../../test/helpers/users.ts';

/** No heartbeat during these tests: a stream that ends did so on the signal, not on the heartbeat's sweep. */
const NO_HEARTBEAT = { streamHeartbeatMs: 600_000 };

async function logout(app: FastifyInstance, request: { headers?: Record<string, string>; payload: object }): Promise<void> {
  const response = await app.inject({ method: 'POST', url: '/api/v1/auth/logout', ...request });
  assert.equal(response.statusCode, 200, response.body);
}

async function deleteAccount(app: FastifyInstance, user: TestUser): Promise<void> {
  const response = await app.inject({ method: 'DELETE', url: '/api/v1/me', headers: user.auth });
  assert.equal(response.statusCode, 204, response.body);
}

for (const backend of backends) {
  describe(`notification streams end with the session (${backend.name})`, () => {
    const t = streamSuite(backend, { overrides: NO_HEARTBEAT });
    const connect = (who: TestUser) => t.streams.accepted(who);

    it('ends every stream of a user who logs out at once, and only theirs', async () => {
      const user = await createUser(t.app);
      const first = await connect(user);
      const second = await connect(user);
      const other = await connect(await createUser(t.app));
      await logout(t.app, { headers: user.auth, payload: {} });
      await assert.rejects(first.next(2000), /stream ended/);
      await assert.rejects(second.next(2000), /stream ended/);
      await assert.rejects(other.next(300), /no event/, "another user's stream stays open");
    });

    it('ends them on a logout that presents only the refresh token', async () => {
      const user = await createUser(t.app);
      const stream = await connect(user);
      await logout(t.app, { payload: { refreshToken: user.refreshToken } });
      await assert.rejects(stream.next(2000), /stream ended/);
    });

    it('ends the streams of a deleted account at once', async () => {
      const user = await onboardedUser(t.app, 'Leaving Now');
      const stream = await connect(user);
      await deleteAccount(t.app, user);
      await assert.rejects(stream.next(2000), /stream ended/);
    });
  });
}

if (realBackend) {
  describe('notification streams end with the session, across instances (postgres+redis)', () => {
    let cluster: TestCluster;
    let a: FastifyInstance;
    const onB = new StreamClients();
    const connectToB = (who: TestUser) => onB.accepted(who);

    before(async () => {
      cluster = await buildTestCluster(realBackend!, 2, {}, NO_HEARTBEAT);
      a = cluster.apps[0]!;
      await onB.listen(cluster.apps[1]!);
    });
    after(async () => {
      onB.closeAll();
      await cluster.close();
    });

    it('a logout on instance A ends the streams held on instance B at once', async () => {
      const user = await createUser(a);
      const stream = await connectToB(user);
      const other = await connectToB(await createUser(a));
      await logout(a, { headers: user.auth, payload: {} });
      await assert.rejects(stream.next(2000), /stream ended/);
      await assert.rejects(other.next(300), /no event/, "another user's stream stays open");
    });

    it('a deletion on instance A ends the streams held on instance B at once', async () => {
      const user = await onboardedUser(a, 'Gone Elsewhere');
      const stream = await connectToB(user);
      await deleteAccount(a, user);
      await assert.rejects(stream.next(2000), /stream ended/);
    });
  });
}
