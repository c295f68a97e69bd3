import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { realBackend, type Backend } from './helpers/backends.ts';
import { TestClock } from './helpers/clock.ts';
import { buildTestCluster, type TestCluster } from './helpers/cluster.ts';
import { createGame, createSport, gameBody, onboardedUser, type Game } from './helpers/games.ts';
import { PrivateReplicaPair, replicaToolsInstalled } from './helpers/replica.ts';
import { createUser, type TestUser } from './helpers/users.ts';

const skip = !realBackend
  ? 'needs TEST_DATABASE_URL and TEST_REDIS_URL (the recent-write mark is shared through Redis)'
  : !replicaToolsInstalled
    ? 'needs PostgreSQL 15 server binaries in /usr/lib/postgresql/15/bin'
    : false;

/**
 * Two instances on a private primary with a streaming replica (DATABASE_READ_URL). Pausing the
 * replica's replay makes every read that goes there visibly old, which shows where each read went.
 */
describe('reads on a streaming replica (DATABASE_READ_URL)', { skip }, () => {
  const clock = new TestClock(new Date('2031-05-01T00:00:00Z'));
  let pair: PrivateReplicaPair;
  let cluster: TestCluster;
  let first: FastifyInstance;
  let second: FastifyInstance;
  let host: TestUser;
  let player: TestUser;
  let bystander: TestUser;
  let game: Game;

  const get = async (app: FastifyInstance, url: string, user?: TestUser) => {
    const response = await app.inject({ url, headers: user?.auth });
    assert.equal(response.statusCode, 200, response.body);
    return response.json().data;
  };
  const listed = async (app: FastifyInstance, user?: TestUser) =>
    ((await get(app, '/api/v1/games?size=50', user)).content as Game[]).find((g) => g.id === game.id);

  before(async () => {
    pair = await PrivateReplicaPair.start();
    const name = await pair.createDatabase();
    // The pair's primary stands in for the backend's database; Redis stays the backend's.
    const backend: Backend = { ...realBackend!, freshDatabase: async () => ({ url: pair.primaryUrl(name), drop: async () => undefined }) };
    cluster = await buildTestCluster(backend, 2, { DATABASE_READ_URL: pair.replicaUrl(name), RATE_LIMIT_PUBLIC_ANON: '100000' }, { clock });
    [first, second] = cluster.apps as [FastifyInstance, FastifyInstance];
    const admin = await createUser(first, { admin: true });
    host = await onboardedUser(first, 'Host');
    player = await onboardedUser(first, 'Player');
    // Made through the internal route, which marks no one: a signed-in user who has written nothing.
    bystander = await createUser(first);
    const sport = await createSport(first, admin, { name: 'Squash' });
    game = await createGame(first, host, gameBody(sport, clock.now(), 24));
    await pair.caughtUp();
  });
  after(async () => {
    await cluster?.close();
    await pair?.close();
  });

  it('while the replica lags, anonymous readers and other users see its old data; the writer sees its edit on the other instance', async () => {
    assert.equal((await listed(second))?.title, 'Friendly game');
    assert.equal((await get(second, `/api/v1/games/${game.id}`)).title, 'Friendly game');
    await pair.pauseReplay();
    try {
      const edit = await first.inject({ method: 'PUT', url: `/api/v1/games/${game.id}`, headers: host.auth, payload: { title: 'Evening ladder' } });
      assert.equal(edit.statusCode, 200, edit.body);
      assert.equal(edit.json().data.title, 'Evening ladder', 'the answer to a write is read from the primary');

      // Read-your-writes: the host's next requests, on either instance, go to the primary.
      assert.equal((await get(second, `/api/v1/games/${game.id}`, host)).title, 'Evening ladder');
      assert.equal((await listed(second, host))?.title, 'Evening ladder');
      assert.equal((await get(first, `/api/v1/games/${game.id}`, host)).title, 'Evening ladder');

      // Everyone else reads the paused replica: the proof that reads go there.
      assert.equal((await listed(second))?.title, 'Friendly game');
      assert.equal((await get(second, `/api/v1/games/${game.id}`)).title, 'Friendly game');
      assert.equal((await listed(second, bystander))?.title, 'Friendly game');
    } finally {
      await pair.resumeReplay();
    }
    await pair.caughtUp();
    // The anonymous page cache read its generation on the replica too: the replayed edit misses it at once.
    assert.equal((await listed(second))?.title, 'Evening ladder');
    assert.equal((await get(second, `/api/v1/games/${game.id}`)).title, 'Evening ladder');
    assert.equal((await listed(second, bystander))?.title, 'Evening ladder');
  });

  it('a player who joins on one instance sees their place on the other while the replica has not replayed it', async () => {
    await pair.pauseReplay();
    try {
      const join = await first.inject({ method: 'POST', url: `/api/v1/games/${game.id}/participants`, headers: player.auth });
      assert.equal(join.statusCode, 201, join.body);
      const seen = await get(second, `/api/v1/games/${game.id}`, player);
      assert.equal(seen.viewer.joined, true);
      assert.deepEqual(
        ((await get(second, '/api/v1/me/games/joined', player)).content as Game[]).map((g) => g.id),
        [game.id],
      );
      assert.equal(
        (await get(second, `/api/v1/games/${game.id}`)).playersJoined,
        seen.playersJoined - 1,
        'anonymous readers still see the count before the join',
      );
    } finally {
      await pair.resumeReplay();
    }
  });

  it('a change refused as invalid marks nothing: its sender still reads the replica', async () => {
    await pair.caughtUp();
    const before = await get(second, `/api/v1/games/${game.id}`, bystander);
    await pair.pauseReplay();
    try {
      await first.inject({ method: 'PUT', url: `/api/v1/games/${game.id}`, headers: host.auth, payload: { title: 'Late change' } });
      const bad = await first.inject({ method: 'PUT', url: `/api/v1/games/${game.id}`, headers: bystander.auth, payload: { slots: 'many' } });
      assert.equal(bad.statusCode, 400, bad.body);
      assert.equal((await get(second, `/api/v1/games/${game.id}`, bystander)).title, before.title);
    } finally {
      await pair.resumeReplay();
    }
  });
});
