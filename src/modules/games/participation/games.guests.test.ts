import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { backends } from '../../../../test/helpers/backends.ts';
import { TestClock } from '../../../../test/helpers/clock.ts';
import { createGame, createSport, gameBody, onboardedUser, type Game, type Sport } from '../../../../test/helpers/games.ts';
import { assertProblem } from '../../../../test/helpers/problem.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { createUser, type TestUser } from '../../../../test/helpers/users.ts';

type PartyGame = Game & { maxGuestsPerPlayer: number; waitlistMode: string; placesOnOffer: number };
interface Party {
  userId: string;
  status: 'ACTIVE' | 'WAITLISTED';
  guests: number;
  guestNames: string[];
  offerExpiresAt: string | null;
}

for (const backend of backends) {
  describe(`games: guests (+1) and whole parties (${backend.name})`, () => {
    let t: TestApp;
    const clock = new TestClock(new Date('2032-03-01T04:00:00Z'));
    let sport: Sport;
    let host: TestUser;

    before(async () => {
      t = await buildTestApp(backend, { RATE_LIMIT_PUBLIC_ANON: '100000', RATE_LIMIT_PUBLIC_USER: '100000' }, { clock });
      sport = await createSport(t.app, await createUser(t.app, { admin: true }), { name: 'Pickleball' });
      host = await onboardedUser(t.app, 'Host Guests');
    });
    after(() => t.close());

    const join = (who: TestUser, id: string, payload?: object) =>
      t.app.inject({ method: 'POST', url: `/api/v1/games/${id}/participants`, headers: who.auth, ...(payload ? { payload } : {}) });
    const guests = (who: TestUser, id: string, payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/v1/games/${id}/participants/me/guests`, headers: who.auth, payload });
    const leave = (who: TestUser, id: string) => t.app.inject({ method: 'DELETE', url: `/api/v1/games/${id}/participants/me`, headers: who.auth });
    const game = async (id: string) => (await t.app.inject({ url: `/api/v1/games/${id}`, headers: host.auth })).json().data as PartyGame;
    const parties = async (id: string) => (await t.app.inject({ url: `/api/v1/games/${id}/participants`, headers: host.auth })).json().data as Party[];
    const partyOf = async (id: string, who: TestUser) => (await parties(id)).find((p) => p.userId === who.id);
    const joined = async (who: TestUser, id: string, payload?: object) => {
      const response = await join(who, id, payload);
      assert.equal(response.statusCode, 201, response.body);
      return response.json().data as Party;
    };
    const promotedTold = async (who: TestUser, gameId: string) => {
      const list = (await t.app.inject({ url: '/api/v1/notifications?size=100', headers: who.auth })).json().data.content as Array<{
        type: string;
        resourceId: string;
      }>;
      return list.filter((n) => n.type === 'WAITLIST_PROMOTED' && n.resourceId === gameId).length;
    };
    let hostedSoFar = 0;
    /** One host: each game three hours after the last, so none overlaps. */
    const hosted = (overrides: Record<string, unknown>, startsInHours = 72 + 3 * hostedSoFar++) =>
      createGame(t.app, host, gameBody(sport, clock.now(), startsInHours, overrides)) as Promise<PartyGame>;

    it('by default a game takes no guests and hands places out at once; a join without a body is a player alone', async () => {
      const created = await hosted({});
      assert.equal(created.maxGuestsPerPlayer, 0);
      assert.equal(created.waitlistMode, 'AUTO');
      assert.equal(created.placesOnOffer, 0);
      const player = await createUser(t.app);
      const refused = await join(player, created.id, { guests: 1 });
      assertProblem(refused, 400, 'validation_failed');
      assert.equal((await game(created.id)).playersJoined, 0, 'a refused join changes nothing');
      const alone = await joined(player, created.id);
      assert.deepEqual([alone.status, alone.guests, alone.guestNames, alone.offerExpiresAt], ['ACTIVE', 0, [], null]);
      assertProblem(await join(await createUser(t.app), created.id, { guests: 4 }), 400, 'validation_failed');
      assertProblem(await join(await createUser(t.app), created.id, { guests: 1, guestNames: ['A', 'B'] }), 400, 'validation_failed');
    });

    it('each guest takes a place: counters, details, listings, the participants list and the share page count them', async () => {
      const created = await hosted({ slots: 6, maxGuestsPerPlayer: 2, title: 'Guests welcome' });
      const player = await createUser(t.app);
      const party = await joined(player, created.id, { guests: 2, guestNames: ['  Ana ', 'Ben'] });
      assert.deepEqual([party.status, party.guests, party.guestNames], ['ACTIVE', 2, ['Ana', 'Ben']]);
      assert.equal((await game(created.id)).playersJoined, 3);
      const listed = (await t.app.inject({ url: '/api/v1/games?size=100' })).json().data.content as PartyGame[];
      assert.equal(listed.find((g) => g.id === created.id)?.playersJoined, 3);
      assert.equal((await partyOf(created.id, player))?.guests, 2);
      const page = await t.app.inject({ url: `/games/${created.shareLink!.code}` });
      assert.match(page.body, /3 of 6 joined/);
    });

    it('a party that does not fit waits whole (or is refused with ifFull REFUSE); a single player behind it takes the place that is free', async () => {
      const created = await hosted({ slots: 4, maxGuestsPerPlayer: 3 });
      const [a, b, c] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
      await joined(a, created.id, { guests: 2 });
      const refused = await join(b, created.id, { guests: 2, ifFull: 'REFUSE' });
      assertProblem(refused, 409, 'party_does_not_fit');
      assert.match(refused.json().detail as string, /Only 1 place/);
      assert.equal((await game(created.id)).waitlisted, 0, 'refused: nothing changed');
      const waiting = await joined(b, created.id, { guests: 2, ifFull: 'WAITLIST' });
      assert.equal(waiting.status, 'WAITLISTED');
      assert.equal((await joined(c, created.id)).status, 'ACTIVE', 'the free place is not kept for a party it cannot hold');
      const now = await game(created.id);
      assert.deepEqual([now.playersJoined, now.waitlisted], [4, 3]);
      assertProblem(await join(await createUser(t.app), created.id, { ifFull: 'REFUSE' }), 409, 'party_does_not_fit');
    });

    it('the waitlist promotes a party only when all of it fits, skipping to the next smaller party in join order', async () => {
      const created = await hosted({ slots: 4, maxGuestsPerPlayer: 3 });
      const [a, b, c, d, e] = [await createUser(t.app), await createUser(t.app), await createUser(t.app), await createUser(t.app), await createUser(t.app)];
      await joined(a, created.id, { guests: 1 });
      await joined(b, created.id);
      await joined(d, created.id);
      assert.equal((await joined(c, created.id, { guests: 2 })).status, 'WAITLISTED');
      assert.equal((await joined(e, created.id)).status, 'WAITLISTED');
      assert.equal((await leave(b, created.id)).statusCode, 204);
      assert.equal((await partyOf(created.id, c))?.status, 'WAITLISTED', 'three do not fit one place');
      assert.equal((await partyOf(created.id, e))?.status, 'ACTIVE', 'the single player behind them does');
      assert.equal(await promotedTold(e, created.id), 1);
      assert.equal((await leave(a, created.id)).statusCode, 204);
      assert.equal((await partyOf(created.id, c))?.status, 'WAITLISTED', 'still only two places');
      assert.equal((await leave(d, created.id)).statusCode, 204);
      assert.equal((await partyOf(created.id, c))?.status, 'ACTIVE', 'now all three fit');
      assert.equal(await promotedTold(c, created.id), 1);
      const now = await game(created.id);
      assert.deepEqual([now.playersJoined, now.waitlisted], [4, 0]);
    });

    it('a player changes their guests: more only when they all fit, fewer frees places for the waitlist, a waiting party keeps its turn', async () => {
      const created = await hosted({ slots: 4, maxGuestsPerPlayer: 3 });
      const [a, b, c] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
      await joined(a, created.id, { guests: 1 });
      await joined(b, created.id);
      const grown = await guests(a, created.id, { guests: 2, guestNames: ['Cy'] });
      assert.equal(grown.statusCode, 200, grown.body);
      assert.deepEqual([grown.json().data.guests, grown.json().data.guestNames], [2, ['Cy']]);
      assertProblem(await guests(a, created.id, { guests: 3 }), 409, 'party_does_not_fit');
      assertProblem(await guests(a, created.id, { guests: 5 }), 400, 'validation_failed');
      assert.equal((await game(created.id)).playersJoined, 4);
      assert.equal((await joined(c, created.id, { guests: 1 })).status, 'WAITLISTED');
      assert.equal((await guests(a, created.id, { guests: 1 })).statusCode, 200);
      assert.equal((await partyOf(created.id, c))?.status, 'WAITLISTED', 'one place frees, a party of two waits');
      assert.equal((await guests(c, created.id, { guests: 0 })).statusCode, 200);
      assert.equal((await partyOf(created.id, c))?.status, 'ACTIVE', 'alone, the waiting player fits');
      const now = await game(created.id);
      assert.deepEqual([now.playersJoined, now.waitlisted], [4, 0]);
      assertProblem(await guests(await createUser(t.app), created.id, { guests: 0 }), 404, 'not_participant');
    });

    it('guests may not drop out within 24 hours of the start (a waiting party may); more slots promote whole parties; slots stay above places taken', async () => {
      const created = await hosted({ slots: 3, maxGuestsPerPlayer: 2 }, 12);
      const [a, b, c] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
      await joined(a, created.id, { guests: 2 });
      await joined(b, created.id, { guests: 2 });
      await joined(c, created.id);
      assertProblem(await guests(a, created.id, { guests: 1 }), 409, 'leave_window_closed');
      assert.equal((await guests(b, created.id, { guests: 1 })).statusCode, 200, 'a waiting party may shrink');
      const edit = (slots: number) => t.app.inject({ method: 'PUT', url: `/api/v1/games/${created.id}`, headers: host.auth, payload: { slots } });
      assertProblem(await edit(2), 409, 'slots_below_participants');
      assert.equal((await edit(4)).statusCode, 200);
      assert.equal((await partyOf(created.id, b))?.status, 'WAITLISTED', 'b and a guest do not fit one more place');
      assert.equal((await partyOf(created.id, c))?.status, 'ACTIVE', 'c does');
      assert.equal((await edit(6)).statusCode, 200);
      assert.equal((await partyOf(created.id, b))?.status, 'ACTIVE');
      const now = await game(created.id);
      assert.deepEqual([now.playersJoined, now.waitlisted], [6, 0]);
    });

    it('50 concurrent joins with guests never exceed the slots, and no party is split or left waiting where it would fit', async () => {
      const created = await hosted({ slots: 20, maxGuestsPerPlayer: 3 });
      const players = await Promise.all(Array.from({ length: 50 }, () => createUser(t.app)));
      const sizes = players.map((_, i) => (i * 7) % 4);
      // On a loaded machine a join may wait longer than the pool's 3 s for a connection: that is a 503
      // that changed nothing, and the client sends it again, as clients do.
      const joinPersistently = async (who: TestUser, payload: object) => {
        for (let attempt = 0; ; attempt++) {
          const answer = await join(who, created.id, payload);
          if (answer.statusCode !== 503 || attempt === 10) return answer;
        }
      };
      const answers = await Promise.all(players.map((p, i) => joinPersistently(p, { guests: sizes[i] })));
      for (const answer of answers) assert.equal(answer.statusCode, 201, answer.body);
      const list = await parties(created.id);
      assert.equal(list.length, 50);
      for (const [i, p] of players.entries()) assert.equal(list.find((row) => row.userId === p.id)?.guests, sizes[i], 'each party whole, as asked');
      const placesOf = (status: string) => list.filter((p) => p.status === status).reduce((sum, p) => sum + 1 + p.guests, 0);
      const now = await game(created.id);
      assert.ok(placesOf('ACTIVE') <= 20);
      assert.equal(now.playersJoined, placesOf('ACTIVE'));
      assert.equal(now.waitlisted, placesOf('WAITLISTED'));
      const free = 20 - now.playersJoined;
      const smallestWaiting = Math.min(...list.filter((p) => p.status === 'WAITLISTED').map((p) => 1 + p.guests));
      assert.ok(smallestWaiting > free, `no waiting party fits the ${free} free place(s)`);
    });
  });
}
