import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { auditActionsOf } from '../../../test/helpers/audit.ts';
import { backends } from '../../../test/helpers/backends.ts';
import { TestClock } from '../../../test/helpers/clock.ts';
import { gameBody, onboardedUser, type Game } from '../../../test/helpers/games.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { appSuite } from '../../../test/helpers/suite.ts';
import { mintTokens, type TestUser } from '../../../test/helpers/users.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

for (const backend of backends) {
  describe(`attendance: check-in, reliability and ratings (${backend.name})`, () => {
    const origin = new Date('2034-03-01T08:00:00Z');
    const clock = new TestClock(origin);
    // The clock moves by days, past any token's life: every request carries a token minted just now.
    const req = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: TestUser, payload?: object) => {
      const headers = who ? { authorization: `Bearer ${(await mintTokens(t.app, who.id)).accessToken}` } : {};
      return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    };
    const hostGame = async (organiser: TestUser, body: object) => {
      const response = await req('POST', '/api/v1/games', organiser, body);
      assert.equal(response.statusCode, 201, response.body);
      return response.json().data as Game;
    };
    const join = async (game: Game, who: TestUser) => assert.equal((await req('POST', `/api/v1/games/${game.id}/participants`, who)).statusCode, 201);
    const mark = (game: Game, player: TestUser, status: string, who = t.host) =>
      req('PUT', `/api/v1/games/${game.id}/attendance/${player.id}`, who, { status });
    const checkIn = (game: Game, who: TestUser) => req('POST', `/api/v1/games/${game.id}/check-in`, who);
    const at = (game: Game, offsetMs: number) => clock.set(new Date(new Date(game.startTime).getTime() + offsetMs));
    // Each game gets its own days, so the organiser never overlaps and every test starts before its game.
    let days = 0;
    const newGame = async (overrides: Record<string, unknown> = {}, organiser = t.host) => {
      days += 2;
      clock.set(new Date(origin.getTime() + days * DAY));
      // Games start two days after they are made: players who join then held their place 24 hours before the start, so a NO_SHOW is fair.
      return hostGame(organiser, gameBody(t.sport, clock.now(), 48, overrides));
    };

    const t = appSuite(backend, { overrides: { clock }, host: 'Host Hana', sport: 'Futsal' });

    it('the organiser and a co-host mark players from 30 minutes before the start until 12 hours after it; nobody else', async () => {
      const game = await newGame();
      const [p1, p2, coHost, other] = [
        await onboardedUser(t.app, 'Pat'),
        await onboardedUser(t.app, 'Quin'),
        await onboardedUser(t.app, 'Cora'),
        await onboardedUser(t.app, 'Olaf'),
      ];
      await join(game, p1);
      await join(game, p2);
      assert.equal((await req('POST', `/api/v1/games/${game.id}/co-hosts`, t.host, { userId: coHost.id })).statusCode, 201);
      const [invitation] = (await req('GET', '/api/v1/me/invitations', coHost)).json().data;
      assert.equal((await req('POST', `/api/v1/me/invitations/${invitation.id}/accept`, coHost)).statusCode, 204);

      at(game, -30 * MINUTE - 1000);
      assertProblem(await mark(game, p1, 'ATTENDED'), 409, 'attendance_window_closed');
      at(game, -30 * MINUTE);
      const marked = await mark(game, p1, 'ATTENDED');
      assert.equal(marked.statusCode, 200, marked.body);
      assert.deepEqual({ ...marked.json().data, markedAt: undefined }, { userId: p1.id, name: 'Pat', status: 'ATTENDED', markedAt: undefined, dispute: null });
      assert.equal((await mark(game, p2, 'NO_SHOW', coHost)).statusCode, 200);
      for (const who of [other, p1]) assertProblem(await mark(game, p2, 'ATTENDED', who), 404, 'game_not_found');
      assertProblem(await mark(game, other, 'ATTENDED'), 404, 'participant_not_found');
      assertProblem(await mark(game, p1, 'LATE'), 400, 'validation_failed');

      const list = await req('GET', `/api/v1/games/${game.id}/attendance`, coHost);
      assert.equal(list.statusCode, 200, list.body);
      assert.deepEqual(
        list.json().data.map((entry: { userId: string; status: string }) => [entry.userId, entry.status]),
        [
          [p1.id, 'ATTENDED'],
          [p2.id, 'NO_SHOW'],
        ],
      );
      for (const who of [p1, other]) assertProblem(await req('GET', `/api/v1/games/${game.id}/attendance`, who), 404, 'game_not_found');
      assert.equal((await req('GET', `/api/v1/games/${game.id}/attendance`)).statusCode, 401);

      at(game, 12 * HOUR);
      const corrected = await mark(game, p2, 'ATTENDED');
      assert.equal(corrected.statusCode, 200, 'a mark may be corrected until the window closes');
      assert.equal((await mark(game, p2, 'ATTENDED')).statusCode, 200, 'the same mark again');
      at(game, 12 * HOUR + 1000);
      assertProblem(await mark(game, p2, 'NO_SHOW'), 409, 'attendance_window_closed');
      assert.equal((await req('GET', `/api/v1/games/${game.id}/attendance`, t.host)).json().data[1].status, 'ATTENDED');

      // Each mark that changed something is one entry (the same mark again and the refusals none), newest first.
      const entries = await auditActionsOf(t.app, t.admin.id, 'game', game.id, 'game.attendance.marked');
      assert.deepEqual(
        entries.map((entry) => [entry.actorId, entry.changes]),
        [
          [t.host.id, { attendance: { before: { userId: p2.id, status: 'NO_SHOW' }, after: { userId: p2.id, status: 'ATTENDED' } } }],
          [coHost.id, { attendance: { before: null, after: { userId: p2.id, status: 'NO_SHOW' } } }],
          [t.host.id, { attendance: { before: null, after: { userId: p1.id, status: 'ATTENDED' } } }],
        ],
      );
      assert.equal(entries[0]!.requestId, corrected.headers['x-request-id']);
      assert.equal(entries[2]!.requestId, marked.headers['x-request-id']);
    });

    it('players check themselves in within 30 minutes of the start where the game allows it; a host’s no-show stands', async () => {
      const game = await newGame({ selfCheckIn: true });
      const closed = await hostGame(t.host, gameBody(t.sport, clock.now(), 30));
      assert.equal(game.selfCheckIn, true);
      assert.equal(closed.selfCheckIn, false);
      const [p1, p2, waiting, other] = [
        await onboardedUser(t.app, 'Ria'),
        await onboardedUser(t.app, 'Sam'),
        await onboardedUser(t.app, 'Wai'),
        await onboardedUser(t.app),
      ];
      await join(closed, p1);
      for (const who of [p1, p2]) await join(game, who);
      assert.equal((await req('PUT', `/api/v1/games/${game.id}`, t.host, { slots: 2 })).statusCode, 200);
      await join(game, waiting);

      at(closed, 0);
      assertProblem(await checkIn(closed, p1), 409, 'self_check_in_disabled');
      at(game, -31 * MINUTE);
      assertProblem(await checkIn(game, p1), 409, 'check_in_window_closed');
      at(game, -30 * MINUTE);
      const first = await checkIn(game, p1);
      assert.equal(first.statusCode, 200, first.body);
      assert.equal(first.json().data.status, 'ATTENDED');
      assert.equal((await checkIn(game, p1)).statusCode, 200, 'checking in again changes nothing');
      assertProblem(await checkIn(game, waiting), 404, 'not_participant');
      assertProblem(await checkIn(game, other), 404, 'not_participant');
      assert.equal((await mark(game, p2, 'NO_SHOW')).statusCode, 200);
      at(game, 30 * MINUTE);
      assertProblem(await checkIn(game, p2), 409, 'marked_no_show');
      at(game, 30 * MINUTE + 1000);
      assertProblem(await checkIn(game, p1), 409, 'check_in_window_closed');
      const list = (await req('GET', `/api/v1/games/${game.id}/attendance`, t.host)).json().data;
      assert.deepEqual(
        list.map((entry: { userId: string; status: string }) => entry.status),
        ['ATTENDED', 'NO_SHOW'],
      );
    });

    it('a reliability record shows the player and the hosts of games they join, counts 90 days, and can bar joins', async () => {
      // The counts; the own record also lists each NO_SHOW mark (checked with disputes).
      const record = async (who: TestUser) => {
        const { noShowMarks, ...counts } = (await req('GET', '/api/v1/me/reliability', who)).json().data;
        return { counts, marks: noShowMarks.length };
      };
      const [flaky, steady, stranger] = [await onboardedUser(t.app, 'Flaky'), await onboardedUser(t.app, 'Steady'), await onboardedUser(t.app, 'Stranger')];
      const played = await newGame();
      await join(played, flaky);
      await join(played, steady);
      at(played, 0);
      assert.equal((await mark(played, flaky, 'NO_SHOW')).statusCode, 200);
      assert.equal((await mark(played, steady, 'ATTENDED')).statusCode, 200);
      assert.deepEqual(await record(flaky), { counts: { userId: flaky.id, days: 90, played: 0, noShows: 1 }, marks: 1 });
      assert.deepEqual(await record(steady), { counts: { userId: steady.id, days: 90, played: 1, noShows: 0 }, marks: 0 });

      const otherHost = await onboardedUser(t.app, 'Other Host');
      const strict = await newGame({ maxRecentNoShows: 1 }, otherHost);
      assert.equal(strict.maxRecentNoShows, 1);
      const relaxed = await hostGame(otherHost, gameBody(t.sport, clock.now(), 30));
      assert.equal(relaxed.maxRecentNoShows, null);
      assertProblem(await req('POST', `/api/v1/games/${strict.id}/participants`, flaky), 409, 'too_many_no_shows');
      await join(strict, steady);
      await join(relaxed, flaky);

      const seen = (game: Game, player: TestUser, who: TestUser) => req('GET', `/api/v1/games/${game.id}/participants/${player.id}/reliability`, who);
      const shown = await seen(relaxed, flaky, otherHost);
      assert.equal(shown.statusCode, 200, shown.body);
      assert.equal(shown.json().data.noShows, 1);
      assertProblem(await seen(strict, flaky, otherHost), 404, 'participant_not_found');
      for (const who of [stranger, steady, flaky]) assertProblem(await seen(relaxed, flaky, who), 404, 'game_not_found');

      // A record reaches back 90 days: then the no-show no longer counts and the strict game takes the player.
      clock.set(new Date(new Date(played.startTime).getTime() + 90 * DAY + 1000));
      assert.deepEqual(await record(flaky), { counts: { userId: flaky.id, days: 90, played: 0, noShows: 0 }, marks: 0 });
      const late = await hostGame(otherHost, gameBody(t.sport, clock.now(), 24, { maxRecentNoShows: 1 }));
      await join(late, flaky);
      // Off again: a patch of null clears the setting.
      const cleared = await req('PUT', `/api/v1/games/${late.id}`, otherHost, { maxRecentNoShows: null });
      assert.equal(cleared.json().data.maxRecentNoShows, null);
    });

    it('players who attended rate the game once it has ended; only hosts read the ratings; the hosted list shows the average', async () => {
      const game = await newGame({ visibility: 'PRIVATE' });
      const [fan, critic, absent, other] = [
        await onboardedUser(t.app, 'Fan'),
        await onboardedUser(t.app, 'Critic'),
        await onboardedUser(t.app, 'Absent'),
        await onboardedUser(t.app),
      ];
      for (const who of [fan, critic, absent]) {
        assert.equal((await req('GET', `/api/v1/share-links/${game.shareLink!.code}`, who)).statusCode, 200);
        await join(game, who);
      }
      const rate = (who: TestUser, payload: object) => req('PUT', `/api/v1/games/${game.id}/rating`, who, payload);
      at(game, 0);
      for (const who of [fan, critic]) assert.equal((await mark(game, who, 'ATTENDED')).statusCode, 200);
      assert.equal((await mark(game, absent, 'NO_SHOW')).statusCode, 200);
      assertProblem(await rate(fan, { score: 5 }), 409, 'rating_not_allowed');

      at(game, 2 * HOUR);
      const rated = await rate(fan, { score: 4, note: '  Great run  ' });
      assert.equal(rated.statusCode, 200, rated.body);
      assert.deepEqual({ ...rated.json().data, ratedAt: undefined }, { gameId: game.id, score: 4, note: 'Great run', ratedAt: undefined });
      assert.equal((await rate(fan, { score: 5 })).statusCode, 200, 'rating again replaces the rating');
      assert.equal((await rate(critic, { score: 2, note: 'x'.repeat(500) })).statusCode, 200);
      assertProblem(await rate(critic, { score: 2, note: 'x'.repeat(501) }), 400, 'validation_failed');
      assertProblem(await rate(critic, { score: 6 }), 400, 'validation_failed');
      assertProblem(await rate(critic, { score: 0 }), 400, 'validation_failed');
      assertProblem(await rate(absent, { score: 1 }), 409, 'rating_not_allowed');
      assertProblem(await rate(other, { score: 1 }), 404, 'game_not_found');

      const ratings = await req('GET', `/api/v1/games/${game.id}/ratings`, t.host);
      assert.equal(ratings.statusCode, 200, ratings.body);
      assert.equal(ratings.json().data.average, 3.5);
      assert.equal(ratings.json().data.count, 2);
      assert.deepEqual(
        ratings
          .json()
          .data.ratings.map((r: { score: number }) => r.score)
          .sort(),
        [2, 5],
      );
      assert.ok(!ratings.body.includes(fan.id) && !ratings.body.includes(critic.id), 'ratings are anonymous');
      for (const who of [fan, critic, other]) assertProblem(await req('GET', `/api/v1/games/${game.id}/ratings`, who), 404, 'game_not_found');

      const hosted = await req('GET', '/api/v1/me/games/hosted?includePast=true&size=100', t.host);
      const listed = hosted.json().data.content as Array<{ id: string; rating: { average: number | null; count: number } }>;
      assert.deepEqual(listed.find((g) => g.id === game.id)!.rating, { average: 3.5, count: 2 });
      assert.ok(listed.every((g) => g.id === game.id || g.rating.count === 0));
      assert.equal((await req('GET', `/api/v1/games/${game.id}`, fan)).json().data.rating, undefined, 'only the hosted list shows it');
    });
  });
}
