import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { backends, realBackend } from '../../../test/helpers/backends.ts';
import { TestClock } from '../../../test/helpers/clock.ts';
import { twoInstances } from '../../../test/helpers/cluster.ts';
import { createGame, createSport, gameBody, onboardedUser, type Sport } from '../../../test/helpers/games.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { openStream, STREAM, StreamClients } from '../../../test/helpers/sse.ts';
import { streamSuite } from '../../../test/helpers/stream-suite.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createUser, type TestUser } from '../../../test/helpers/users.ts';

/** Event ids are `<txid>-<seq>` positions; true when `a` comes after `b`. */
const later = (a: string | undefined, b: string | undefined) => {
  const [at, as] = (a ?? '').split('-').map(Number) as [number, number];
  const [bt, bs] = (b ?? '').split('-').map(Number) as [number, number];
  return at > bt || (at === bt && as > bs);
};

for (const backend of backends) {
  describe(`notification stream (${backend.name})`, () => {
    let t: TestApp;
    let sport: Sport;
    let host: TestUser;
    const streams = new StreamClients();
    const connect = (who: TestUser, headers: Record<string, string> = {}) => streams.connect(who, headers);
    const join = async (who: TestUser, gameId: string) => {
      const response = await t.app.inject({ method: 'POST', url: `/api/v1/games/${gameId}/participants`, headers: who.auth });
      assert.equal(response.statusCode, 201, response.body);
    };

    before(async () => {
      t = await buildTestApp(backend);
      await streams.listen(t.app);
      const admin = await createUser(t.app, { admin: true });
      sport = await createSport(t.app, admin, { name: 'Volleyball' });
      host = await onboardedUser(t.app, 'Host Ng');
    });
    // A stream is still open here on purpose: closing the app must end it rather than hang.
    after(() => t.close());

    it('needs a token, and a client that accepts an event stream', async () => {
      const response = await fetch(`${streams.base}${STREAM}`);
      assert.equal(response.status, 401);
      await response.body?.cancel();
      assertProblem(await t.app.inject({ url: STREAM, headers: host.auth }), 406, 'not_acceptable');
      assertProblem(await t.app.inject({ url: STREAM, headers: { ...host.auth, accept: 'application/json' } }), 406, 'not_acceptable');
      const head = await t.app.inject({ method: 'HEAD', url: STREAM, headers: { ...host.auth, accept: 'text/event-stream' } });
      assert.equal(head.statusCode, 200);
      assert.match(String(head.headers['content-type']), /^text\/event-stream/);
    });

    it("pushes a join to the organiser's open streams (no poll delivers it), as id + JSON data", async () => {
      const game = await createGame(t.app, host, gameBody(sport, new Date(), 48, { title: 'Beach game' }));
      const first = await connect(host);
      const second = await connect(host);
      assert.equal(first.status, 200);
      assert.match(first.headers.get('content-type') ?? '', /^text\/event-stream/);
      assert.ok(first.headers.get('x-request-id'), 'the request id still travels');
      const player = await createUser(t.app);
      await join(player, game.id);
      const event = await first.next();
      assert.match(event.id ?? '', /^[0-9]+-[0-9]+$/);
      const data = JSON.parse(event.data);
      assert.equal(data.type, 'PLAYER_JOINED');
      assert.equal(data.resourceId, game.id);
      assert.equal(data.isRead, false);
      assert.match(data.message, /Beach game/);
      assert.equal((await second.next(1000)).id, event.id, 'every open stream of the recipient gets it');
      const listed = (await t.app.inject({ url: '/api/v1/notifications', headers: host.auth })).json().data.content[0];
      assert.equal(listed.id, data.id);
      const bystander = await connect(await createUser(t.app));
      await assert.rejects(bystander.next(300), /no event/, 'nobody else hears of it');
    });

    it('replays what was missed after Last-Event-ID, in order, then goes on live', async () => {
      const game = await createGame(t.app, host, gameBody(sport, new Date(), 60, { slots: 10 }));
      const stream = await connect(host);
      await join(await createUser(t.app), game.id);
      const seen = await stream.next(1000);
      stream.close();
      await join(await createUser(t.app), game.id);
      await join(await createUser(t.app), game.id);
      const resumed = await connect(host, { 'last-event-id': seen.id! });
      const replayed = [await resumed.next(1000), await resumed.next(1000)];
      assert.ok(later(replayed[0]!.id, seen.id) && later(replayed[1]!.id, replayed[0]!.id));
      assert.deepEqual(
        replayed.map((e) => JSON.parse(e.data).type),
        ['PLAYER_JOINED', 'PLAYER_JOINED'],
      );
      const fresh = await connect(host);
      await join(await createUser(t.app), game.id);
      const live = await fresh.next(1000);
      assert.ok(later(live.id, replayed[1]!.id), 'a stream without Last-Event-ID starts with new notifications only');
      assert.equal((await resumed.next(1000)).id, live.id);
      const bad = await fetch(`${streams.base}${STREAM}`, { headers: { ...host.auth, 'last-event-id': 'yesterday' } });
      assert.equal(bad.status, 400);
      await bad.body?.cancel();
    });
  });
}

if (realBackend) {
  describe('notification stream across instances (postgres+redis)', () => {
    const instances = twoInstances(realBackend);
    const onB = new StreamClients();
    instances.open.push({ close: () => onB.closeAll() });

    it('a join on instance A is pushed to a stream held on instance B', async () => {
      const [a, b] = instances.apps();
      const admin = await createUser(a, { admin: true });
      const sport = await createSport(a, admin, { name: 'Rugby' });
      const host = await onboardedUser(a, 'Host Ong');
      const game = await createGame(a, host, gameBody(sport, new Date(), 48));
      await onB.listen(b);
      const stream = await onB.accepted(host);
      const player = await createUser(a);
      const joined = await a.inject({ method: 'POST', url: `/api/v1/games/${game.id}/participants`, headers: player.auth });
      assert.equal(joined.statusCode, 201, joined.body);
      const event = await stream.next();
      assert.equal(JSON.parse(event.data).type, 'PLAYER_JOINED');
      await assert.rejects(stream.next(300), /no event/, 'delivered once, not once per instance');
    });
  });
}

for (const backend of backends) {
  describe(`notification stream limits (${backend.name})`, () => {
    const clock = new TestClock();
    const t = streamSuite(backend, { overrides: { clock, streamHeartbeatMs: 50 } });
    const connect = (who: TestUser) => t.streams.connect(who);
    const refusedOrNot = (who: TestUser) => fetch(`${t.streams.base}${STREAM}`, { headers: { accept: 'text/event-stream', ...who.auth } });

    it('ends a stream once the access token that opened it expires', async () => {
      const user = await createUser(t.app);
      const stream = await connect(user);
      assert.equal(stream.status, 200);
      await assert.rejects(stream.next(300), /no event/, 'still open while the token is valid');
      clock.advance(15 * 60 + 1);
      await assert.rejects(stream.next(2000), /stream ended/);
      clock.advance(-(15 * 60 + 1));
    });

    it('ends the streams of a deleted account', async () => {
      const user = await onboardedUser(t.app, 'Leaving Soon');
      const stream = await connect(user);
      assert.equal(stream.status, 200);
      const deleted = await t.app.inject({ method: 'DELETE', url: '/api/v1/me', headers: user.auth });
      assert.equal(deleted.statusCode, 204, deleted.body);
      await assert.rejects(stream.next(2000), /stream ended/);
    });

    it('refuses a sixth concurrent stream of one user with 429, and opens one again after a close', async () => {
      const user = await createUser(t.app);
      const streams = [];
      for (let i = 0; i < 5; i++) streams.push(await connect(user));
      assert.deepEqual(
        streams.map((stream) => stream.status),
        [200, 200, 200, 200, 200],
      );
      const refused = await refusedOrNot(user);
      assert.equal(refused.status, 429);
      assert.equal(refused.headers.get('retry-after'), '15');
      assert.match(refused.headers.get('content-type') ?? '', /^application\/problem\+json/);
      assert.equal(((await refused.json()) as { code: string }).code, 'too_many_streams');
      const other = await connect(await createUser(t.app));
      assert.equal(other.status, 200, 'the limit is per user');
      streams[0]!.close();
      const deadline = Date.now() + 2000;
      let again = await refusedOrNot(user);
      while (again.status === 429 && Date.now() < deadline) {
        await again.body?.cancel();
        await new Promise((resolve) => setTimeout(resolve, 20));
        again = await refusedOrNot(user);
      }
      assert.equal(again.status, 200);
      await again.body?.cancel();
    });
  });
}

describe('notification streams (unit)', () => {
  it('sends heartbeat comments while idle and ends every stream on closeAll', async () => {
    const { createServer } = await import('node:http');
    const { NotificationStreams } = await import('./notifications.stream.ts');
    const log = { warn: () => undefined } as never;
    const streams = new NotificationStreams({
      after: async (reads) => reads.map(() => ({ rows: [], heldBack: false })),
      liveUsers: async (ids) => new Set(ids),
      clock: new TestClock(),
      log,
      heartbeatMs: 30,
    });
    const expiresAt = new Date(Date.now() + 60_000);
    const server = createServer((request, response) => streams.open(request, response, { userId: 'user-1', after: { txid: 0, seq: 0 }, expiresAt }, {}));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const client = await openStream(`http://127.0.0.1:${port}/`, {});
      const deadline = Date.now() + 2000;
      while (!client.comments.includes('heartbeat') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      assert.ok(client.comments.includes('heartbeat'), `comments: ${client.comments.join(',')}`);
      assert.equal(streams.size, 1);
      streams.closeAll();
      await assert.rejects(client.next(1000), /stream ended/);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

for (const backend of backends) {
  describe(`notification stream limits per address and per instance (${backend.name})`, () => {
    const t = streamSuite(backend, {
      env: { TRUST_PROXY: 'true', STREAMS_MAX_PER_ADDRESS: '2', STREAMS_MAX_PER_INSTANCE: '6' },
      overrides: { streamHeartbeatMs: 50 },
    });
    const from = async (address: string) => (await t.streams.connect(await createUser(t.app), { 'x-forwarded-for': address })).status;
    /** A stream the service should refuse: its status, code and Retry-After. */
    const refused = async (address: string) => {
      const response = await fetch(`${t.streams.base}${STREAM}`, {
        headers: { accept: 'text/event-stream', 'x-forwarded-for': address, ...(await createUser(t.app)).auth },
      });
      // An accepted stream never ends: let it go rather than wait for its body.
      if (response.status === 200) await response.body?.cancel();
      const code = response.status === 200 ? null : ((await response.json()) as { code: string }).code;
      return [response.status, code, response.headers.get('retry-after')];
    };

    // Streams stay open from one test to the next: this one leaves three, the next fills the instance's six.
    it('counts an IPv6 client by its /64: another address in it shares the limit, the next /64 does not', async () => {
      assert.equal(await from('2001:db8:1:2::1'), 200);
      assert.equal(await from('2001:db8:1:2:aaaa:bbbb:cccc:dddd'), 200);
      assert.deepEqual(await refused('2001:db8:1:2:ffff::9'), [429, 'too_many_streams', '15']);
      assert.equal(await from('2001:db8:1:3::1'), 200, 'the next /64 has room');
    });

    it('refuses a third stream from one address (429) and one past the instance limit (503), whoever the users are', async () => {
      assert.equal(await from('203.0.113.1'), 200);
      assert.equal(await from('203.0.113.1'), 200);
      assert.deepEqual(await refused('203.0.113.1'), [429, 'too_many_streams', '15']);
      assert.equal(await from('203.0.113.2'), 200, 'another address still has room');
      assert.deepEqual(await refused('203.0.113.3'), [503, 'streams_unavailable', '15']);
    });
  });
}
