import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { auditActionsOf } from '../../../test/helpers/audit.ts';
import { backends } from '../../../test/helpers/backends.ts';
import { gameDayKit, MINUTES, sideIds, type BoardMatch } from '../../../test/helpers/game-day.ts';
import type { Game } from '../../../test/helpers/games.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { createUser, type TestUser } from '../../../test/helpers/users.ts';

for (const backend of backends) {
  describe(`game day: scores entered, confirmed, disputed and settled; the summary (${backend.name})`, () => {
    const kit = gameDayKit(backend, '2034-06-01T08:00:00Z');
    const byId = (players: TestUser[], id: string) => players.find((p) => p.id === id)!;
    const matchUrl = (game: Game, match: BoardMatch, action: string) => `/api/v1/games/${game.id}/game-day/matches/${match.id}/${action}`;

    /** A game day with one court, `count` players checked in and the first round started. */
    async function playing(count: number) {
      const { game, players } = await kit.gameWithPlayers(count);
      assert.equal((await kit.open(game)).statusCode, 201);
      await kit.checkIn(game, players);
      const [match] = await kit.playRound(game);
      kit.at(game, 15 * MINUTES);
      const a = sideIds(match!.sideA).map((id) => byId(players, id));
      const b = sideIds(match!.sideB).map((id) => byId(players, id));
      const benched = players.filter((p) => !a.includes(p) && !b.includes(p));
      return { game, players, match: match!, a, b, benched };
    }

    it('a player on the court enters a score that fits the rule; the other side confirms it; the court frees', async () => {
      const { game, match, a, b, benched } = await playing(5);
      assertProblem(await kit.score(game, match.id, benched[0]!, 21, 10), 409, 'not_on_court');
      assertProblem(await kit.score(game, match.id, a[0]!, 21, 20), 400, 'score_not_valid');
      assertProblem(await kit.score(game, match.id, a[0]!, 15, 10), 400, 'score_not_valid');
      assertProblem(await kit.req('PUT', matchUrl(game, match, 'score'), a[0], { a: -1, b: 21 }), 400, 'validation_failed');
      assert.equal((await kit.board(game)).courts[0].match.score, null, 'nothing was entered');

      const entered = await kit.score(game, match.id, a[0]!, 22, 20);
      assert.equal(entered.statusCode, 200, entered.body);
      assert.deepEqual({ ...entered.json().data.score, changes: undefined }, { a: 22, b: 20, state: 'ENTERED', enteredBy: a[0]!.id, changes: undefined });
      const board = await kit.board(game, b[0]);
      assert.equal(board.courts[0].match, null, 'the court is free again');
      assert.equal(board.results[0].id, match.id);

      assertProblem(await kit.req('POST', matchUrl(game, match, 'confirm'), a[1]), 409, 'not_other_side');
      assertProblem(await kit.req('POST', matchUrl(game, match, 'confirm'), benched[0]), 409, 'not_other_side');
      const confirmed = await kit.ok('POST', matchUrl(game, match, 'confirm'), b[1]!);
      assert.equal(confirmed.score.state, 'CONFIRMED');
      assert.deepEqual(
        confirmed.score.changes.map((c: { action: string; by: string }) => [c.action, c.by]),
        [
          ['ENTERED', a[0]!.id],
          ['CONFIRMED', b[1]!.id],
        ],
      );
      assertProblem(await kit.req('POST', matchUrl(game, match, 'dispute'), b[0]), 409, 'score_not_awaiting_answer');
      assertProblem(await kit.score(game, match.id, b[0]!, 21, 5), 409, 'score_already_entered');
    });

    it('two people entering the same match at once leave one result', async () => {
      const { game, match, a, b } = await playing(4);
      const answers = await Promise.all([kit.score(game, match.id, a[0]!, 21, 15), kit.score(game, match.id, b[0]!, 15, 21)]);
      assert.deepEqual(answers.map((r) => r.statusCode).sort(), [200, 409]);
      assertProblem(
        answers.find((r) => r.statusCode === 409)!,
        409,
        'score_already_entered',
      );
      const winner = answers.find((r) => r.statusCode === 200)!.json().data.score;
      const [result] = (await kit.board(game)).results;
      assert.deepEqual([result.score.a, result.score.b, result.score.changes.length], [winner.a, winner.b, 1], 'one score, one change');
    });

    it('the other side disputes; a host settles it; every change is kept with who made it', async () => {
      const { game, match, a, b } = await playing(4);
      assert.equal((await kit.score(game, match.id, b[0]!, 21, 18)).statusCode, 200);
      assertProblem(await kit.req('POST', matchUrl(game, match, 'settle'), kit.host, { a: 21, b: 19 }), 409, 'score_not_disputed');
      const disputed = await kit.ok('POST', matchUrl(game, match, 'dispute'), a[0]!);
      assert.equal(disputed.score.state, 'DISPUTED');
      assertProblem(await kit.req('POST', matchUrl(game, match, 'settle'), a[0], { a: 21, b: 19 }), 404, 'game_not_found');
      assertProblem(await kit.req('POST', matchUrl(game, match, 'settle'), kit.host, { a: 21, b: 21 }), 400, 'score_not_valid');
      const settling = await kit.req('POST', matchUrl(game, match, 'settle'), kit.host, { a: 19, b: 21 });
      assert.equal(settling.statusCode, 200, settling.body);
      const settled = settling.json().data;
      assert.deepEqual([settled.score.a, settled.score.b, settled.score.state], [19, 21, 'SETTLED']);
      assert.deepEqual(
        settled.score.changes.map((c: { action: string; by: string; a: number; b: number }) => [c.action, c.by, c.a, c.b]),
        [
          ['ENTERED', b[0]!.id, 21, 18],
          ['DISPUTED', a[0]!.id, 21, 18],
          ['SETTLED', kit.host.id, 19, 21],
        ],
      );
      // The refused settlements above record nothing; the host's decision is one entry.
      const admin = await createUser(kit.t.app, { admin: true });
      assert.deepEqual(
        (await auditActionsOf(kit.t.app, admin.id, 'game', game.id, 'game.score-dispute.settled')).map((entry) => [
          entry.actorId,
          entry.requestId,
          entry.changes,
        ]),
        [
          [
            kit.host.id,
            settling.headers['x-request-id'],
            { score: { before: { matchId: match.id, state: 'DISPUTED', a: 21, b: 18 }, after: { matchId: match.id, state: 'SETTLED', a: 19, b: 21 } } },
          ],
        ],
      );
    });

    it('closing game day shows each player’s games, wins and partners; nothing runs after it', async () => {
      const { game, match, a, b, benched } = await playing(5);
      assertProblem(await kit.req('POST', `/api/v1/games/${game.id}/game-day/close`, a[0]), 404, 'game_not_found');
      assert.equal((await kit.score(game, match.id, a[0]!, 21, 9)).statusCode, 200);
      const closed = await kit.ok('POST', `/api/v1/games/${game.id}/game-day/close`, kit.host);
      assert.ok(closed.session.closedAt);
      const line = (id: string) => closed.summary.find((entry: { userId: string }) => entry.userId === id);
      assert.deepEqual([line(a[0]!.id).games, line(a[0]!.id).wins], [1, 1]);
      assert.deepEqual(
        line(a[0]!.id).partners.map((p: { userId: string }) => p.userId),
        [a[1]!.id],
      );
      assert.deepEqual([line(b[0]!.id).games, line(b[0]!.id).wins], [1, 0]);
      assert.equal(line(benched[0]!.id), undefined, 'who did not play has no line');
      assertProblem(await kit.req('POST', `/api/v1/games/${game.id}/game-day/close`, kit.host), 409, 'game_day_closed');
      assertProblem(await kit.propose(game), 409, 'game_day_closed');
      assertProblem(await kit.req('POST', `/api/v1/games/${game.id}/game-day/leave`, b[0]), 409, 'game_day_closed');
    });
  });
}
