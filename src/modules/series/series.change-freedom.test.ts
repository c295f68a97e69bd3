import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backends } from '../../../test/helpers/backends.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { seriesWorld } from '../../../test/helpers/series.ts';

// Issue #31 item 2 for a regular's next date: a series change that applies to an opened game frees its players like a game edit.
for (const backend of backends) {
  describe(`series: a change to an opened date frees its players (${backend.name})`, () => {
    const world = seriesWorld(backend, '2033-09-05T08:00:00Z'); // a Monday

    it('a regular joined to the next date may leave it for 24 hours after the organiser moves it, not after a nudge', async () => {
      const [moved, stays] = [await world.user('Moved Regular'), await world.user('Staying Regular')];
      // Thursday 15 September at 19:00 Berlin, opened 3 days ahead: nothing is open yet.
      const series = await world.create({ weekdays: [4], startsOn: '2033-09-15', occurrenceCount: 1, openDaysAhead: 3 });
      for (const who of [moved, stays])
        assert.equal((await world.req('POST', `/api/v1/series/${series.id}/regulars`, who, { userId: who.id })).statusCode, 201);
      await world.setClock(new Date('2033-09-12T08:00:00Z'));
      assert.equal(await world.runJob(), 1);
      const gameId = (await world.occurrences(series.id))[0]!.gameId!;
      assert.deepEqual(
        (await world.players(gameId)).map((p) => p.status),
        ['ACTIVE', 'ACTIVE'],
      );
      const leave = (who: typeof moved) => world.req('DELETE', `/api/v1/games/${gameId}/participants/me`, who);
      const edit = (startTime: string) => world.req('PUT', `/api/v1/series/${series.id}/occurrences/2033-09-15`, world.host, { scope: 'THIS', startTime });

      await world.setClock(new Date('2033-09-15T05:00:00Z')); // 12 hours before the start
      assertProblem(await leave(moved), 409, 'leave_window_closed');
      assert.equal((await edit('19:10')).statusCode, 200, 'a nudge of 10 minutes');
      assertProblem(await leave(moved), 409, 'leave_window_closed');
      assert.equal((await edit('20:30')).statusCode, 200);
      assert.ok((await world.told(moved, 'GAME_UPDATED')).some((n) => n.message.includes('you may leave')));
      assert.equal((await leave(moved)).statusCode, 204);
    });
  });
}
