import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { auditActionsOf } from '../../../test/helpers/audit.ts';
import { backends } from '../../../test/helpers/backends.ts';
import { TestClock } from '../../../test/helpers/clock.ts';
import { createGame, createSport, gameBody, onboardedUser, type Game } from '../../../test/helpers/games.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { gameReader, requestsAs } from '../../../test/helpers/requests.ts';
import { appSuite } from '../../../test/helpers/suite.ts';
import { createUser, mintTokens, type TestUser } from '../../../test/helpers/users.ts';

const HOUR = 3_600_000;

for (const backend of backends) {
  describe(`games (${backend.name})`, () => {
    const clock = new TestClock(new Date('2031-03-03T02:00:00Z'));
    /** Moves the clock; tokens minted before then may have expired, so fresh ones are minted. */
    const advanceHours = async (hours: number, ...users: TestUser[]) => {
      clock.advance(hours * 3600);
      for (const user of users) {
        const tokens = await mintTokens(t.app, user.id);
        user.accessToken = tokens.accessToken;
        user.auth = { authorization: `Bearer ${tokens.accessToken}` };
      }
    };
    const req = requestsAs(() => t.app);
    const getGame = gameReader<Game>(() => t.app);
    const listIds = async (query: string, who?: TestUser) => {
      const response = await req('GET', `/api/v1/games?size=1000&${query}`, who);
      assert.equal(response.statusCode, 200, response.body);
      return (response.json().data.content as Game[]).map((g) => g.id);
    };

    const t = appSuite(backend, {
      env: { RATE_LIMIT_PUBLIC_ANON: '100000', RATE_LIMIT_PUBLIC_USER: '100000' },
      overrides: { clock },
      host: 'Host Lee',
      sport: 'Badminton',
    });

    describe('creating', () => {
      it('answers 201 with the whole game, the organiser as viewer, and its share link', async () => {
        const game = await createGame(t.app, t.host, gameBody(t.sport, clock.now(), 48, { joinAsOrganizer: true }));
        assert.equal(game.activity.name, 'Badminton');
        assert.deepEqual(game.organizer, { id: t.host.id, name: 'Host Lee' });
        assert.equal(game.venue.id, t.sport.venueId);
        assert.equal(game.venue.name, 'Badminton Hall');
        assert.deepEqual([game.skillLevel.from.name, game.skillLevel.to.name], ['Beginner', 'Advanced']);
        assert.equal(game.price, '8.50');
        assert.equal(game.currency, 'SGD');
        assert.equal(game.status, 'SCHEDULED');
        assert.equal(game.playersJoined, 1);
        assert.deepEqual(game.viewer, { joined: true, waitlisted: false, bookmarked: false, isOrganizer: true, isCoHost: false });
        assert.match(game.shareLink?.code ?? '', /^[0-9A-Za-z]{8}$/);
        const anonymous = await getGame(game.id);
        assert.equal(anonymous.viewer, undefined);
        assert.equal(anonymous.price, '8.50');
      });

      it('refuses each invalid body with its status and code', async () => {
        const now = clock.now();
        const other = await createSport(t.app, t.admin, { name: 'Tennis' });
        const cases: Array<[Record<string, unknown>, string]> = [
          [{ slots: 0 }, 'slots'],
          [{ slots: 101 }, 'slots'],
          [{ price: '8.505' }, 'price'],
          [{ price: '-1' }, 'price'],
          [{ currency: 'sgd' }, 'currency'],
          [{ visibility: 'SECRET' }, 'visibility'],
          [{ gameType: 'TRIPLE' }, 'gameType'],
          [{ startTime: new Date(now.getTime() - HOUR).toISOString() }, 'startTime'],
          [{ endTime: new Date(now.getTime() + 48 * HOUR).toISOString() }, 'endTime'],
          [{ skillLevelFromId: t.sport.levels.advanced, skillLevelToId: t.sport.levels.beginner }, 'skillLevelToId'],
          [{ skillLevelFromId: other.levels.beginner }, 'skillLevelFromId'],
          [{ venueId: other.venueId }, 'venueId'],
          [{ venueId: '00000000-0000-4000-8000-000000000000' }, 'venueId'],
          [{ activityId: '00000000-0000-4000-8000-000000000000' }, 'activityId'],
        ];
        for (const [override, fieldName] of cases) {
          const problem = assertProblem(await req('POST', '/api/v1/games', t.host, gameBody(t.sport, now, 300, override)), 400, 'validation_failed');
          assert.ok(
            problem.errors.some((e: { field: string }) => e.field === fieldName),
            `${JSON.stringify(override)} → ${JSON.stringify(problem.errors)}`,
          );
        }
      });

      it("needs onboarding, and refuses an organiser's overlapping game", async () => {
        const newcomer = await createUser(t.app);
        assertProblem(await req('POST', '/api/v1/games', newcomer, gameBody(t.sport, clock.now(), 500)), 409, 'onboarding_required');
        assertProblem(await req('POST', '/api/v1/games', undefined, gameBody(t.sport, clock.now(), 500)), 401);
        const first = gameBody(t.sport, clock.now(), 600);
        await createGame(t.app, t.host, first);
        assertProblem(await req('POST', '/api/v1/games', t.host, gameBody(t.sport, clock.now(), 601)), 409, 'overlapping_game');
        await createGame(t.app, t.host, gameBody(t.sport, clock.now(), 602));
      });
    });

    describe('participation', () => {
      it('fills the slots, then the waitlist; already in → 409; leaving promotes the first waitlisted', async () => {
        const game = await createGame(t.app, t.host, gameBody(t.sport, clock.now(), 72, { slots: 2 }));
        const players = await Promise.all([1, 2, 3, 4].map((i) => onboardedUser(t.app, `P${i}`)));
        const statuses: string[] = [];
        for (const player of players) {
          const joined = await req('POST', `/api/v1/games/${game.id}/participants`, player);
          assert.equal(joined.statusCode, 201, joined.body);
          const data = joined.json().data;
          assert.equal(data.gameId, game.id);
          assert.equal(data.userId, player.id);
          statuses.push(data.status);
        }
        assert.deepEqual(statuses, ['ACTIVE', 'ACTIVE', 'WAITLISTED', 'WAITLISTED']);
        assertProblem(await req('POST', `/api/v1/games/${game.id}/participants`, players[0]), 409, 'already_joined');
        let seen = await getGame(game.id, players[2]);
        assert.deepEqual([seen.playersJoined, seen.waitlisted], [2, 2]);
        assert.deepEqual(seen.viewer, { joined: false, waitlisted: true, bookmarked: false, isOrganizer: false, isCoHost: false });

        const leave = await req('DELETE', `/api/v1/games/${game.id}/participants/me`, players[0]);
        assert.equal(leave.statusCode, 204, leave.body);
        seen = await getGame(game.id, players[2]);
        assert.deepEqual([seen.playersJoined, seen.waitlisted, seen.viewer!.joined], [2, 1, true]);
        const list = await req('GET', `/api/v1/games/${game.id}/participants`, players[1]);
        assert.deepEqual(
          list.json().data.map((p: { userId: string; status: string }) => [p.userId, p.status]),
          [
            [players[1]!.id, 'ACTIVE'],
            [players[2]!.id, 'ACTIVE'],
            [players[3]!.id, 'WAITLISTED'],
          ],
        );
        assertProblem(await req('GET', `/api/v1/games/${game.id}/participants`), 401);

        // The organiser removes a player: the waitlist moves up again.
        assert.equal((await req('DELETE', `/api/v1/games/${game.id}/participants/${players[1]!.id}`, t.host)).statusCode, 204);
        seen = await getGame(game.id, players[3]);
        assert.deepEqual([seen.playersJoined, seen.waitlisted, seen.viewer!.joined], [2, 0, true]);
        assertProblem(await req('DELETE', `/api/v1/games/${game.id}/participants/${players[2]!.id}`, players[3]), 404);
        assertProblem(await req('DELETE', `/api/v1/games/${game.id}/participants/${t.host.id}`, t.host), 409, 'game_not_joinable');

        // More slots take waitlisted players at once; fewer than the players is refused.
        assertProblem(await req('PUT', `/api/v1/games/${game.id}`, t.host, { slots: 1 }), 409, 'slots_below_participants');
      });

      it('refuses leaving within 24 h of the start, the organiser leaving, and joining a cancelled or started game', async () => {
        const soon = await createGame(t.app, t.host, gameBody(t.sport, clock.now(), 20));
        const player = await onboardedUser(t.app, 'Soon');
        assert.equal((await req('POST', `/api/v1/games/${soon.id}/participants`, player)).statusCode, 201);
        assertProblem(await req('DELETE', `/api/v1/games/${soon.id}/participants/me`, player), 409, 'leave_window_closed');
        assertProblem(await req('DELETE', `/api/v1/games/${soon.id}/participants/me`, t.host), 409, 'game_not_joinable');
        const stranger = await onboardedUser(t.app, 'Stranger');
        assertProblem(await req('DELETE', `/api/v1/games/${soon.id}/participants/me`, stranger), 404);

        const cancelled = await createGame(t.app, t.host, gameBody(t.sport, clock.now(), 120));
        assert.equal((await req('DELETE', `/api/v1/games/${cancelled.id}`, t.host)).statusCode, 204);
        assertProblem(await req('POST', `/api/v1/games/${cancelled.id}/participants`, stranger), 409, 'game_not_joinable');
        assert.equal((await getGame(cancelled.id)).status, 'CANCELLED');
        assert.ok(!(await listIds('')).includes(cancelled.id), 'a cancelled game leaves the list');

        await advanceHours(21, t.admin, t.host, player, stranger);
        assert.equal((await getGame(soon.id)).status, 'STARTED');
        assertProblem(await req('POST', `/api/v1/games/${soon.id}/participants`, stranger), 409, 'game_not_joinable');
        assertProblem(await req('PUT', `/api/v1/games/${soon.id}`, t.host, { title: 'Late' }), 409, 'game_not_editable');
        assert.ok(!(await listIds('')).includes(soon.id), 'a started game is past');
        assert.ok((await listIds('includePast=true')).includes(soon.id));
        await advanceHours(2, t.admin, t.host, player, stranger);
        assert.equal((await getGame(soon.id)).status, 'COMPLETED');
      });

      it('a PRIVATE game is 404 and unlisted for strangers; share access makes it visible and joinable', async () => {
        const game = await createGame(t.app, t.host, gameBody(t.sport, clock.now(), 200, { visibility: 'PRIVATE' }));
        const stranger = await onboardedUser(t.app, 'Curious');
        assertProblem(await req('GET', `/api/v1/games/${game.id}`, stranger), 404, 'game_not_found');
        assertProblem(await req('GET', `/api/v1/games/${game.id}`), 404);
        assertProblem(await req('POST', `/api/v1/games/${game.id}/participants`, stranger), 404);
        assertProblem(await req('GET', `/api/v1/games/${game.id}/participants`, stranger), 404);
        assert.ok(!(await listIds('', stranger)).includes(game.id));
        assert.ok(!(await listIds('')).includes(game.id));
        assert.ok((await listIds('', t.host)).includes(game.id), 'the organiser sees it listed');
        // Resolving the share link as a signed-in caller grants share access.
        const resolved = await req('GET', `/api/v1/share-links/${game.shareLink!.code}`, stranger);
        assert.equal(resolved.statusCode, 200, resolved.body);
        assert.equal((await getGame(game.id, stranger)).id, game.id);
        assert.ok((await listIds('', stranger)).includes(game.id));
        assert.equal((await req('POST', `/api/v1/games/${game.id}/participants`, stranger)).statusCode, 201);
      });

      // Issue #9, found by the access matrix: leaving answered `not_participant` for a private game the
      // caller cannot see, but `game_not_found` for a missing one, so the game's existence leaked.
      it('leaving a PRIVATE game one cannot see reads exactly like leaving a missing game', async () => {
        const game = await createGame(t.app, t.host, gameBody(t.sport, clock.now(), 210, { visibility: 'PRIVATE' }));
        const stranger = await onboardedUser(t.app, 'Prober');
        const hidden = assertProblem(await req('DELETE', `/api/v1/games/${game.id}/participants/me`, stranger), 404, 'game_not_found');
        const missing = assertProblem(
          await req('DELETE', '/api/v1/games/00000000-0000-4000-8000-000000000000/participants/me', stranger),
          404,
          'game_not_found',
        );
        assert.equal(hidden.detail, missing.detail);
        // Once the game is visible to them (share access), not being a player is said plainly.
        assert.equal((await req('GET', `/api/v1/share-links/${game.shareLink!.code}`, stranger)).statusCode, 200);
        assertProblem(await req('DELETE', `/api/v1/games/${game.id}/participants/me`, stranger), 404, 'not_participant');
      });
    });

    describe('changing and removing', () => {
      it('patches a game; activityId and visibility are immutable; only the organiser writes', async () => {
        const game = await createGame(t.app, t.host, gameBody(t.sport, clock.now(), 900));
        const put = (payload: object, who: TestUser = t.host) => req('PUT', `/api/v1/games/${game.id}`, who, payload);
        const changed = await put({ title: 'Evening doubles', price: '10', slots: 8, skillLevelFromId: t.sport.levels.intermediate });
        assert.equal(changed.statusCode, 200, changed.body);
        const data = changed.json().data as Game;
        assert.deepEqual(
          [data.title, data.price, data.slots, data.skillLevel.from.name, data.description],
          ['Evening doubles', '10.00', 8, 'Intermediate', 'Bring water'],
        );
        const other = await createSport(t.app, t.admin, { name: 'Squash' });
        assertProblem(await put({ activityId: other.activityId }), 400, 'validation_failed');
        assertProblem(await put({ visibility: 'PRIVATE' }), 400, 'validation_failed');
        assert.equal((await put({ visibility: 'PUBLIC', activityId: t.sport.activityId })).statusCode, 200);
        assertProblem(await put({ endTime: game.startTime }), 400, 'validation_failed');
        const stranger = await onboardedUser(t.app, 'Meddler');
        assertProblem(await put({ title: 'Mine' }, stranger), 404, 'game_not_found');
        assertProblem(await req('DELETE', `/api/v1/games/${game.id}`, stranger), 404);
        assertProblem(await req('DELETE', `/api/v1/games/${game.id}/hard`, stranger), 404);
        assertProblem(await req('DELETE', `/api/v1/admin/games/${game.id}`, stranger), 403);
      });

      it('soft delete by organiser or admin (also /admin); hard delete removes the game', async () => {
        const a = await createGame(t.app, t.host, gameBody(t.sport, clock.now(), 1000));
        const b = await createGame(t.app, t.host, gameBody(t.sport, clock.now(), 1010));
        assert.equal((await req('DELETE', `/api/v1/admin/games/${a.id}`, t.admin)).statusCode, 204);
        assert.equal((await getGame(a.id)).status, 'CANCELLED');
        assert.equal((await req('DELETE', `/api/v1/games/${b.id}`, t.admin)).statusCode, 204);
        const deleted = await req('DELETE', `/api/v1/games/${b.id}/hard`, t.host);
        assert.equal(deleted.statusCode, 204);
        assertProblem(await req('GET', `/api/v1/games/${b.id}`), 404);
        assertProblem(await req('DELETE', `/api/v1/games/${b.id}/hard`, t.admin), 404);
        // The trail outlives the game: its cancel by the admin, then its removal by the organiser.
        assert.deepEqual(
          (await auditActionsOf(t.app, t.admin.id, 'game', b.id)).map((entry) => [entry.action, entry.actorId, entry.changes]),
          [
            ['game.deleted', t.host.id, { game: { before: { title: b.title, status: 'CANCELLED' }, after: null } }],
            ['game.cancelled', t.admin.id, { status: { before: 'SCHEDULED', after: 'CANCELLED' } }],
          ],
        );
        assert.equal((await auditActionsOf(t.app, t.admin.id, 'game', b.id, 'game.deleted'))[0]!.requestId, deleted.headers['x-request-id']);
        // The overlap check ignores cancelled games.
        await createGame(t.app, t.host, gameBody(t.sport, clock.now(), 1000));
      });

      it("an admin's rename of the activity, a level or the venue shows on the game at once", async () => {
        const padel = await createSport(t.app, t.admin, { name: 'Padel' });
        const game = await createGame(t.app, t.host, gameBody(padel, clock.now(), 1100));
        assert.equal((await getGame(game.id)).venue.name, 'Padel Hall', 'names are read (and cached) before the writes');
        assert.equal((await req('PUT', `/api/v1/admin/activities/${padel.activityId}`, t.admin, { name: 'Padel Tennis' })).statusCode, 200);
        const ladder = await req('PUT', `/api/v1/admin/activities/${padel.activityId}/skill-levels`, t.admin, {
          skillLevels: [
            { name: 'BEGINNER', sortOrder: 1 },
            { name: 'Intermediate', sortOrder: 2 },
            { name: 'Advanced', sortOrder: 3 },
          ],
        });
        assert.equal(ladder.statusCode, 200, ladder.body);
        assert.equal((await req('PUT', `/api/v1/admin/venues/${padel.venueId}`, t.admin, { name: 'Padel Dome' })).statusCode, 200);
        const seen = await getGame(game.id);
        assert.deepEqual([seen.activity.name, seen.skillLevel.from.name, seen.venue.name], ['Padel Tennis', 'BEGINNER', 'Padel Dome']);
        const listed = (await req('GET', `/api/v1/games?size=1000&activityId=${padel.activityId}`)).json().data.content as Game[];
        assert.deepEqual(
          listed.map((g) => [g.activity.name, g.venue.name]),
          [['Padel Tennis', 'Padel Dome']],
        );
      });

      it('an activity used by a game cannot be deleted; once the game is gone it can', async () => {
        const squash = await createSport(t.app, t.admin, { name: 'Court squash' });
        const game = await createGame(t.app, t.host, gameBody(squash, clock.now(), 1200));
        // The venue stops offering it, so only the game still refers to the activity.
        const elsewhere = await createSport(t.app, t.admin, { name: 'Elsewhere' });
        assert.equal((await req('PUT', `/api/v1/admin/venues/${squash.venueId}`, t.admin, { activityIds: [elsewhere.activityId] })).statusCode, 200);
        assertProblem(await req('DELETE', `/api/v1/admin/activities/${squash.activityId}`, t.admin), 409, 'activity_in_use');
        assert.equal((await req('DELETE', `/api/v1/games/${game.id}/hard`, t.host)).statusCode, 204);
        assert.equal((await req('DELETE', `/api/v1/admin/activities/${squash.activityId}`, t.admin)).statusCode, 204);
      });
    });
  });
}
