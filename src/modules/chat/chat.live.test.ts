import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { backends, realBackend } from '../../../test/helpers/backends.ts';
import { TestClock } from '../../../test/helpers/clock.ts';
import { twoInstances } from '../../../test/helpers/cluster.ts';
import { createGame, createSport, gameBody, onboardedUser, type Game, type Sport } from '../../../test/helpers/games.ts';
import { addCoHost } from '../../../test/helpers/invitations.ts';
import { listen, openStream, STREAM, type SseClient, type SseEvent } from '../../../test/helpers/sse.ts';
import { buildTestApp, runJob, type TestApp } from '../../../test/helpers/test-app.ts';
import { createUser, mintTokens, type TestUser } from '../../../test/helpers/users.ts';

interface Live {
  gameId: string;
  messageId?: string;
  message?: { id: string; body: string; author: { userId: string; name: string | null }; mine: boolean; canDelete: boolean };
}

/** The next named (stream) event, skipping notifications (the default event) that joins and leaves send hosts. */
async function nextLive(stream: SseClient, timeoutMs = 3000): Promise<SseEvent & { live: Live }> {
  for (;;) {
    const event = await stream.next(timeoutMs);
    if (event.event) return { ...event, live: JSON.parse(event.data) as Live };
  }
}

/** Every named event until none comes for `quietMs`. */
async function drainLive(stream: SseClient, quietMs = 500): Promise<Array<SseEvent & { live: Live }>> {
  const events: Array<SseEvent & { live: Live }> = [];
  for (;;) {
    try {
      events.push(await nextLive(stream, quietMs));
    } catch {
      return events;
    }
  }
}

for (const backend of backends) {
  describe(`the chat live over the stream (${backend.name})`, () => {
    let t: TestApp;
    let base: string;
    const clock = new TestClock(new Date('2031-03-02T01:00:00Z'));
    let sport: Sport;
    let host: TestUser;
    const open: SseClient[] = [];

    before(async () => {
      t = await buildTestApp(backend, {}, { clock });
      base = await listen(t.app);
      const admin = await createUser(t.app, { admin: true });
      sport = await createSport(t.app, admin, { name: 'Badminton' });
      host = await onboardedUser(t.app, 'Host Tan');
    });
    after(async () => {
      for (const stream of open) stream.close();
      await t.close();
    });

    const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: TestUser, payload?: object) =>
      t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
    const say = async (game: Game, who: TestUser, body: string) => {
      clock.advance(7);
      const response = await req('POST', `/api/v1/games/${game.id}/chat/messages`, who, { body });
      assert.equal(response.statusCode, 201, response.body);
      return response.json().data as { id: string };
    };
    const connect = async (who: TestUser, lastEventId?: string) => {
      const stream = await openStream(`${base}${STREAM}`, { ...who.auth, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) });
      assert.equal(stream.status, 200);
      open.push(stream);
      return stream;
    };
    let slot = 0;
    async function cast() {
      const game = await createGame(t.app, host, gameBody(sport, clock.now(), 48 + 3 * ++slot, { slots: 1 }));
      const [coHost, player, waiting, stranger] = await Promise.all(['Co Lee', 'Pat Ong', 'Wai Ng', 'Stan Goh'].map((name) => onboardedUser(t.app, name)));
      await addCoHost(t.app, host, game.id, coHost!);
      assert.equal((await req('POST', `/api/v1/games/${game.id}/participants`, player!)).json().data.status, 'ACTIVE');
      assert.equal((await req('POST', `/api/v1/games/${game.id}/participants`, waiting!)).json().data.status, 'WAITLISTED');
      return { game, coHost: coHost!, player: player!, waiting: waiting!, stranger: stranger! };
    }

    it('a message reaches every member live, as their own page shows it, and nobody else; it is never a notification', async () => {
      const { game, coHost, player, waiting, stranger } = await cast();
      const streams = new Map<TestUser, SseClient>();
      for (const who of [host, coHost, player, waiting, stranger]) streams.set(who, await connect(who));
      const sent = await say(game, player, 'Running 10 min late');
      for (const who of [host, coHost, player, waiting]) {
        const event = await nextLive(streams.get(who)!);
        assert.equal(event.event, 'chat.message');
        assert.match(event.id!, /^\d+-\d+$/);
        assert.equal(event.live.gameId, game.id);
        assert.equal(event.live.message!.id, sent.id);
        assert.equal(event.live.message!.body, 'Running 10 min late');
        assert.deepEqual(event.live.message!.author, { userId: player.id, name: 'Pat Ong' });
        assert.equal(event.live.message!.mine, who === player);
        assert.equal(event.live.message!.canDelete, who === player || who === host || who === coHost);
      }
      assert.deepEqual(await drainLive(streams.get(stranger)!), [], 'a stranger hears nothing');
      // Not a notification: not listed, not counted.
      const list = (await req('GET', '/api/v1/notifications', waiting)).json().data;
      assert.equal(list.content.length, 0, JSON.stringify(list));
      assert.equal((await req('GET', '/api/v1/notifications/unread-count', waiting)).json().data.count, 0);
    });

    it('deleting a message and closing the chat reach the members live; a removed player hears nothing after', async () => {
      const { game, player, waiting } = await cast();
      const first = await say(game, player, 'Shuttles?');
      const stream = await connect(waiting);
      const playerStream = await connect(player);
      assert.equal((await req('DELETE', `/api/v1/games/${game.id}/chat/messages/${first.id}`, host)).statusCode, 204);
      const deleted = await nextLive(stream);
      assert.equal(deleted.event, 'chat.deleted');
      assert.deepEqual(deleted.live, { gameId: game.id, messageId: first.id });
      assert.equal((await nextLive(playerStream)).event, 'chat.deleted');

      assert.equal((await req('DELETE', `/api/v1/games/${game.id}/participants/${waiting.id}`, host)).statusCode, 204);
      await say(game, host, 'Court 4 tonight');
      assert.equal((await nextLive(playerStream)).live.message!.body, 'Court 4 tonight');
      assert.equal((await req('PUT', `/api/v1/games/${game.id}/chat`, host, { closed: true })).statusCode, 200);
      const closed = await nextLive(playerStream);
      assert.equal(closed.event, 'chat.changed');
      assert.deepEqual(closed.live, { gameId: game.id });
      assert.deepEqual(await drainLive(stream), [], 'the removed player got neither the message nor the close');
    });

    it('a reconnect with Last-Event-ID resumes without a gap or a repeat', async () => {
      const { game, coHost, player } = await cast();
      const stream = await connect(player);
      await say(game, host, 'one');
      const seen = await nextLive(stream);
      assert.equal(seen.live.message!.body, 'one');
      stream.close();
      // Away: three messages and a deletion.
      await say(game, coHost, 'two');
      const three = await say(game, host, 'three');
      await say(game, coHost, 'four');
      assert.equal((await req('DELETE', `/api/v1/games/${game.id}/chat/messages/${three.id}`, host)).statusCode, 204);
      const resumed = await connect(player, seen.id);
      const events = await drainLive(resumed);
      assert.deepEqual(
        events.map((event) => event.live.message?.body ?? `${event.event}:${event.live.messageId === three.id}`),
        ['two', 'three', 'four', 'chat.deleted:true'],
      );
      assert.equal(new Set(events.map((event) => event.id)).size, 4);
    });

    it('the total unread counts others’ messages over the caller’s games, and reading one chat takes its part away', async () => {
      const a = await cast();
      const b = await createGame(t.app, host, gameBody(sport, clock.now(), 48 + 3 * ++slot, { slots: 4 }));
      assert.equal((await req('POST', `/api/v1/games/${b.id}/participants`, a.player)).statusCode, 201);
      const totals = async (who: TestUser) => {
        const response = await req('GET', '/api/v1/me/chat-unread', who);
        assert.equal(response.statusCode, 200, response.body);
        return response.json().data as { total: number; games: Array<{ gameId: string; unread: number }> };
      };
      const before = await totals(a.player);
      await say(a.game, host, 'in a');
      await say(a.game, a.coHost, 'in a again');
      await say(b, host, 'in b');
      await say(a.game, a.player, 'mine: never unread for me');
      const now = await totals(a.player);
      assert.equal(now.total, before.total + 3);
      assert.equal(now.games.find((game) => game.gameId === a.game.id)?.unread, 2);
      assert.equal(now.games.find((game) => game.gameId === b.id)?.unread, 1);
      assert.equal((await req('POST', `/api/v1/games/${a.game.id}/chat/read`, a.player)).statusCode, 204);
      const read = await totals(a.player);
      assert.equal(read.total, before.total + 1);
      assert.equal(
        read.games.find((game) => game.gameId === a.game.id),
        undefined,
      );
      assert.deepEqual(await totals(a.stranger), { total: 0, games: [] }, 'a stranger is in no chat');
    });

    // Last: it moves the clock by days.
    it('the cleanup job drops stream events after two days: an old resume point then replays nothing', async () => {
      const { game, player } = await cast();
      const stream = await connect(player);
      await say(game, host, 'before the cleanup');
      const seen = await nextLive(stream);
      stream.close();
      await say(game, host, 'kept a day');
      clock.advance(24 * 3600);
      player.auth = { authorization: `Bearer ${(await mintTokens(t.app, player.id)).accessToken}` };
      await runJob(t.app, 'cleanup');
      assert.deepEqual(
        (await drainLive(await connect(player, seen.id))).map((event) => event.live.message!.body),
        ['kept a day'],
        'a day later it is still there',
      );
      clock.advance(2 * 24 * 3600);
      player.auth = { authorization: `Bearer ${(await mintTokens(t.app, player.id)).accessToken}` };
      await runJob(t.app, 'cleanup');
      assert.deepEqual(await drainLive(await connect(player, seen.id)), [], 'three days later it is gone');
      const page = (await req('GET', `/api/v1/games/${game.id}/chat/messages`, player)).json().data.content as Array<{ body: string }>;
      assert.deepEqual(
        page.map((m) => m.body),
        ['kept a day', 'before the cleanup'],
        'the messages themselves stay (90 days)',
      );
    });
  });
}

describe('the chat live across two instances (postgres+redis)', { skip: !realBackend }, () => {
  const instances = twoInstances(realBackend);

  it('a message posted on one instance reaches a stream on the other, and a resume there has no gap', async () => {
    const [one, two] = instances.apps();
    const admin = await createUser(one, { admin: true });
    const sport = await createSport(one, admin, { name: 'Badminton' });
    const host = await onboardedUser(one, 'Host Tan');
    const player = await onboardedUser(one, 'Pat Ong');
    const game = await createGame(one, host, gameBody(sport, new Date(), 48, { slots: 4 }));
    assert.equal((await one.inject({ method: 'POST', url: `/api/v1/games/${game.id}/participants`, headers: player.auth })).statusCode, 201);
    const base = await listen(two);
    const stream = await openStream(`${base}${STREAM}`, player.auth);
    instances.open.push(stream);
    const post = async (body: string) => {
      const response = await one.inject({ method: 'POST', url: `/api/v1/games/${game.id}/chat/messages`, headers: host.auth, payload: { body } });
      assert.equal(response.statusCode, 201, response.body);
    };
    await post('from instance one');
    const first = await nextLive(stream);
    assert.equal(first.live.message!.body, 'from instance one');
    stream.close();
    await post('while away 1');
    await post('while away 2');
    const resumed = await openStream(`${base}${STREAM}`, { ...player.auth, 'last-event-id': first.id! });
    instances.open.push(resumed);
    assert.deepEqual(
      (await drainLive(resumed)).map((event) => event.live.message!.body),
      ['while away 1', 'while away 2'],
    );
  });
});
