import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backends } from '../../../test/helpers/backends.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { local, seriesWorld } from '../../../test/helpers/series.ts';
import { acceptInvitation } from '../../../test/helpers/invitations.ts';

for (const backend of backends) {
  describe(`series: edit this or following, cancel a date, end the series (${backend.name})`, () => {
    const world = seriesWorld(backend, '2033-06-06T08:00:00Z'); // a Monday

    it('"this game" changes one opened game; "this and following" changes the opened ones from that date and every later date', async () => {
      const [player, helper, stranger] = [await world.user('Edit Player'), await world.user('Edit Helper'), await world.user('Edit Stranger')];
      // Thursdays 9, 16, 23, 30 June; 10 days ahead: 9 and 16 open now.
      const series = await world.create({ weekdays: [4], startsOn: '2033-06-09', occurrenceCount: 4, openDaysAhead: 10 });
      assert.equal((await world.req('POST', `/api/v1/series/${series.id}/co-hosts`, world.host, { userId: helper.id })).statusCode, 201);
      await acceptInvitation(world.t.app, helper, series.id);
      let dates = await world.occurrences(series.id);
      const [june9, june16] = [dates[0]!.gameId!, dates[1]!.gameId!];
      for (const id of [june9, june16]) assert.equal((await world.req('POST', `/api/v1/games/${id}/participants`, player)).statusCode, 201);
      const edit = (date: string, body: object, who = world.host) => world.req('PUT', `/api/v1/series/${series.id}/occurrences/${date}`, who, body);

      const one = await edit('2033-06-16', { scope: 'THIS', title: 'Cup special' }, helper);
      assert.equal(one.statusCode, 200, one.body);
      assert.deepEqual(one.json().data.games, [{ date: '2033-06-16', gameId: june16, updated: true, code: null }]);
      assert.equal((await world.game(june16)).title, 'Cup special');
      assert.equal((await world.game(june9)).title, 'Thursday handball');
      assert.equal(one.json().data.series.title, 'Thursday handball', 'the series keeps its template');
      assert.deepEqual(
        (await world.told(player, 'GAME_UPDATED')).map((n) => n.resourceId),
        [june16],
      );

      assertProblem(await edit('2033-06-23', { scope: 'THIS', title: 'Too soon' }), 409, 'occurrence_not_open');
      assertProblem(await edit('2033-06-30', { scope: 'FOLLOWING', price: '9' }), 409, 'occurrence_not_open');
      assertProblem(await edit('2033-06-17', { scope: 'THIS', title: 'Friday?' }), 404, 'occurrence_not_found');
      assertProblem(await edit('2033-06-16', { scope: 'THIS', title: 'Mine now' }, stranger), 404, 'series_not_found');

      const following = await edit('2033-06-16', { scope: 'FOLLOWING', startTime: '20:00', price: '10', slots: 6 });
      assert.equal(following.statusCode, 200, following.body);
      assert.deepEqual(
        following.json().data.games.map((g: { gameId: string; updated: boolean }) => [g.gameId, g.updated]),
        [[june16, true]],
      );
      assert.equal(following.json().data.series.startTime, '20:00');
      assert.equal(following.json().data.series.price, '10.00');
      const moved = await world.game(june16);
      assert.equal(local(moved.startTime), '2033-06-16 20:00');
      assert.equal(local(moved.endTime), '2033-06-16 21:30');
      assert.equal(moved.price, '10.00');
      assert.equal(moved.slots, 6);
      assert.equal(moved.title, 'Cup special', 'a field the edit leaves out stays as the game had it');
      assert.equal(local((await world.game(june9)).startTime), '2033-06-09 19:00', 'an earlier date is untouched');

      await world.advanceDays(7); // 13 June: 23 June opens on the new template.
      assert.equal(await world.runJob(), 1);
      dates = await world.occurrences(series.id);
      const june23 = await world.game(dates[2]!.gameId!);
      assert.equal(local(june23.startTime), '2033-06-23 20:00');
      assert.equal(june23.price, '10.00');
      assert.equal(june23.slots, 6);
    });

    it('cancelling one date: a date not yet open never opens; an opened one is cancelled and its players told; only the organiser may', async () => {
      const [player, helper] = [await world.user('Cancel Player'), await world.user('Cancel Helper')];
      // Mondays 20 and 27 June, 4 July; 8 days ahead from 13 June: 20 June opens now.
      const series = await world.create({ weekdays: [1], startsOn: '2033-06-20', occurrenceCount: 3, openDaysAhead: 8 });
      assert.equal((await world.req('POST', `/api/v1/series/${series.id}/co-hosts`, world.host, { userId: helper.id })).statusCode, 201);
      await acceptInvitation(world.t.app, helper, series.id);
      const cancel = (date: string, who = world.host) => world.req('DELETE', `/api/v1/series/${series.id}/occurrences/${date}`, who);
      const opened = (await world.occurrences(series.id))[0]!.gameId!;
      assert.equal((await world.req('POST', `/api/v1/games/${opened}/participants`, player)).statusCode, 201);

      assertProblem(await cancel('2033-06-20', helper), 404, 'series_not_found');
      assert.equal((await cancel('2033-06-20')).statusCode, 204);
      assert.equal((await cancel('2033-06-20')).statusCode, 204, 'again: no-op');
      assert.equal((await world.game(opened)).status, 'CANCELLED');
      assert.deepEqual(
        (await world.told(player, 'GAME_CANCELLED')).map((n) => n.resourceId),
        [opened],
      );
      assert.equal((await cancel('2033-06-27')).statusCode, 204);
      await world.advanceDays(7); // 20 June: 27 June would open now.
      await world.runJob();
      assert.deepEqual(
        (await world.occurrences(series.id)).map((d) => [d.state, d.gameId === null]),
        [
          ['CANCELLED', false],
          ['CANCELLED', true],
          ['PENDING', true],
        ],
      );
      assertProblem(await cancel('2033-06-13'), 404, 'occurrence_not_found');
    });

    it('ending the series cancels its games still to come (players told) and opens nothing more; an ended series takes no change', async () => {
      const [regular, helper] = [await world.user('End Regular'), await world.user('End Helper')];
      // Saturday 25 June and every Saturday after, 14 days ahead from 20 June: 25 June and 2 July open at once.
      const series = await world.create({ weekdays: [6], startsOn: '2033-06-25', endsOn: '2033-08-27', openDaysAhead: 1 });
      for (const [path, userId] of [
        ['regulars', regular.id],
        ['co-hosts', helper.id],
      ] as const) {
        assert.equal((await world.req('POST', `/api/v1/series/${series.id}/${path}`, world.host, { userId })).statusCode, 201);
      }
      await acceptInvitation(world.t.app, regular, series.id);
      await acceptInvitation(world.t.app, helper, series.id);
      assert.equal(
        (await world.req('PUT', `/api/v1/series/${series.id}/occurrences/2033-06-25`, world.host, { scope: 'FOLLOWING', durationMinutes: 60 })).statusCode,
        200,
      );
      await world.advanceDays(4); // 24 June: 25 June opens with the regular.
      await world.runJob();
      const game = (await world.occurrences(series.id))[0]!.gameId!;
      assert.equal((await world.players(game)).length, 1);

      assertProblem(await world.req('DELETE', `/api/v1/series/${series.id}`, helper), 404, 'series_not_found');
      assert.equal((await world.req('DELETE', `/api/v1/series/${series.id}`, world.host)).statusCode, 204);
      assert.equal((await world.req('DELETE', `/api/v1/series/${series.id}`, world.host)).statusCode, 204, 'again: no-op');
      assert.equal((await world.game(game)).status, 'CANCELLED');
      assert.deepEqual(
        (await world.told(regular, 'GAME_CANCELLED')).map((n) => n.resourceId),
        [game],
      );
      const ended = await world.req('GET', `/api/v1/series/${series.id}`, regular);
      assert.equal(ended.json().data.status, 'ENDED');

      await world.advanceDays(7);
      await world.runJob();
      assert.deepEqual(
        (await world.occurrences(series.id)).slice(0, 3).map((d) => d.state),
        ['OPENED', 'PENDING', 'PENDING'],
        'an ended series opens nothing',
      );
      assertProblem(await world.req('POST', `/api/v1/series/${series.id}/regulars`, world.host, { userId: helper.id }), 409, 'series_ended');
      assertProblem(
        await world.req('PUT', `/api/v1/series/${series.id}/occurrences/2033-07-09`, world.host, { scope: 'FOLLOWING', price: '1' }),
        409,
        'series_ended',
      );
    });
  });
}
