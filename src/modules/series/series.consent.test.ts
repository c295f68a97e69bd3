import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { auditActionsOf } from '../../../test/helpers/audit.ts';
import { backends } from '../../../test/helpers/backends.ts';
import { acceptInvitation, invitationsOf } from '../../../test/helpers/invitations.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { seriesWorld } from '../../../test/helpers/series.ts';
import { createUser, type TestUser } from '../../../test/helpers/users.ts';

for (const backend of backends) {
  describe(`series: consent for membership (${backend.name})`, () => {
    const world = seriesWorld(backend, '2033-09-05T08:00:00Z'); // a Monday

    it('the organiser adding a stranger as a regular only invites them: the next date does not join them until they accept', async () => {
      const [stranger, willing] = [await world.user('Forced Stranger'), await world.user('Willing Will')];
      // Wednesdays from 14 September, opened 3 days ahead: nothing is open yet.
      const series = await world.create({ weekdays: [3], startsOn: '2033-09-14', occurrenceCount: 3, openDaysAhead: 3 });
      const add = (userId: string) => world.req('POST', `/api/v1/series/${series.id}/regulars`, world.host, { userId });
      const added = await add(stranger.id);
      assert.equal(added.statusCode, 201, added.body);
      assert.equal(added.json().data.state, 'PENDING');
      assert.equal((await add(stranger.id)).json().data.state, 'PENDING', 'again while open: the same');
      assert.equal((await add(willing.id)).statusCode, 201);
      const told = await world.told(stranger, 'SERIES_REGULAR_INVITED');
      assert.equal(told.length, 1, 'told once');
      assert.equal((told[0] as unknown as { resourceType: string }).resourceType, 'SERIES');
      assert.equal(told[0]!.resourceId, series.id);
      const [invitation] = await invitationsOf(world.t.app, stranger);
      assert.deepEqual([invitation!.kind, invitation!.resourceId, invitation!.invitedBy], ['SERIES_REGULAR', series.id, world.host.id]);
      assert.equal(Date.parse(invitation!.expiresAt) - Date.parse(invitation!.createdAt), 7 * 86_400_000);
      // Public list: regulars only; the organiser's: the invitations too.
      assert.deepEqual((await world.req('GET', `/api/v1/series/${series.id}/regulars`, stranger)).json().data, []);
      assert.deepEqual(
        (await world.req('GET', `/api/v1/series/${series.id}/regulars`, world.host))
          .json()
          .data.map((m: { name: string; state: string }) => [m.name, m.state])
          .sort(),
        [
          ['Forced Stranger', 'PENDING'],
          ['Willing Will', 'PENDING'],
        ],
      );
      await acceptInvitation(world.t.app, willing, series.id);

      await world.advanceDays(6); // Sunday 11 September: 14 September opens.
      assert.equal(await world.runJob(), 1);
      const [first] = await world.occurrences(series.id);
      assert.deepEqual(
        (await world.players(first!.gameId!)).map((p) => p.userId),
        [willing.id],
        'the stranger who never agreed is not a player',
      );
      assert.equal((await world.told(stranger, 'SERIES_GAME_JOINED')).length, 0);

      // The stranger declines: nothing else changes; the organiser may invite again later.
      const [open] = await invitationsOf(world.t.app, stranger);
      assert.equal((await world.req('POST', `/api/v1/me/invitations/${open!.id}/decline`, stranger)).statusCode, 204);
      assert.deepEqual(await invitationsOf(world.t.app, stranger), []);
      assert.equal((await world.req('GET', `/api/v1/series/${series.id}/regulars`, world.host)).json().data.length, 1);
      assert.equal((await add(stranger.id)).statusCode, 201);
      assert.equal((await world.told(stranger, 'SERIES_REGULAR_INVITED')).length, 2, 'a new invitation after declining is told');
      // The organiser withdraws it.
      assert.equal((await world.req('DELETE', `/api/v1/series/${series.id}/regulars/${stranger.id}`, world.host)).statusCode, 204);
      assert.deepEqual(await invitationsOf(world.t.app, stranger), []);
      assertProblem(await world.req('DELETE', `/api/v1/series/${series.id}/regulars/${stranger.id}`, world.host), 404, 'regular_not_found');

      // Accepted: the next date joins them. Removed by the organiser: told.
      assert.equal((await add(stranger.id)).statusCode, 201);
      await acceptInvitation(world.t.app, stranger, series.id);
      await world.advanceDays(7); // 18 September: 21 September opens.
      assert.equal(await world.runJob(), 1);
      const second = (await world.occurrences(series.id))[1]!;
      assert.deepEqual((await world.players(second.gameId!)).map((p) => p.userId).sort(), [stranger.id, willing.id].sort());
      const removal = await world.req('DELETE', `/api/v1/series/${series.id}/regulars/${stranger.id}`, world.host);
      assert.equal(removal.statusCode, 204);
      const removed = await world.told(stranger, 'SERIES_REGULAR_REMOVED');
      assert.deepEqual(
        removed.map((n) => n.resourceId),
        [series.id],
      );
      assert.equal((await world.req('DELETE', `/api/v1/series/${series.id}/regulars/${willing.id}`, willing)).statusCode, 204);
      assert.equal((await world.told(willing, 'SERIES_REGULAR_REMOVED')).length, 0, 'leaving yourself tells nobody');
      // The organiser's removal is in the audit trail; leaving by oneself is not.
      const admin = await createUser(world.t.app, { admin: true });
      assert.deepEqual(
        (await auditActionsOf(world.t.app, admin.id, 'series', series.id, 'series.regular.removed')).map((e) => [e.actorId, e.requestId, e.changes]),
        [[world.host.id, removal.headers['x-request-id'], { regular: { before: { userId: stranger.id }, after: null } }]],
      );
    });

    it('an invitation expires after 7 days: no longer listed, nor accepted; a pending series co-host has no powers until accepting', async () => {
      const [late, helper] = [await world.user('Late Lou'), await world.user('Helper Hal')];
      const series = await world.create({ weekdays: [5], startsOn: '2033-10-07', occurrenceCount: 2, openDaysAhead: 2, visibility: 'PRIVATE' });
      assert.equal((await world.req('POST', `/api/v1/series/${series.id}/regulars`, world.host, { userId: late.id })).statusCode, 201);
      const [invitation] = await invitationsOf(world.t.app, late);
      await world.advanceDays(7);
      assert.deepEqual(await invitationsOf(world.t.app, late), []);
      assertProblem(await world.req('POST', `/api/v1/me/invitations/${invitation!.id}/accept`, late), 404, 'invitation_not_found');
      assert.equal((await world.req('GET', `/api/v1/series/${series.id}/regulars`, world.host)).json().data.length, 0, 'expiry changes nothing');
      assert.equal((await world.req('POST', `/api/v1/series/${series.id}/regulars`, world.host, { userId: late.id })).statusCode, 201, 'invited anew');
      assert.equal((await invitationsOf(world.t.app, late)).length, 1);

      assert.equal((await world.req('POST', `/api/v1/series/${series.id}/co-hosts`, world.host, { userId: helper.id })).json().data.state, 'PENDING');
      assert.equal((await world.told(helper, 'SERIES_CO_HOST_INVITED')).length, 1);
      assertProblem(await world.req('GET', `/api/v1/series/${series.id}`, helper), 404, 'series_not_found');
      assertProblem(await world.req('POST', `/api/v1/series/${series.id}/regulars`, helper, { userId: late.id }), 404, 'series_not_found');
      await acceptInvitation(world.t.app, helper, series.id, 'SERIES_CO_HOST');
      const seen = await world.req('GET', `/api/v1/series/${series.id}`, helper);
      assert.equal(seen.json().data.viewer.isCoHost, true, seen.body);
      assert.deepEqual(
        (await world.req('GET', `/api/v1/series/${series.id}/co-hosts`, helper)).json().data.map((m: { userId: string; state: string }) => [m.userId, m.state]),
        [[helper.id, 'ACTIVE']],
      );
    });

    it("records the series' co-host changes in the audit trail: invited, accepted, declined, withdrawn, removed; refusals record nothing", async () => {
      const admin = await createUser(world.t.app, { admin: true });
      const [keen, shy, dropped] = [await world.user('Keen Kit'), await world.user('Shy Sam'), await world.user('Dropped Dee')];
      const series = await world.create({ weekdays: [3], startsOn: '2033-11-02', occurrenceCount: 2, openDaysAhead: 2, visibility: 'PRIVATE' });
      const url = `/api/v1/series/${series.id}/co-hosts`;
      const invite = (who: TestUser) => world.req('POST', url, world.host, { userId: who.id });
      const invited = await invite(keen);
      assert.equal(invited.statusCode, 201, invited.body);
      assert.equal((await invite(keen)).statusCode, 201, 'inviting again');
      assertProblem(await world.req('POST', url, keen, { userId: shy.id }), 404, 'series_not_found');
      for (const who of [shy, dropped]) assert.equal((await invite(who)).statusCode, 201);
      await acceptInvitation(world.t.app, keen, series.id, 'SERIES_CO_HOST');
      const [toDecline] = (await invitationsOf(world.t.app, shy)).filter((i) => i.resourceId === series.id);
      assert.equal((await world.req('POST', `/api/v1/me/invitations/${toDecline!.id}/decline`, shy)).statusCode, 204);
      const withdrawn = await world.req('DELETE', `${url}/${dropped.id}`, world.host);
      assert.equal(withdrawn.statusCode, 204);
      const removed = await world.req('DELETE', `${url}/${keen.id}`, world.host);
      assert.equal(removed.statusCode, 204);
      assertProblem(await world.req('DELETE', `${url}/${keen.id}`, world.host), 404, 'co_host_not_found');

      const entries = (await auditActionsOf(world.t.app, admin.id, 'series', series.id)).reverse();
      const host = world.host.id;
      assert.deepEqual(
        entries.map((entry) => [entry.action, entry.actorId, entry.changes]),
        [
          ['series.co-host.invited', host, { coHostInvitation: { before: null, after: { userId: keen.id } } }],
          ['series.co-host.invited', host, { coHostInvitation: { before: null, after: { userId: shy.id } } }],
          ['series.co-host.invited', host, { coHostInvitation: { before: null, after: { userId: dropped.id } } }],
          [
            'series.co-host.invitation.accepted',
            keen.id,
            { coHostInvitation: { before: { userId: keen.id }, after: null }, coHost: { before: null, after: { userId: keen.id } } },
          ],
          ['series.co-host.invitation.declined', shy.id, { coHostInvitation: { before: { userId: shy.id }, after: null } }],
          ['series.co-host.invitation.withdrawn', host, { coHostInvitation: { before: { userId: dropped.id }, after: null } }],
          ['series.co-host.removed', host, { coHost: { before: { userId: keen.id }, after: null } }],
        ],
      );
      assert.equal(entries[0]!.requestId, invited.headers['x-request-id']);
      assert.equal(entries[5]!.requestId, withdrawn.headers['x-request-id']);
      assert.equal(entries[6]!.requestId, removed.headers['x-request-id']);
    });
  });
}
