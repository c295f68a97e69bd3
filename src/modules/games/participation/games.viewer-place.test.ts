import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backends } from '../../../../test/helpers/backends.ts';
import { TestClock } from '../../../../test/helpers/clock.ts';
import { createGame, gameBody, onboardedUser } from '../../../../test/helpers/games.ts';
import { appSuite } from '../../../../test/helpers/suite.ts';
import { mintTokens, type TestUser } from '../../../../test/helpers/users.ts';

interface Place {
  entry: string;
  recentNoShows: number | null;
  request: { message: string | null; requestedAt: string } | null;
  guests: number;
  guestNames: string[];
  waitlistPosition: number | null;
  offerExpiresAt: string | null;
  leave: { allowed: boolean; reason: string; closesAt: string | null } | null;
  checkIn: { opensAt: string; closesAt: string } | null;
  attendance: string | null;
  rateFrom: string | null;
  rating: { score: number; note: string | null } | null;
  organizerContact: Array<{ name: string; value: string }> | null;
}

const HOUR = 3_600_000;
const at = (iso: string, ms: number) => new Date(new Date(iso).getTime() + ms).toISOString();

/** A game's own page tells a signed-in viewer where they stand, so the app never works it out. */
for (const backend of backends) {
  describe(`games: the viewer's place on a game's page (${backend.name})`, () => {
    const clock = new TestClock(new Date('2034-05-01T04:00:00Z'));
    const people: TestUser[] = [];

    const t = appSuite(backend, { overrides: { clock }, sport: 'Badminton', host: 'Host Place' });

    const person = async (name: string) => {
      const made = await onboardedUser(t.app, name);
      people.push(made);
      return made;
    };
    /** Access tokens are checked against the clock: everyone gets fresh ones. */
    const setClock = async (iso: string) => {
      clock.set(new Date(iso));
      for (const who of [t.host, ...people]) who.auth = { authorization: `Bearer ${(await mintTokens(t.app, who.id)).accessToken}` };
    };
    const send = async (who: TestUser, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
      const response = await t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
      assert.ok(response.statusCode < 300, response.body);
      return response;
    };
    const placeOf = async (id: string, who: TestUser) => {
      const response = await t.app.inject({ url: `/api/v1/games/${id}`, headers: who.auth });
      assert.equal(response.statusCode, 200, response.body);
      return response.json().data.viewerPlace as Place;
    };

    it('shows a player their party, leave window and the organiser contact; a stranger and a signed-out visitor neither', async () => {
      const game = await createGame(t.app, t.host, gameBody(t.sport, clock.now(), 72, { maxGuestsPerPlayer: 2 }));
      const player = await person('Pat');
      const stranger = await person('Stan');
      await send(player, 'POST', `/api/v1/games/${game.id}/participants`, { guests: 1, guestNames: ['Kim'] });

      const mine = await placeOf(game.id, player);
      assert.equal(mine.guests, 1);
      assert.deepEqual(mine.guestNames, ['Kim']);
      assert.deepEqual(mine.organizerContact, [{ name: 'WHATSAPP', value: '+65 9123 4567' }]);
      assert.deepEqual(mine.leave, { allowed: true, reason: 'OPEN', closesAt: at(game.startTime, -24 * HOUR) });
      assert.equal(mine.checkIn, null, 'the game has no self check-in');
      assert.equal(mine.rateFrom, game.endTime);

      const theirs = await placeOf(game.id, stranger);
      assert.equal(theirs.entry, 'JOIN');
      assert.equal(theirs.organizerContact, null);
      assert.deepEqual(theirs.leave, mine.leave, 'a visitor learns what a place taken now commits them to');
      assert.equal(theirs.guests, 0);
      const anonymous = (await t.app.inject({ url: `/api/v1/games/${game.id}` })).json().data;
      assert.equal(anonymous.viewerPlace, undefined);
      assert.ok(!JSON.stringify(anonymous).includes('+65 9123 4567'), 'no contact for a signed-out visitor');

      await setClock(at(game.startTime, -23 * HOUR));
      assert.deepEqual((await placeOf(game.id, player)).leave, { allowed: false, reason: 'CLOSED', closesAt: at(game.startTime, -24 * HOUR) });
      assert.equal((await placeOf(game.id, t.host)).leave, null, 'the organiser does not leave their own game');
    });

    it('shows an approval game as a request, then the request with its message', async () => {
      const game = await createGame(t.app, t.host, gameBody(t.sport, clock.now(), 72, { joinPolicy: 'APPROVAL' }));
      const asker = await person('Ash');
      assert.equal((await placeOf(game.id, asker)).entry, 'REQUEST');
      await send(asker, 'POST', `/api/v1/games/${game.id}/join-requests`, { message: 'I play on Tuesdays' });
      assert.equal((await placeOf(game.id, asker)).request?.message, 'I play on Tuesdays');
      await send(asker, 'DELETE', `/api/v1/games/${game.id}/join-requests/me`);
      assert.equal((await placeOf(game.id, asker)).request, null);
    });

    it("gives each waiting party its position, and a party offered a place the offer's end; a waiting player no contact", async () => {
      const game = await createGame(t.app, t.host, gameBody(t.sport, clock.now(), 78, { slots: 1, waitlistMode: 'OFFER' }));
      const [first, second, third] = [await person('One'), await person('Two'), await person('Three')];
      for (const who of [first, second, third]) await send(who, 'POST', `/api/v1/games/${game.id}/participants`);
      assert.equal((await placeOf(game.id, second)).waitlistPosition, 1);
      assert.equal((await placeOf(game.id, third)).waitlistPosition, 2);
      assert.equal((await placeOf(game.id, second)).organizerContact, null);
      assert.equal((await placeOf(game.id, first)).waitlistPosition, null);

      await send(first, 'DELETE', `/api/v1/games/${game.id}/participants/me`);
      const offered = await placeOf(game.id, second);
      assert.ok(offered.offerExpiresAt && new Date(offered.offerExpiresAt) > clock.now(), JSON.stringify(offered));
      assert.equal((await placeOf(game.id, third)).offerExpiresAt, null);
    });

    it('shows the check-in window, then the check-in, then the rating once the game has ended', async () => {
      const game = await createGame(t.app, t.host, gameBody(t.sport, clock.now(), 48, { selfCheckIn: true }));
      const player = await person('Cleo');
      await send(player, 'POST', `/api/v1/games/${game.id}/participants`);
      assert.deepEqual((await placeOf(game.id, player)).checkIn, { opensAt: at(game.startTime, -HOUR / 2), closesAt: at(game.startTime, HOUR / 2) });
      assert.equal((await placeOf(game.id, player)).attendance, null);

      await setClock(at(game.startTime, -10 * 60_000));
      await send(player, 'POST', `/api/v1/games/${game.id}/check-in`);
      assert.equal((await placeOf(game.id, player)).attendance, 'ATTENDED');

      await setClock(at(game.endTime, 60_000));
      await send(player, 'PUT', `/api/v1/games/${game.id}/rating`, { score: 4, note: 'Good rallies' });
      assert.deepEqual((await placeOf(game.id, player)).rating, { score: 4, note: 'Good rallies' });
    });
  });
}
