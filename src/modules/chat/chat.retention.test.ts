import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { backends, realBackend } from '../../../test/helpers/backends.ts';
import { TestClock } from '../../../test/helpers/clock.ts';
import { buildTestCluster, type TestCluster } from '../../../test/helpers/cluster.ts';
import { createGame, createSport, gameBody, onboardedUser } from '../../../test/helpers/games.ts';
import { appSuite } from '../../../test/helpers/suite.ts';
import { runJob } from '../../../test/helpers/test-app.ts';
import { createUser, mintTokens, type TestUser } from '../../../test/helpers/users.ts';

const DAY_S = 24 * 3600;

const runRetention = (app: FastifyInstance) => runJob(app, 'chat-retention');
const say = async (app: FastifyInstance, who: TestUser, gameId: string, body: string) => {
  const response = await app.inject({ method: 'POST', url: `/api/v1/games/${gameId}/chat/messages`, headers: who.auth, payload: { body } });
  assert.equal(response.statusCode, 201, response.body);
};
const bodies = async (app: FastifyInstance, who: TestUser, gameId: string) => {
  const response = await app.inject({ url: `/api/v1/games/${gameId}/chat/messages`, headers: who.auth });
  assert.equal(response.statusCode, 200, response.body);
  return (response.json().data.content as Array<{ body: string }>).map((m) => m.body);
};
/** Tokens are checked against the test clock: after moving it, a user needs fresh ones. */
const refresh = async (app: FastifyInstance, user: TestUser) => {
  user.auth = { authorization: `Bearer ${(await mintTokens(app, user.id)).accessToken}` };
};

for (const backend of backends) {
  describe(`chat retention (${backend.name})`, () => {
    const clock = new TestClock(new Date('2031-05-01T01:00:00Z'));

    const t = appSuite(backend, { overrides: { clock }, sport: 'Pickleball', host: 'Host Yeo' });

    it('deletes each message 90 days after it was written, and only then', async () => {
      const game = await createGame(t.app, t.host, gameBody(t.sport, clock.now(), 24));
      await say(t.app, t.host, game.id, 'old news');
      clock.advance(3600);
      await refresh(t.app, t.host);
      await say(t.app, t.host, game.id, 'Good game all');
      clock.advance(90 * DAY_S - 3600 - 60);
      assert.equal(await runRetention(t.app), 0, 'not yet 90 days');
      clock.advance(120);
      assert.equal(await runRetention(t.app), 1);
      assert.equal(await runRetention(t.app), 0, 'nothing twice');
      await refresh(t.app, t.host);
      assert.deepEqual(await bodies(t.app, t.host, game.id), ['Good game all']);
    });
  });
}

if (realBackend) {
  describe('chat retention on two instances (postgres+redis)', () => {
    let cluster: TestCluster;
    const clock = new TestClock(new Date('2031-06-01T01:00:00Z'));

    before(async () => {
      cluster = await buildTestCluster(realBackend!, 2, {}, { clock });
    });
    after(() => cluster.close());

    it('deletes each expired message once, whichever instances run the job and however often', async () => {
      const [a, b] = cluster.apps as [FastifyInstance, FastifyInstance];
      const sport = await createSport(a, await createUser(a, { admin: true }), { name: 'Badminton' });
      const host = await onboardedUser(b, 'Host Chua');
      const game = await createGame(a, host, gameBody(sport, clock.now(), 24));
      for (let i = 0; i < 4; i++) await say(i % 2 ? a : b, host, game.id, `m${i}`);
      clock.advance(91 * DAY_S);
      let total = 0;
      for (let round = 0; round < 3; round++) total += (await Promise.all([a, b, a, b].map(runRetention))).reduce((x, y) => x + y, 0);
      assert.equal(total, 4);
      await refresh(a, host);
      assert.deepEqual(await bodies(a, host, game.id), []);
      assert.deepEqual(await bodies(b, host, game.id), []);
    });
  });
}
