import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backends } from '../../../test/helpers/backends.ts';
import { acceptInvitation } from '../../../test/helpers/invitations.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { seriesWorld } from '../../../test/helpers/series.ts';
import { INTERNAL_SECRET } from '../../../test/helpers/test-app.ts';
import type { TestUser } from '../../../test/helpers/users.ts';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const AFTER_OFF = { payBy: 'AFTER', releaseUnpaidHoursBefore: null };
const BEFORE_24 = { payBy: 'BEFORE', releaseUnpaidHoursBefore: 24 };

for (const backend of backends) {
  describe(`payments: a series' money rules (${backend.name})`, () => {
    // A Monday; the series live in Europe/Berlin (CET, UTC+1, until 27 March).
    const world = seriesWorld(backend, '2033-03-14T08:00:00Z');

    const seriesRules = (id: string, who: TestUser, body?: object) => world.req(body ? 'PUT' : 'GET', `/api/v1/series/${id}/payment-rules`, who, body);
    const gameRules = async (gameId: string, who = world.host) => {
      const response = await world.req('GET', `/api/v1/games/${gameId}/payment-rules`, who);
      assert.equal(response.statusCode, 200, response.body);
      return response.json().data as { payBy: string; releaseUnpaidHoursBefore: number | null; source: string };
    };
    const gamesOf = async (id: string) => (await world.occurrences(id)).filter((date) => date.gameId).map((date) => date.gameId!);
    const releases = async () => {
      const response = await world.t.app.inject({
        method: 'POST',
        url: '/api/v1/internal/jobs/payment-releases/run',
        headers: { 'x-internal-secret': INTERNAL_SECRET },
      });
      assert.equal(response.statusCode, 200, response.body);
      return response.json().data.processed as number;
    };

    it("reach the series' games still to come and each game it opens later; a game's own rules win; a started game keeps its own", async () => {
      const series = await world.create({ weekdays: [1, 2, 3, 4, 5, 6, 7], startsOn: '2033-03-14', occurrenceCount: 6, openDaysAhead: 2 });
      const helper = await world.user('Co-host Lim');
      assert.equal((await world.req('POST', `/api/v1/series/${series.id}/co-hosts`, world.host, { userId: helper.id })).statusCode, 201);
      await acceptInvitation(world.t.app, helper, series.id);
      const [today, tomorrow, third] = await gamesOf(series.id);
      assert.ok(today && tomorrow && third, 'three dates within two days opened with the series');
      assert.deepEqual((await seriesRules(series.id, world.host)).json().data, AFTER_OFF, 'none set: pay after, release off');

      const own = await world.req('PUT', `/api/v1/games/${third}/payment-rules`, world.host, { payBy: 'AFTER', releaseUnpaidHoursBefore: 2 });
      assert.equal(own.statusCode, 200, own.body);
      assert.equal((await gameRules(third)).source, 'GAME');

      await world.setClock(new Date('2033-03-14T18:30:00Z')); // today's game (19:00 local) has started
      const saved = await seriesRules(series.id, helper, BEFORE_24);
      assert.equal(saved.statusCode, 200, saved.body);
      assert.deepEqual(saved.json().data, BEFORE_24);
      assert.deepEqual((await seriesRules(series.id, world.host)).json().data, BEFORE_24);
      assert.deepEqual(await gameRules(today), { ...AFTER_OFF, source: 'DEFAULT' }, 'a game already started is left alone');
      assert.deepEqual(await gameRules(tomorrow, helper), { ...BEFORE_24, source: 'SERIES' });
      assert.deepEqual(await gameRules(third), { payBy: 'AFTER', releaseUnpaidHoursBefore: 2, source: 'GAME' }, "the game's own rules win");
      const ledger = (await world.req('GET', `/api/v1/games/${tomorrow}/ledger`, world.host)).json().data;
      assert.equal(ledger.payBy, 'BEFORE');
      assert.equal(ledger.releaseUnpaidHoursBefore, 24);

      await world.advanceDays(1);
      assert.equal(await world.runJob(), 1);
      const fourth = (await gamesOf(series.id))[3]!;
      assert.deepEqual(await gameRules(fourth), { ...BEFORE_24, source: 'SERIES' }, 'a game opened later carries them');

      // Tuesday 18:30 UTC: tomorrow's game has started too. The series changes again: its games still to come follow, unless set on their own.
      const AFTER_48 = { payBy: 'AFTER', releaseUnpaidHoursBefore: 48 };
      assert.equal((await seriesRules(series.id, world.host, AFTER_48)).statusCode, 200);
      assert.deepEqual(await gameRules(fourth), { ...AFTER_48, source: 'SERIES' });
      assert.deepEqual(await gameRules(tomorrow), { ...BEFORE_24, source: 'SERIES' }, 'started: left as it was');
      assert.deepEqual(await gameRules(third), { payBy: 'AFTER', releaseUnpaidHoursBefore: 2, source: 'GAME' });

      assert.equal((await world.req('PUT', `/api/v1/games/${fourth}/payment-rules`, helper, { payBy: 'BEFORE' })).statusCode, 200);
      assert.equal((await seriesRules(series.id, world.host, BEFORE_24)).statusCode, 200);
      assert.deepEqual(await gameRules(fourth), { payBy: 'BEFORE', releaseUnpaidHoursBefore: null, source: 'GAME' }, 'set on the game since: its own win');
    });

    it('a stranger, a regular or a bad body changes nothing; an ended series takes no rules', async () => {
      await world.setClock(new Date('2033-04-04T08:00:00Z'));
      const series = await world.create({ weekdays: [3], startsOn: '2033-04-06', occurrenceCount: 2, openDaysAhead: 7 });
      const [game] = await gamesOf(series.id);
      const stranger = await world.user('Stranger');
      const regular = await world.user('Regular');
      assert.equal((await world.req('POST', `/api/v1/series/${series.id}/regulars`, regular, { userId: regular.id })).statusCode, 201);

      for (const who of [stranger, regular]) {
        assertProblem(await seriesRules(series.id, who), 404, 'series_not_found');
        assertProblem(await seriesRules(series.id, who, BEFORE_24), 404, 'series_not_found');
        assertProblem(await world.req('GET', `/api/v1/games/${game}/payment-rules`, who), 404, 'game_not_found');
      }
      assertProblem(await seriesRules('00000000-0000-4000-8000-000000000000', world.host, BEFORE_24), 404, 'series_not_found');
      assertProblem(await seriesRules(series.id, world.host, { payBy: 'SOMETIMES' }), 400);
      assertProblem(await seriesRules(series.id, world.host, { payBy: 'BEFORE', releaseUnpaidHoursBefore: 5 }), 400);
      assertProblem(await seriesRules(series.id, world.host, { releaseUnpaidHoursBefore: 24 }), 400);
      assert.deepEqual((await seriesRules(series.id, world.host)).json().data, AFTER_OFF, 'nothing changed');
      assert.deepEqual(await gameRules(game!), { ...AFTER_OFF, source: 'DEFAULT' });

      assert.equal((await world.req('DELETE', `/api/v1/series/${series.id}`, world.host)).statusCode, 204);
      assertProblem(await seriesRules(series.id, world.host, BEFORE_24), 409, 'series_ended');
      assert.deepEqual((await seriesRules(series.id, world.host)).json().data, AFTER_OFF);
    });

    it("releases an unpaid place at the series' deadline in a game the series opened", async () => {
      await world.setClock(new Date('2033-05-02T08:00:00Z')); // Monday
      const series = await world.create({ weekdays: [4], startsOn: '2033-05-05', occurrenceCount: 1, openDaysAhead: 1, slots: 2 });
      assert.equal((await gamesOf(series.id)).length, 0, 'Thursday is beyond the horizon');
      assert.equal((await seriesRules(series.id, world.host, BEFORE_24)).statusCode, 200);
      await world.advanceDays(2);
      assert.equal(await world.runJob(), 1);
      const [gameId] = await gamesOf(series.id);
      const [unpaid, payer, waiting] = [await world.user('Unpaid'), await world.user('Payer'), await world.user('Waiting')];
      for (const who of [unpaid, payer, waiting]) assert.equal((await world.req('POST', `/api/v1/games/${gameId}/participants`, who)).statusCode, 201);
      assert.equal((await world.req('POST', `/api/v1/games/${gameId}/payments/me/claim`, payer, {})).statusCode, 200);
      const start = new Date((await world.game(gameId!)).startTime);
      const deadline = new Date(start.getTime() - 24 * HOUR_MS);
      assert.equal((await world.req('GET', `/api/v1/games/${gameId}/payments/me`, unpaid)).json().data.releaseAt, deadline.toISOString());

      await world.setClock(new Date(deadline.getTime() - MINUTE_MS));
      assert.equal(await releases(), 0, 'a minute before the deadline: nothing');
      await world.setClock(deadline);
      assert.equal(await releases(), 1);
      const roster = new Map((await world.players(gameId!)).map((player) => [player.userId, player.status]));
      assert.equal(roster.has(unpaid.id), false, 'the unpaid player lost their place');
      assert.equal(roster.get(payer.id), 'ACTIVE');
      assert.equal(roster.get(waiting.id), 'ACTIVE', 'the first on the waitlist got it');
      assert.equal((await world.told(unpaid, 'PLACE_RELEASED')).length, 1);
    });
  });
}
