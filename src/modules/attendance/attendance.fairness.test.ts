import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { auditActionsOf } from '../../../test/helpers/audit.ts';
import { backends } from '../../../test/helpers/backends.ts';
import { TestClock } from '../../../test/helpers/clock.ts';
import { gameBody, onboardedUser, type Game } from '../../../test/helpers/games.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { appSuite } from '../../../test/helpers/suite.ts';
import { freshRequestsAs } from '../../../test/helpers/requests.ts';
import type { TestUser } from '../../../test/helpers/users.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Issue #31 item 3: fair marks. Each case was allowed before (a NO_SHOW on any player, counted at once; hosts marking and rating themselves).
for (const backend of backends) {
  describe(`attendance: fair marks and disputes (${backend.name})`, () => {
    const origin = new Date('2034-07-01T08:00:00Z');
    const clock = new TestClock(origin);
    let otherHost: TestUser;
    const req = freshRequestsAs(() => t.app);
    const join = async (game: Game, who: TestUser) => assert.equal((await req('POST', `/api/v1/games/${game.id}/participants`, who)).statusCode, 201);
    const mark = (game: Game, player: TestUser, status: string, who = t.host) =>
      req('PUT', `/api/v1/games/${game.id}/attendance/${player.id}`, who, { status });
    const dispute = (game: Game, who: TestUser) => req('POST', `/api/v1/me/attendance/${game.id}/dispute`, who, { reason: 'I was there' });
    const settle = (game: Game, player: TestUser, outcome: 'uphold' | 'dismiss', who = t.admin) =>
      req('POST', `/api/v1/admin/attendance-disputes/${game.id}/${player.id}/${outcome}`, who);
    /** The player's notifications about the game, newest first, as `TYPE | title | message`. */
    const toldAbout = async (who: TestUser, game: Game) =>
      (
        (await req('GET', '/api/v1/notifications?size=100', who)).json().data.content as Array<{
          type: string;
          resourceId: string;
          title: string;
          message: string;
        }>
      )
        .filter((n) => n.resourceId === game.id)
        .map((n) => `${n.type} | ${n.title} | ${n.message}`);
    const noShows = async (who: TestUser) => (await req('GET', '/api/v1/me/reliability', who)).json().data.noShows as number;
    const marksOf = async (who: TestUser) =>
      (
        (await req('GET', '/api/v1/me/reliability', who)).json().data.noShowMarks as Array<{
          gameId: string;
          dispute: string | null;
          disputableUntil: string | null;
        }>
      ).map((m) => [m.gameId, m.dispute, m.disputableUntil]);
    const at = (game: Game, offsetMs: number) => clock.set(new Date(new Date(game.startTime).getTime() + offsetMs));
    let days = 0;
    const newGame = async (overrides: Record<string, unknown> = {}, organiser = t.host, startsInHours = 48) => {
      days += 4;
      clock.set(new Date(origin.getTime() + days * DAY));
      const response = await req('POST', '/api/v1/games', organiser, gameBody(t.sport, clock.now(), startsInHours, overrides));
      assert.equal(response.statusCode, 201, response.body);
      return response.json().data as Game;
    };

    const t = appSuite(backend, { overrides: { clock }, host: 'Host Hana', sport: 'Squash' });
    before(async () => {
      otherHost = await onboardedUser(t.app, 'Other Host');
    });

    it('NO_SHOW only for a player whose place and game did not change in the last 24 hours before the start', async () => {
      const [early, late, moved] = [await onboardedUser(t.app, 'Early'), await onboardedUser(t.app, 'Late'), await onboardedUser(t.app, 'Moved')];
      const game = await newGame();
      await join(game, early);
      at(game, -2 * HOUR);
      await join(game, late);
      at(game, HOUR);
      assert.equal((await mark(game, early, 'NO_SHOW')).statusCode, 200);
      assertProblem(await mark(game, late, 'NO_SHOW'), 409, 'no_show_not_fair');
      assert.equal((await mark(game, late, 'ATTENDED')).statusCode, 200);

      // The organiser moves the game three hours before its start: nobody can be marked a no-show in it.
      const changed = await newGame();
      await join(changed, moved);
      at(changed, -3 * HOUR);
      const later = (iso: string) => new Date(new Date(iso).getTime() + HOUR).toISOString();
      const edit = await req('PUT', `/api/v1/games/${changed.id}`, t.host, { startTime: later(changed.startTime), endTime: later(changed.endTime) });
      assert.equal(edit.statusCode, 200, edit.body);
      const moment = new Date(later(changed.startTime)).getTime() + 10 * MINUTE;
      clock.set(new Date(moment));
      assertProblem(await mark(changed, moved, 'NO_SHOW'), 409, 'no_show_not_fair');
      assert.equal((await mark(changed, moved, 'ATTENDED')).statusCode, 200);
    });

    it('the player is told of a NO_SHOW and may dispute it; a disputed mark bars no join until an admin upholds it', async () => {
      const player = await onboardedUser(t.app, 'Disputing Dan');
      const game = await newGame();
      await join(game, player);
      at(game, HOUR);
      assert.equal((await mark(game, player, 'NO_SHOW')).statusCode, 200);
      const told = (await req('GET', '/api/v1/notifications', player)).json().data.content as Array<{ type: string; resourceId: string }>;
      assert.ok(told.some((n) => n.type === 'MARKED_NO_SHOW'));
      assert.equal(await noShows(player), 1);
      const markedAt = Date.parse((await req('GET', '/api/v1/me/reliability', player)).json().data.noShowMarks[0].markedAt);
      assert.deepEqual(await marksOf(player), [[game.id, null, new Date(markedAt + 7 * DAY).toISOString()]], 'disputable for 7 days');
      const strict = await newGame({ maxRecentNoShows: 1 }, otherHost);
      assertProblem(await req('POST', `/api/v1/games/${strict.id}/participants`, player), 409, 'too_many_no_shows');

      const disputed = await dispute(game, player);
      assert.equal(disputed.statusCode, 200, disputed.body);
      assert.equal(disputed.json().data.dispute, 'OPEN');
      assert.equal(disputed.json().data.reason, 'I was there');
      assertProblem(await dispute(game, player), 409, 'already_disputed');
      assert.equal(await noShows(player), 0);
      assert.deepEqual(await marksOf(player), [[game.id, 'OPEN', null]], 'a disputed mark shows as such, and once');
      at(game, 2 * HOUR);
      assertProblem(await mark(game, player, 'ATTENDED'), 409, 'mark_disputed');

      assertProblem(await req('GET', '/api/v1/admin/attendance-disputes', t.host), 403);
      const queue = await req('GET', '/api/v1/admin/attendance-disputes', t.admin);
      assert.equal(queue.statusCode, 200, queue.body);
      const queued = (queue.json().data as Array<{ gameId: string; userId: string }>).find((d) => d.gameId === game.id && d.userId === player.id);
      assert.deepEqual(
        queued && { ...queued, markedAt: undefined, disputedAt: undefined },
        {
          ...disputed.json().data,
          markedAt: undefined,
          disputedAt: undefined,
          playerName: 'Disputing Dan',
          markedByName: 'Host Hana',
          gameTitle: game.title,
        },
        'the queue names the player, the marker and the game',
      );
      assertProblem(await settle(game, player, 'uphold', t.host), 403);

      const upheld = await settle(game, player, 'uphold');
      assert.equal(upheld.statusCode, 200, upheld.body);
      assert.equal(upheld.json().data.dispute, 'UPHELD');
      assertProblem(await settle(game, player, 'dismiss'), 404, 'dispute_not_found');
      const settled = await auditActionsOf(t.app, t.admin.id, 'game', game.id, 'game.no-show-dispute.settled');
      assert.deepEqual(
        settled.map((entry) => [entry.actorId, entry.requestId, entry.changes]),
        [
          [
            t.admin.id,
            upheld.headers['x-request-id'],
            { noShowDispute: { before: { userId: player.id, dispute: 'OPEN' }, after: { userId: player.id, dispute: 'UPHELD' } } },
          ],
        ],
        'one entry: the refused settlements record nothing',
      );
      const [decision, ...earlier] = await toldAbout(player, game);
      assert.match(decision!, /^NO_SHOW_UPHELD \| No-show upheld \| .*upheld the mark: it counts\.$/, 'the player hears the outcome');
      assert.deepEqual(
        earlier.map((n) => n.split(' | ')[0]),
        ['MARKED_NO_SHOW'],
        'once: the refused second decision tells nothing',
      );
      assert.equal(await noShows(player), 1);
      const stricter = await newGame({ maxRecentNoShows: 1 }, otherHost);
      assertProblem(await req('POST', `/api/v1/games/${stricter.id}/participants`, player), 409, 'too_many_no_shows');
    });

    it('a dismissed dispute removes the mark; a mark is disputed within 7 days, and only a NO_SHOW', async () => {
      const [wronged, slow, fine] = [await onboardedUser(t.app, 'Wronged'), await onboardedUser(t.app, 'Slow'), await onboardedUser(t.app, 'Fine')];
      const game = await newGame();
      for (const who of [wronged, slow, fine]) await join(game, who);
      at(game, HOUR);
      for (const who of [wronged, slow]) assert.equal((await mark(game, who, 'NO_SHOW')).statusCode, 200);
      assert.equal((await mark(game, fine, 'ATTENDED')).statusCode, 200);
      assertProblem(await dispute(game, fine), 404, 'no_show_not_found');

      assert.equal((await dispute(game, wronged)).statusCode, 200);
      const dismissed = await settle(game, wronged, 'dismiss');
      assert.equal(dismissed.statusCode, 200, dismissed.body);
      assert.deepEqual(
        (await auditActionsOf(t.app, t.admin.id, 'game', game.id, 'game.no-show-dispute.settled')).map((entry) => [entry.actorId, entry.changes]),
        [[t.admin.id, { noShowDispute: { before: { userId: wronged.id, dispute: 'OPEN' }, after: { userId: wronged.id, dispute: 'DISMISSED' } } }]],
      );
      assert.equal(await noShows(wronged), 0);
      assert.match((await toldAbout(wronged, game))[0]!, /^NO_SHOW_DISMISSED \| No-show removed \| .*removed the mark: it no longer counts\.$/);
      assert.deepEqual(
        (await toldAbout(slow, game)).map((n) => n.split(' | ')[0]),
        ['MARKED_NO_SHOW'],
        'only the player whose dispute was settled is told',
      );
      const list = (await req('GET', `/api/v1/games/${game.id}/attendance`, t.host)).json().data as Array<{ userId: string; status: string | null }>;
      assert.equal(list.find((entry) => entry.userId === wronged.id)!.status, null);
      assertProblem(await mark(game, wronged, 'NO_SHOW'), 409, 'mark_disputed');
      assertProblem(await dispute(game, wronged), 404, 'no_show_not_found');
      assert.deepEqual(await marksOf(wronged), [], 'a dismissed mark is gone');

      at(game, HOUR + 7 * DAY + MINUTE);
      assertProblem(await dispute(game, slow), 409, 'dispute_window_closed');
      assert.equal(await noShows(slow), 1);
      assert.deepEqual(await marksOf(slow), [[game.id, null, null]], 'past the window: no longer disputable');
    });

    it('hosts neither mark nor rate themselves (nor each other)', async () => {
      const [coHost, player] = [await onboardedUser(t.app, 'Cora'), await onboardedUser(t.app, 'Pat')];
      const game = await newGame({ joinAsOrganizer: true, selfCheckIn: true });
      // A co-host is invited and accepts (consent for membership).
      assert.equal((await req('POST', `/api/v1/games/${game.id}/co-hosts`, t.host, { userId: coHost.id })).statusCode, 201);
      const invitation = (await req('GET', '/api/v1/me/invitations', coHost)).json().data.find((i: { resourceId: string }) => i.resourceId === game.id);
      assert.equal((await req('POST', `/api/v1/me/invitations/${invitation.id}/accept`, coHost)).statusCode, 204);
      await join(game, coHost);
      await join(game, player);
      at(game, 0);
      assertProblem(await mark(game, t.host, 'ATTENDED'), 409, 'host_not_marked');
      assertProblem(await mark(game, coHost, 'ATTENDED'), 409, 'host_not_marked');
      assertProblem(await mark(game, t.host, 'NO_SHOW', coHost), 409, 'host_not_marked');
      assertProblem(await req('POST', `/api/v1/games/${game.id}/check-in`, t.host), 409, 'host_not_marked');
      assertProblem(await req('POST', `/api/v1/games/${game.id}/check-in`, coHost), 409, 'host_not_marked');
      assert.equal((await req('POST', `/api/v1/games/${game.id}/check-in`, player)).statusCode, 200);
      at(game, 3 * HOUR);
      for (const who of [t.host, coHost]) assertProblem(await req('PUT', `/api/v1/games/${game.id}/rating`, who, { score: 5 }), 409, 'host_cannot_rate');
      assert.equal((await req('PUT', `/api/v1/games/${game.id}/rating`, player, { score: 4 })).statusCode, 200);
    });

    it("a host reads a player's record only while the player holds a place, waits or asks", async () => {
      const [player, stranger] = [await onboardedUser(t.app, 'Pat'), await onboardedUser(t.app, 'Stranger')];
      const game = await newGame({}, t.host, 72);
      const seen = (who: TestUser) => req('GET', `/api/v1/games/${game.id}/participants/${who.id}/reliability`, t.host);
      assertProblem(await seen(stranger), 404, 'participant_not_found');
      await join(game, player);
      assert.equal((await seen(player)).statusCode, 200);
      assert.equal((await req('DELETE', `/api/v1/games/${game.id}/participants/me`, player)).statusCode, 204);
      assertProblem(await seen(player), 404, 'participant_not_found');
    });
  });
}
