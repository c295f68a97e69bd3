import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { backends } from '../../../test/helpers/backends.ts';
import { TestClock } from '../../../test/helpers/clock.ts';
import { createVenue, gameBody, onboardedUser, type Game } from '../../../test/helpers/games.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { appSuite } from '../../../test/helpers/suite.ts';
import { freshRequestsAs } from '../../../test/helpers/requests.ts';
import type { TestUser } from '../../../test/helpers/users.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Issue #31 item 2: a change of time, venue or price the players did not agree to frees them from the leave window for 24 hours.
for (const backend of backends) {
  describe(`games: a material change frees the players (${backend.name})`, () => {
    const origin = new Date('2034-05-01T08:00:00Z');
    const clock = new TestClock(origin);
    let otherVenueId: string;
    const req = freshRequestsAs(() => t.app);
    const leave = (game: Game, who: TestUser) => req('DELETE', `/api/v1/games/${game.id}/participants/me`, who);
    const edit = async (game: Game, patch: object) => {
      const response = await req('PUT', `/api/v1/games/${game.id}`, t.host, patch);
      assert.equal(response.statusCode, 200, response.body);
      return response.json().data as Game & { leaveFreeUntil: string | null };
    };
    // Each game on its own days (the organiser never overlaps); it starts `startsIn` hours after the clock.
    let days = 0;
    const newGame = async (startsInHours: number, players: TestUser[]) => {
      days += 10;
      clock.set(new Date(origin.getTime() + days * DAY));
      const response = await req('POST', '/api/v1/games', t.host, gameBody(t.sport, clock.now(), startsInHours));
      assert.equal(response.statusCode, 201, response.body);
      const game = response.json().data as Game;
      for (const player of players) assert.equal((await req('POST', `/api/v1/games/${game.id}/participants`, player)).statusCode, 201);
      return game;
    };
    const shifted = (game: Game, byMs: number) => ({
      startTime: new Date(new Date(game.startTime).getTime() + byMs).toISOString(),
      endTime: new Date(new Date(game.endTime).getTime() + byMs).toISOString(),
    });

    const t = appSuite(backend, { overrides: { clock }, host: 'Host Hana', sport: 'Padel' });
    before(async () => {
      otherVenueId = await createVenue(t.app, t.admin, { name: 'Padel Annex', activityIds: [t.sport.activityId] });
    });

    it('the forced scenario: the start moved to 25 minutes from now, the player can leave, and is told so', async () => {
      const [pat, quin] = [await onboardedUser(t.app, 'Pat'), await onboardedUser(t.app, 'Quin')];
      const game = await newGame(72, [pat, quin]);
      const now = clock.now().getTime();
      const moved = await edit(game, { startTime: new Date(now + 25 * MINUTE).toISOString(), endTime: new Date(now + 2 * HOUR).toISOString() });
      assert.equal(moved.leaveFreeUntil, new Date(now + DAY).toISOString());
      const told = (await req('GET', '/api/v1/notifications', pat)).json().data.content as Array<{ type: string; message: string }>;
      const update = told.find((n) => n.type === 'GAME_UPDATED');
      assert.match(update!.message, /you may leave it even within 24 hours of the start/);
      clock.set(new Date(now + 10 * MINUTE));
      assert.equal((await leave(game, pat)).statusCode, 204);
      const page = (await req('GET', `/api/v1/games/${game.id}`, quin)).json().data as { leaveFreeUntil: string | null; playersJoined: number };
      assert.equal(page.playersJoined, 1);
      assert.equal(page.leaveFreeUntil, moved.leaveFreeUntil);
    });

    it('the freedom lasts 24 hours after the change; then the leave window applies again', async () => {
      const [pat, quin] = [await onboardedUser(t.app, 'Pat'), await onboardedUser(t.app, 'Quin')];
      const game = await newGame(5 * 24, [pat, quin]);
      const changedAt = clock.now().getTime();
      // Moved to 40 hours from now: after 24 hours of the clock the start is 16 hours away, inside the window.
      await edit(game, { startTime: new Date(changedAt + 40 * HOUR).toISOString(), endTime: new Date(changedAt + 42 * HOUR).toISOString() });
      clock.set(new Date(changedAt + 23 * HOUR));
      assert.equal((await leave(game, pat)).statusCode, 204);
      clock.set(new Date(changedAt + DAY + 1));
      assertProblem(await leave(game, quin), 409, 'leave_window_closed');
    });

    it('another venue and a higher price free the players too', async () => {
      const [pat, quin] = [await onboardedUser(t.app, 'Pat'), await onboardedUser(t.app, 'Quin')];
      const venueGame = await newGame(12, [pat]);
      assertProblem(await leave(venueGame, pat), 409, 'leave_window_closed');
      await edit(venueGame, { venueId: otherVenueId });
      assert.equal((await leave(venueGame, pat)).statusCode, 204);

      const priceGame = await newGame(12, [quin]);
      await edit(priceGame, { price: '9.00' });
      assert.equal((await leave(priceGame, quin)).statusCode, 204);
    });

    it('a small time nudge, a lower price or a new title does not', async () => {
      const [pat] = [await onboardedUser(t.app, 'Pat')];
      const game = await newGame(12, [pat]);
      const nudged = await edit(game, shifted(game, 15 * MINUTE));
      await edit(game, { price: '5.00', title: 'Renamed' });
      assert.equal(nudged.leaveFreeUntil, null);
      assertProblem(await leave(game, pat), 409, 'leave_window_closed');
      const told = (await req('GET', '/api/v1/notifications', pat)).json().data.content as Array<{ type: string; message: string }>;
      assert.ok(told.filter((n) => n.type === 'GAME_UPDATED').every((n) => !n.message.includes('you may leave')));
    });
  });
}
