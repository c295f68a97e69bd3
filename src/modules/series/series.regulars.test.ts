import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backends } from '../../../test/helpers/backends.ts';
import { acceptInvitation } from '../../../test/helpers/invitations.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { seriesWorld } from '../../../test/helpers/series.ts';
import type { TestUser } from '../../../test/helpers/users.ts';

for (const backend of backends) {
  describe(`series: regulars, skips and co-hosts (${backend.name})`, () => {
    const world = seriesWorld(backend, '2033-05-02T08:00:00Z'); // a Monday

    it('regulars join each new date in the order they became regulars (past the slots: the waitlist), told; they skip a date or leave', async () => {
      const [p1, p2, p3, outsider] = [await world.user('Reg One'), await world.user('Reg Two'), await world.user('Reg Three'), await world.user('Outsider')];
      // Wednesdays from 11 May, opened 3 days ahead: nothing is open yet.
      const series = await world.create({ weekdays: [3], startsOn: '2033-05-11', occurrenceCount: 3, openDaysAhead: 3, slots: 2 });
      const add = (who: typeof p1, userId: string) => world.req('POST', `/api/v1/series/${series.id}/regulars`, who, { userId });
      assert.equal((await add(world.host, p1.id)).json().data.state, 'PENDING', 'the organiser invites');
      await acceptInvitation(world.t.app, p1, series.id);
      assert.equal((await add(p2, p2.id)).json().data.state, 'ACTIVE', 'a player opts in: one step');
      assertProblem(await add(p2, p3.id), 404, 'series_not_found');
      assert.equal((await add(world.host, p3.id)).statusCode, 201);
      await acceptInvitation(world.t.app, p3, series.id);
      assertProblem(await add(world.host, p1.id), 409, 'already_regular');
      const regulars = (await world.req('GET', `/api/v1/series/${series.id}/regulars`, outsider)).json().data as Array<{ userId: string; name: string }>;
      assert.deepEqual(
        regulars.map((r) => r.name),
        ['Reg One', 'Reg Two', 'Reg Three'],
      );

      const skip = (who: typeof p1, date: string) => world.req('POST', `/api/v1/series/${series.id}/occurrences/${date}/skip`, who);
      assert.equal((await skip(p2, '2033-05-18')).statusCode, 204, 'a date not yet open');
      assertProblem(await skip(outsider, '2033-05-18'), 404, 'regular_not_found');
      assertProblem(await skip(p2, '2033-05-19'), 404, 'occurrence_not_found');
      const skipping = async (who: typeof p1) => (await world.occurrences(series.id, who)).map((date) => [date.date, date.skipping]);
      const marked = [
        ['2033-05-11', false],
        ['2033-05-18', true],
        ['2033-05-25', false],
      ];
      assert.deepEqual(await skipping(p2), marked, 'the regular sees the date they sit out');
      assert.deepEqual(
        await skipping(p1),
        marked.map(([date]) => [date, false]),
        'each viewer sees only their own',
      );

      await world.advanceDays(6); // Sunday 8 May: 11 May opens.
      assert.equal(await world.runJob(), 1);
      let dates = await world.occurrences(series.id);
      const firstGame = dates[0]!.gameId!;
      assert.deepEqual(
        (await world.players(firstGame)).map((p) => [p.userId, p.status]),
        [
          [p1.id, 'ACTIVE'],
          [p2.id, 'ACTIVE'],
          [p3.id, 'WAITLISTED'],
        ],
      );
      for (const who of [p1, p2, p3]) {
        const told = await world.told(who, 'SERIES_GAME_JOINED');
        assert.deepEqual(
          told.map((n) => n.resourceId),
          [firstGame],
        );
        if (who === p3) assert.match(told[0]!.message, /waitlist/);
      }

      assert.equal((await world.req('DELETE', `/api/v1/series/${series.id}/regulars/${p1.id}`, p1)).statusCode, 204, 'p1 leaves the series');
      assertProblem(await world.req('DELETE', `/api/v1/series/${series.id}/regulars/${p1.id}`, p1), 404, 'regular_not_found');
      assert.deepEqual(
        (await world.players(firstGame)).map((p) => p.userId),
        [p1.id, p2.id, p3.id],
        'leaving the series leaves no game already open',
      );

      await world.advanceDays(7); // 15 May: 18 May opens, without p1 (left) and p2 (skipped).
      assert.equal(await world.runJob(), 1);
      dates = await world.occurrences(series.id);
      assert.deepEqual(
        (await world.players(dates[1]!.gameId!)).map((p) => [p.userId, p.status]),
        [[p3.id, 'ACTIVE']],
      );

      await world.advanceDays(7); // 22 May: 25 May opens with p2 and p3; p3 then skips it, three days ahead.
      assert.equal(await world.runJob(), 1);
      dates = await world.occurrences(series.id);
      const lastGame = dates[2]!.gameId!;
      assert.equal((await world.players(lastGame)).length, 2);
      assert.equal((await skip(p3, '2033-05-25')).statusCode, 204);
      assert.equal((await skip(p3, '2033-05-25')).statusCode, 204, 'again: nothing more to do');
      assert.deepEqual(
        (await world.players(lastGame)).map((p) => p.userId),
        [p2.id],
      );
      assertProblem(await skip(p2, '2033-05-11'), 409, 'occurrence_past');
    });

    it('a private series is seen only by its organiser, co-hosts and regulars; an approval series takes regulars only from its organiser', async () => {
      const [stranger, picked] = [await world.user('Stranger'), await world.user('Picked')];
      const hidden = await world.create({ weekdays: [1], startsOn: '2033-07-04', occurrenceCount: 2, visibility: 'PRIVATE' });
      assertProblem(await world.req('GET', `/api/v1/series/${hidden.id}`, stranger), 404, 'series_not_found');
      assertProblem(await world.req('POST', `/api/v1/series/${hidden.id}/regulars`, stranger, { userId: stranger.id }), 404, 'series_not_found');
      assertProblem(await world.req('GET', `/api/v1/series/${hidden.id}/occurrences`, stranger), 404, 'series_not_found');
      assert.equal((await world.req('POST', `/api/v1/series/${hidden.id}/regulars`, world.host, { userId: picked.id })).statusCode, 201);
      await acceptInvitation(world.t.app, picked, hidden.id);
      const seen = await world.req('GET', `/api/v1/series/${hidden.id}`, picked);
      assert.equal(seen.statusCode, 200, seen.body);
      assert.deepEqual(seen.json().data.viewer, { isOrganizer: false, isCoHost: false, isRegular: true });
      const mine = (await world.req('GET', '/api/v1/series?size=10', picked)).json().data;
      assert.deepEqual(
        mine.content.map((s: { id: string }) => s.id),
        [hidden.id],
      );
      assert.equal(mine.page.totalElements, 1);

      const approval = await world.create({ weekdays: [2], startsOn: '2033-07-05', occurrenceCount: 2, joinPolicy: 'APPROVAL' });
      assertProblem(await world.req('POST', `/api/v1/series/${approval.id}/regulars`, stranger, { userId: stranger.id }), 409, 'approval_required');
      assert.equal((await world.req('POST', `/api/v1/series/${approval.id}/regulars`, world.host, { userId: stranger.id })).statusCode, 201);
      const unknown = await world.req('POST', `/api/v1/series/${approval.id}/regulars`, world.host, { userId: '00000000-0000-4000-8000-000000000000' });
      assertProblem(unknown, 400, 'validation_failed');
    });

    it('up to five co-hosts per series, changed by the organiser only, copied to each date as it opens', async () => {
      const helpers: TestUser[] = [];
      for (let i = 0; i < 6; i++) helpers.push(await world.user(`Helper ${i}`));
      const series = await world.create({ weekdays: [5], startsOn: '2033-07-08', occurrenceCount: 1, openDaysAhead: 2 });
      const add = (who: TestUser, userId: string) => world.req('POST', `/api/v1/series/${series.id}/co-hosts`, who, { userId });
      for (const helper of helpers.slice(0, 4)) {
        assert.equal((await add(world.host, helper.id)).statusCode, 201);
        await acceptInvitation(world.t.app, helper, series.id);
      }
      assertProblem(await add(world.host, helpers[0]!.id), 409, 'already_co_host');
      assertProblem(await add(world.host, world.host.id), 409, 'co_host_is_organizer');
      assert.equal((await add(world.host, helpers[4]!.id)).statusCode, 201);
      // Four co-hosts and one open invitation.
      assertProblem(await add(world.host, helpers[5]!.id), 409, 'co_host_limit');
      assertProblem(await add(helpers[0]!, helpers[5]!.id), 404, 'series_not_found');
      assertProblem(await world.req('DELETE', `/api/v1/series/${series.id}/co-hosts/${helpers[1]!.id}`, helpers[0]), 404, 'series_not_found');
      assert.equal((await world.req('DELETE', `/api/v1/series/${series.id}/co-hosts/${helpers[4]!.id}`, world.host)).statusCode, 204);
      assertProblem(await world.req('DELETE', `/api/v1/series/${series.id}/co-hosts/${helpers[4]!.id}`, world.host), 404, 'co_host_not_found');
      // A co-host manages the regulars.
      assert.equal((await world.req('POST', `/api/v1/series/${series.id}/regulars`, helpers[0], { userId: helpers[5]!.id })).statusCode, 201);

      await world.setClock(new Date('2033-07-06T08:00:00Z'));
      await world.runJob();
      const [date] = await world.occurrences(series.id);
      const coHosts = (await world.req('GET', `/api/v1/games/${date!.gameId}/co-hosts`, world.host)).json().data as Array<{ userId: string }>;
      assert.deepEqual(
        coHosts.map((c) => c.userId).sort(),
        helpers
          .slice(0, 4)
          .map((h) => h.id)
          .sort(),
      );
      const listed = (await world.req('GET', `/api/v1/series/${series.id}/co-hosts`, helpers[5])).json().data as Array<{ userId: string }>;
      assert.equal(listed.length, 4);
    });
  });
}
