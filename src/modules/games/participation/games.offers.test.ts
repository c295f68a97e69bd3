import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backends } from '../../../../test/helpers/backends.ts';
import { TestClock } from '../../../../test/helpers/clock.ts';
import { createGame, gameBody, type Game } from '../../../../test/helpers/games.ts';
import { assertProblem } from '../../../../test/helpers/problem.ts';
import { appSuite } from '../../../../test/helpers/suite.ts';
import { runJob } from '../../../../test/helpers/test-app.ts';
import { createUser, mintTokens, type TestUser } from '../../../../test/helpers/users.ts';

type OfferGame = Game & { waitlistMode: string; placesOnOffer: number };
interface Party {
  userId: string;
  status: 'ACTIVE' | 'WAITLISTED';
  guests: number;
  offerExpiresAt: string | null;
}

// The app's zone is Asia/Singapore (UTC+8, no daylight saving): quiet hours 22:00–08:00 there are 14:00–00:00 UTC.
for (const backend of backends) {
  describe(`games: waitlist offers (${backend.name})`, () => {
    const clock = new TestClock(new Date('2032-03-01T04:00:00Z'));
    let everyone: TestUser[] = [];

    const t = appSuite(backend, {
      env: { RATE_LIMIT_PUBLIC_ANON: '100000', RATE_LIMIT_PUBLIC_USER: '100000' },
      overrides: { clock },
      sport: 'Tennis',
      host: 'Host Offers',
    });

    /** Moves the clock; access tokens are checked against it, so everyone gets fresh ones. */
    const setClock = async (iso: string) => {
      clock.set(new Date(iso));
      for (const who of [t.host, ...everyone]) who.auth = { authorization: `Bearer ${(await mintTokens(t.app, who.id)).accessToken}` };
    };
    const players = async (count: number) => {
      const made = await Promise.all(Array.from({ length: count }, () => createUser(t.app)));
      everyone = [...everyone, ...made];
      return made;
    };
    const post = (who: TestUser, url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: who.auth, ...(payload ? { payload } : {}) });
    const join = async (who: TestUser, id: string, payload?: object) => {
      const response = await post(who, `/api/v1/games/${id}/participants`, payload);
      assert.equal(response.statusCode, 201, response.body);
      return response.json().data as Party;
    };
    const leave = async (who: TestUser, id: string) => {
      const response = await t.app.inject({ method: 'DELETE', url: `/api/v1/games/${id}/participants/me`, headers: who.auth });
      assert.equal(response.statusCode, 204, response.body);
    };
    const accept = (who: TestUser, id: string) => post(who, `/api/v1/games/${id}/waitlist-offer/accept`);
    const decline = (who: TestUser, id: string) => post(who, `/api/v1/games/${id}/waitlist-offer/decline`);
    const game = async (id: string) => (await t.app.inject({ url: `/api/v1/games/${id}`, headers: t.host.auth })).json().data as OfferGame;
    const partyOf = async (id: string, who: TestUser) =>
      ((await t.app.inject({ url: `/api/v1/games/${id}/participants`, headers: t.host.auth })).json().data as Party[]).find((p) => p.userId === who.id);
    const told = async (who: TestUser, gameId: string, type: string) => {
      const list = (await t.app.inject({ url: '/api/v1/notifications?size=100', headers: who.auth })).json().data.content as Array<{
        type: string;
        resourceId: string;
      }>;
      return list.filter((n) => n.type === type && n.resourceId === gameId).length;
    };
    const expire = () => runJob(t.app, 'waitlist-offers');
    const offering = (startTime: string, overrides: Record<string, unknown> = {}) => {
      const start = new Date(startTime);
      return createGame(
        t.app,
        t.host,
        gameBody(t.sport, clock.now(), 0, {
          waitlistMode: 'OFFER',
          slots: 1,
          startTime: start.toISOString(),
          endTime: new Date(start.getTime() + 3_600_000).toISOString(),
          ...overrides,
        }),
      ) as Promise<OfferGame>;
    };

    /** An offering game of one place starting at `startTime`: a, b and c joined in turn, then a left, so b holds the offer. */
    const offeredToB = async (startTime: string) => {
      const created = await offering(startTime);
      const [a, b, c] = (await players(3)) as [TestUser, TestUser, TestUser];
      for (const who of [a, b, c]) await join(who, created.id);
      await leave(a, created.id);
      return { created, b, c };
    };

    it('a freed place is offered to the next party that fits, held from newcomers, and taken on accept', async () => {
      await setClock('2032-03-01T04:00:00Z'); // 12:00 in the app's zone, days before the game
      const created = await offering('2032-03-05T04:00:00Z', { slots: 2, maxGuestsPerPlayer: 1 });
      assert.equal(created.waitlistMode, 'OFFER');
      const [a, b, c, d, e] = await players(5);
      await join(a!, created.id);
      await join(b!, created.id);
      assert.equal((await join(c!, created.id, { guests: 1 })).status, 'WAITLISTED');
      assert.equal((await join(d!, created.id)).status, 'WAITLISTED');
      await leave(b!, created.id);
      assert.equal((await partyOf(created.id, c!))?.offerExpiresAt, null, 'a party of two does not fit one place');
      assert.equal((await partyOf(created.id, d!))?.offerExpiresAt, '2032-03-01T06:00:00.000Z', 'two hours to claim it');
      assert.equal(await told(d!, created.id, 'WAITLIST_OFFERED'), 1);
      let now = await game(created.id);
      assert.deepEqual([now.playersJoined, now.placesOnOffer, now.waitlisted], [1, 1, 3]);
      assert.equal((await join(e!, created.id)).status, 'WAITLISTED', 'the offered place is held');
      assertProblem(await accept(e!, created.id), 404, 'offer_not_found');
      assertProblem(
        await t.app.inject({ method: 'PUT', url: `/api/v1/games/${created.id}/participants/me/guests`, headers: d!.auth, payload: { guests: 1 } }),
        409,
        'offer_pending',
      );
      const accepted = await accept(d!, created.id);
      assert.equal(accepted.statusCode, 200, accepted.body);
      assert.deepEqual([accepted.json().data.status, accepted.json().data.offerExpiresAt], ['ACTIVE', null]);
      now = await game(created.id);
      assert.deepEqual([now.playersJoined, now.placesOnOffer, now.waitlisted], [2, 0, 3]);
      assertProblem(await accept(d!, created.id), 404, 'offer_not_found');
      // One notification per player (their acts within NOTIFICATION_COALESCE_MINUTES update it): b's
      // leave replaced b's join, d's accepted offer d's waitlist join.
      assert.equal(await told(t.host, created.id, 'PLAYER_JOINED'), 4, 'a, c, d (accepted) and e');
      assert.equal(await told(t.host, created.id, 'PLAYER_LEFT'), 1, 'b');
    });

    it('an offer not taken in time is refused, expired exactly once by the job, and the place offered to the next', async () => {
      await setClock('2032-03-02T02:00:00Z'); // 10:00 in the app's zone
      const { created, b, c } = await offeredToB('2032-03-06T04:00:00Z');
      assert.equal((await partyOf(created.id, b))?.offerExpiresAt, '2032-03-02T04:00:00.000Z');
      assert.equal(await expire(), 0, 'nothing has run out yet');
      await setClock('2032-03-02T04:00:00Z');
      assertProblem(await accept(b, created.id), 409, 'offer_expired');
      assert.equal(await expire(), 1);
      assert.equal(await expire(), 0, 'once only');
      assert.equal(await partyOf(created.id, b), undefined, 'the party left the waitlist');
      assert.equal(await told(b, created.id, 'WAITLIST_OFFER_EXPIRED'), 1);
      assert.equal((await partyOf(created.id, c))?.offerExpiresAt, '2032-03-02T06:00:00.000Z');
      const now = await game(created.id);
      assert.deepEqual([now.playersJoined, now.placesOnOffer, now.waitlisted], [0, 1, 1]);
    });

    it('declining passes the place on at once; the decliner leaves the waitlist', async () => {
      await setClock('2032-03-03T02:00:00Z');
      const { created, b, c } = await offeredToB('2032-03-07T04:00:00Z');
      assertProblem(await decline(c, created.id), 404, 'offer_not_found');
      const declined = await decline(b, created.id);
      assert.equal(declined.statusCode, 204, declined.body);
      assert.equal(await partyOf(created.id, b), undefined);
      assert.ok((await partyOf(created.id, c))?.offerExpiresAt);
      assert.equal(await told(c, created.id, 'WAITLIST_OFFERED'), 1);
    });

    it('the claim window: 30 minutes in the last 24 hours, stopped in quiet hours, never past the start', async () => {
      await setClock('2032-03-04T13:30:00Z'); // 21:30 in the app's zone, days ahead: 30 min tonight, 90 from 08:00
      const far = await offering('2032-03-08T04:00:00Z');
      const [a, b] = await players(2);
      await join(a!, far.id);
      await join(b!, far.id);
      await leave(a!, far.id);
      assert.equal((await partyOf(far.id, b!))?.offerExpiresAt, '2032-03-05T01:30:00.000Z');

      await setClock('2032-03-05T15:00:00Z'); // 23:00 in the app's zone; the game starts at 08:15
      const soon = await offering('2032-03-06T00:15:00Z', { slots: 2 });
      const [c, d, e] = await players(3);
      await join(c!, soon.id);
      await join(d!, soon.id);
      await join(e!, soon.id);
      // Leaving is free of the window for a waiting player only; the organiser removes an active one.
      const removed = await t.app.inject({ method: 'DELETE', url: `/api/v1/games/${soon.id}/participants/${c!.id}`, headers: t.host.auth });
      assert.equal(removed.statusCode, 204, removed.body);
      assert.equal((await partyOf(soon.id, e!))?.offerExpiresAt, '2032-03-06T00:15:00.000Z', 'quiet until 08:00, then cut at the start');

      await setClock('2032-03-06T01:00:00Z');
      const last = await offering('2032-03-06T10:00:00Z', { slots: 1 }); // 09:00 now, the game at 18:00: within 24 h
      const [f, g] = await players(2);
      await join(f!, last.id);
      await join(g!, last.id);
      const out = await t.app.inject({ method: 'DELETE', url: `/api/v1/games/${last.id}/participants/${f!.id}`, headers: t.host.auth });
      assert.equal(out.statusCode, 204, out.body);
      assert.equal((await partyOf(last.id, g!))?.offerExpiresAt, '2032-03-06T01:30:00.000Z');
    });

    it('switching the game back to AUTO turns running offers into places', async () => {
      await setClock('2032-03-07T02:00:00Z');
      const created = await offering('2032-03-12T04:00:00Z', { slots: 1 });
      const [a, b] = await players(2);
      await join(a!, created.id);
      await join(b!, created.id);
      await leave(a!, created.id);
      assert.ok((await partyOf(created.id, b!))?.offerExpiresAt);
      const edited = await t.app.inject({ method: 'PUT', url: `/api/v1/games/${created.id}`, headers: t.host.auth, payload: { waitlistMode: 'AUTO' } });
      assert.equal(edited.statusCode, 200, edited.body);
      assert.deepEqual([edited.json().data.playersJoined, edited.json().data.placesOnOffer, edited.json().data.waitlisted], [1, 0, 0]);
      assert.equal((await partyOf(created.id, b!))?.status, 'ACTIVE');
      assert.equal(await told(b!, created.id, 'WAITLIST_PROMOTED'), 1);
    });
  });
}
