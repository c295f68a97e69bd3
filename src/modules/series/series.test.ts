import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backends } from '../../../test/helpers/backends.ts';
import { gameBody, createGame } from '../../../test/helpers/games.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { local, plusDays, seriesWorld, weekday } from '../../../test/helpers/series.ts';
import { createUser } from '../../../test/helpers/users.ts';

for (const backend of backends) {
  describe(`series: the rule, the horizon and the materialisation (${backend.name})`, () => {
    // A Monday in March 2033; Europe/Berlin moves to summer time on Sunday 27 March and back on Sunday 30 October.
    const world = seriesWorld(backend, '2033-03-14T08:00:00Z');

    it('opens each date once its horizon reaches it, stops at the count, and 19:00 stays 19:00 across the spring clock change', async () => {
      const series = await world.create({ weekdays: [7], startsOn: '2033-03-20', occurrenceCount: 3, openDaysAhead: 7 });
      assert.equal(series.startTime, '19:00');
      assert.equal(series.timeZone, 'Europe/Berlin');
      let dates = await world.occurrences(series.id);
      assert.deepEqual(
        dates.map((d) => [d.date, d.state, local(d.startTime)]),
        [
          ['2033-03-20', 'OPENED', '2033-03-20 19:00'],
          ['2033-03-27', 'PENDING', '2033-03-27 19:00'],
          ['2033-04-03', 'PENDING', '2033-04-03 19:00'],
        ],
        'the first date lies within 7 days, so it opened with the series',
      );
      assert.equal(await world.runJob(), 0, 'nothing else is due yet');

      const first = await world.game(dates[0]!.gameId!);
      assert.equal(first.startTime, '2033-03-20T18:00:00.000Z', 'CET: UTC+1');
      assert.equal(first.endTime, '2033-03-20T19:30:00.000Z');
      assert.equal(first.title, 'Thursday handball');
      assert.equal(first.status, 'SCHEDULED');

      await world.advanceDays(6); // Sunday 20 March: the horizon reaches 27 March.
      assert.equal(await world.runJob(), 1);
      assert.equal(await world.runJob(), 0, 'a date opens once');
      dates = await world.occurrences(series.id);
      assert.equal(dates[1]!.state, 'OPENED');
      const second = await world.game(dates[1]!.gameId!);
      assert.equal(second.startTime, '2033-03-27T17:00:00.000Z', 'CEST: UTC+2, still 19:00 on the wall');

      // An ordinary game: listed and joinable.
      const player = await world.user('Walk-in');
      const listed = (await world.req('GET', '/api/v1/games?size=100', player)).json().data.content as Array<{ id: string }>;
      assert.ok(listed.some((g) => g.id === second.id));
      assert.equal((await world.req('POST', `/api/v1/games/${second.id}/participants`, player)).statusCode, 201);

      await world.advanceDays(7);
      assert.equal(await world.runJob(), 1, 'the third and last date');
      await world.advanceDays(7);
      assert.equal(await world.runJob(), 0, 'the count is reached');
      assert.deepEqual(
        (await world.occurrences(series.id)).map((d) => d.state),
        ['OPENED', 'OPENED', 'OPENED'],
      );
    });

    it('every other week on two weekdays up to an end date; 19:00 stays 19:00 across the autumn clock change', async () => {
      await world.setClock(new Date('2033-10-10T08:00:00Z'));
      const series = await world.create({ weekdays: [2, 7], intervalWeeks: 2, startsOn: '2033-10-18', endsOn: '2033-11-06', openDaysAhead: 28 });
      const dates = await world.occurrences(series.id);
      assert.deepEqual(
        dates.map((d) => [d.date, d.state]),
        [
          ['2033-10-18', 'OPENED'],
          ['2033-10-23', 'OPENED'],
          ['2033-11-01', 'OPENED'],
          ['2033-11-06', 'OPENED'],
        ],
        'the week of 24 October is skipped; nothing after the end date',
      );
      const starts = [];
      for (const date of dates) starts.push((await world.game(date.gameId!)).startTime);
      assert.deepEqual(starts, ['2033-10-18T17:00:00.000Z', '2033-10-23T17:00:00.000Z', '2033-11-01T18:00:00.000Z', '2033-11-06T18:00:00.000Z']);
      assert.ok(starts.every((start) => local(start).endsWith('19:00')));
      assert.equal(await world.runJob(), 0);
    });

    it('a date that would overlap another of the organiser’s games is skipped and the organiser told; the others open', async () => {
      await world.setClock(new Date('2033-11-14T08:00:00Z')); // Monday
      // The host's own game on Thursday 17 November, 19:30–21:30 local.
      const clash = await createGame(world.t.app, world.host, gameBody(world.sport, new Date('2033-11-17T18:30:00Z'), 0, { title: 'Cup final' }));
      const series = await world.create({ weekdays: [4], startsOn: '2033-11-17', occurrenceCount: 2, openDaysAhead: 14, title: 'Weekly four' });
      const dates = await world.occurrences(series.id);
      assert.deepEqual(
        dates.map((d) => [d.date, d.state, d.gameId === null]),
        [
          ['2033-11-17', 'SKIPPED', true],
          ['2033-11-24', 'OPENED', false],
        ],
      );
      const told = await world.told(world.host, 'SERIES_OCCURRENCE_SKIPPED');
      assert.equal(told.length, 1);
      assert.equal(told[0]!.resourceId, clash.id, 'the notification points at the game it overlaps');
      assert.match(told[0]!.message, /"Weekly four"/);
      assert.equal((await world.game(clash.id)).status, 'SCHEDULED', 'the existing game is left alone');
      assert.equal(await world.runJob(), 0, 'a skipped date is settled: never retried');
    });

    it('refuses a rule without exactly one end, a horizon out of 1–28, a start in the past or repeated weekdays, and creates nothing', async () => {
      const organiser = await world.user('Careful Organiser');
      const today = world.today();
      const bad: Array<[Record<string, unknown>, string]> = [
        [{ weekdays: [1], startsOn: today }, 'endsOn'],
        [{ weekdays: [1], startsOn: today, endsOn: today, occurrenceCount: 2 }, 'endsOn'],
        [{ weekdays: [1], startsOn: '2020-01-06', occurrenceCount: 2 }, 'startsOn'],
        [{ weekdays: [1, 1], startsOn: today, occurrenceCount: 2 }, 'weekdays'],
        [{ weekdays: [1], startsOn: today, occurrenceCount: 2, openDaysAhead: 29 }, 'openDaysAhead'],
        [{ weekdays: [1], startsOn: today, occurrenceCount: 2, openDaysAhead: 0 }, 'openDaysAhead'],
        [{ weekdays: [8], startsOn: today, occurrenceCount: 2 }, 'weekdays'],
        [{ weekdays: [1], startsOn: today, occurrenceCount: 2, minPlayers: 5 }, 'minPlayers'],
        [{ weekdays: [1], startsOn: today, occurrenceCount: 2, startTime: '24:00' }, 'startTime'],
      ];
      for (const [overrides, field] of bad) {
        const response = await world.req('POST', '/api/v1/series', organiser, world.body(overrides));
        const problem = assertProblem(response, 400, 'validation_failed');
        assert.ok(
          (problem.errors as Array<{ field: string }>).some((e) => e.field.includes(field)),
          `${JSON.stringify(overrides)} names ${field}: ${response.body}`,
        );
      }
      const stranger = await createUser(world.t.app);
      assertProblem(
        await world.req('POST', '/api/v1/series', stranger, world.body({ weekdays: [1], startsOn: today, occurrenceCount: 1 })),
        409,
        'onboarding_required',
      );
      const mine = (await world.req('GET', '/api/v1/series', organiser)).json().data;
      assert.equal(mine.page.totalElements, 0);
    });

    it("the game's rules (guests, waitlist offers, self check-in, the no-show limit) are kept by the series and reach every game it opens", async () => {
      const rules = { maxGuestsPerPlayer: 2, waitlistMode: 'OFFER', selfCheckIn: true, maxRecentNoShows: 3 };
      const day = plusDays(world.clock.now().toISOString().slice(0, 10), 3);
      const host = await world.user('Rules Host');
      const series = await world.create({ weekdays: [weekday(day)], startsOn: day, occurrenceCount: 1, openDaysAhead: 28, ...rules }, host);
      assert.deepEqual(Object.fromEntries(Object.keys(rules).map((key) => [key, series[key]])), rules);
      const [date] = await world.occurrences(series.id, host);
      assert.equal(date!.state, 'OPENED');
      const game: Record<string, unknown> = await world.game(date!.gameId!, host);
      assert.deepEqual(Object.fromEntries(Object.keys(rules).map((key) => [key, game[key]])), rules);
      const plain = await world.create({ weekdays: [weekday(plusDays(day, 1))], startsOn: plusDays(day, 1), occurrenceCount: 1, openDaysAhead: 28 });
      assert.deepEqual(
        [plain.maxGuestsPerPlayer, plain.waitlistMode, plain.selfCheckIn, plain.maxRecentNoShows],
        [0, 'AUTO', false, null],
        "absent, a game's defaults",
      );
    });
  });
}
