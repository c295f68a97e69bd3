import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { backends } from '../../../test/helpers/backends.ts';
import { type BoardMatch, gameDayKit, MINUTES, sideIds } from '../../../test/helpers/game-day.ts';
import type { Game } from '../../../test/helpers/games.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import type { TestUser } from '../../../test/helpers/users.ts';
import type { Database } from '../../platform/db/index.ts';

interface BoardPlayer {
  userId: string;
  name: string | null;
  state: string;
  guestOf?: string;
}

for (const backend of backends) {
  describe(`game day: guests play like anyone else (${backend.name})`, () => {
    let db: Database;
    const kit = gameDayKit(backend, '2034-11-01T08:00:00Z', { onDatabase: (handle) => (db = handle.db) });

    const bring = (game: Game, who: TestUser, guests: number, guestNames: string[] = []) =>
      kit.ok('PUT', `/api/v1/games/${game.id}/participants/me/guests`, who, { guests, guestNames });
    const leave = (game: Game, who: TestUser, payload?: object) => kit.req('POST', `/api/v1/games/${game.id}/game-day/leave`, who, payload);
    const playersOf = async (game: Game, who?: TestUser): Promise<BoardPlayer[]> => (await kit.board(game, who)).players;
    const userIdsOf = async (query: ReturnType<typeof sql>) => {
      const result: unknown = await db.execute(query);
      return (result as { rows: Array<{ user_id: string }> }).rows.map((row) => row.user_id).sort();
    };

    it('a player with two guests checks in: the three of them are on the board by name, and a round puts guests on court', async () => {
      const { game, players } = await kit.gameWithPlayers(3, 'Player', { maxGuestsPerPlayer: 2 });
      const [a, b, c] = players as [TestUser, TestUser, TestUser];
      await bring(game, a, 2, ['Ana']);
      assert.equal((await kit.open(game)).statusCode, 201);
      await kit.checkIn(game, [a, b, c]);

      const board = await playersOf(game, b);
      assert.deepEqual(
        board.map((p) => [p.name, p.state, p.guestOf ?? null]),
        [
          ['Player A', 'RESTING', null],
          ['Ana', 'RESTING', a.id],
          ['Guest 2 of Player A', 'RESTING', a.id],
          ['Player B', 'RESTING', null],
          ['Player C', 'RESTING', null],
        ],
      );
      assert.deepEqual(
        (await playersOf(game)).map((p) => p.userId),
        board.map((p) => p.userId),
        'a guest keeps their id from one read to the next',
      );
      const guests = board.filter((p) => p.guestOf).map((p) => p.userId);
      const proposal = await kit.ok('POST', `/api/v1/games/${game.id}/game-day/rounds`, kit.host);
      const placed = proposal.matches.flatMap((m: { sideA: BoardPlayer[]; sideB: BoardPlayer[] }) => [...m.sideA, ...m.sideB]);
      assert.equal(placed.length, 4, 'five present, one court of doubles');
      assert.ok(
        placed.some((p: BoardPlayer) => guests.includes(p.userId)),
        'three players are not enough for a court: a guest plays',
      );
      assert.ok(
        placed.every((p: BoardPlayer) => typeof p.name === 'string' && p.name.length > 0),
        'everyone on court has a name',
      );
    });

    it('the player who brought a guest enters the score of their match; it teaches no rating; closing marks and tells only users', async () => {
      const { game, players } = await kit.gameWithPlayers(4, 'Player', { maxGuestsPerPlayer: 2 });
      const [a, b, c, outsider] = players as [TestUser, TestUser, TestUser, TestUser];
      await bring(game, a, 2, ['Ana', 'Abe']);
      assert.equal((await kit.open(game)).statusCode, 201);
      await kit.checkIn(game, [a, b, c]);
      // Their player leaves; the guests stay and play with B and C.
      assert.equal((await leave(game, a)).statusCode, 200);
      const guests = (await playersOf(game)).filter((p) => p.guestOf === a.id).map((p) => p.userId);
      assert.equal(guests.length, 2);
      const [match] = await kit.playRound(game);
      const sideA = sideIds(match!.sideA);
      const sideB = sideIds(match!.sideB);
      assert.deepEqual([...sideA, ...sideB].sort(), [b.id, c.id, ...guests].sort());

      kit.at(game, 15 * MINUTES);
      assertProblem(await kit.score(game, match!.id, outsider, 21, 12), 409, 'not_on_court');
      const entered = await kit.score(game, match!.id, a, 21, 12);
      assert.equal(entered.statusCode, 200, entered.body);
      assert.equal(entered.json().data.score.enteredBy, a.id);
      assert.deepEqual(
        [...entered.json().data.sideA, ...entered.json().data.sideB]
          .filter((p: BoardPlayer) => guests.includes(p.userId))
          .map((p: BoardPlayer) => p.name)
          .sort(),
        ['Abe', 'Ana'],
      );
      assertProblem(await kit.score(game, match!.id, b, 21, 10), 409, 'score_already_entered');
      // The side A's guest is not on answers: a user of the other side confirms.
      const aSide = sideA.some((id) => guests.includes(id)) ? sideA : sideB;
      const answerer = [b, c].find((p) => !aSide.includes(p.id))!;
      assert.equal((await kit.req('POST', `/api/v1/games/${game.id}/game-day/matches/${match!.id}/confirm`, answerer)).statusCode, 200);
      const ratings = await kit.ok('GET', '/api/v1/me/ratings', answerer);
      assert.deepEqual(ratings.ratings, [], 'a match with a guest moves no rating');

      const closed = await kit.ok('POST', `/api/v1/games/${game.id}/game-day/close`, kit.host);
      assert.deepEqual(closed.summary.map((line: { userId: string }) => line.userId).sort(), [b.id, c.id].sort(), 'guests have no summary line');
      const bLine = closed.summary.find((line: { userId: string }) => line.userId === b.id);
      const partner = (sideA.includes(b.id) ? sideA : sideB).find((id) => id !== b.id)!;
      if (guests.includes(partner)) assert.ok(['Ana', 'Abe'].includes(bLine.partners[0].name), 'a guest partner is named');

      const marked = await userIdsOf(sql`SELECT user_id FROM game_attendance WHERE game_id = ${game.id}::uuid AND status = 'ATTENDED'`);
      assert.deepEqual(marked, [a.id, b.id, c.id].sort(), 'only users are marked');
      const told = await userIdsOf(sql`SELECT user_id FROM notifications WHERE resource_id = ${game.id}::uuid AND type = 'GAME_DAY_SUMMARY'`);
      assert.deepEqual(told, [b.id, c.id].sort(), 'guests are told nothing');
    });

    it('a player whose guests stand on both sides cannot confirm the score their own side entered', async () => {
      const { game, players } = await kit.gameWithPlayers(3, 'Player', { maxGuestsPerPlayer: 2 });
      const [a, b, c] = players as [TestUser, TestUser, TestUser];
      await bring(game, a, 2);
      assert.equal((await kit.open(game)).statusCode, 201);
      await kit.checkIn(game, [a, b, c]);
      assert.equal((await leave(game, a)).statusCode, 200);
      const [g1, g2] = (await playersOf(game)).filter((p) => p.guestOf === a.id).map((p) => p.userId) as [string, string];
      const proposed = await kit.propose(game);
      assert.equal(proposed.statusCode, 200, proposed.body);
      const { roundId, matches } = proposed.json().data as { roundId: string; matches: BoardMatch[] };
      const [sideA, sideB] = [sideIds(matches[0]!.sideA), sideIds(matches[0]!.sideB)];
      if (sideA.includes(g1) === sideA.includes(g2)) {
        // The host puts the two guests on opposite sides.
        const across = (sideA.includes(g2) ? sideB : sideA).find((id) => id !== g1 && id !== g2)!;
        assert.equal((await kit.req('POST', `/api/v1/games/${game.id}/game-day/rounds/${roundId}/swap`, kit.host, { out: g2, in: across })).statusCode, 200);
      }
      const [match] = (await kit.start(game, roundId)).json().data.matches as BoardMatch[];
      const s1 = sideIds(match!.sideA);
      assert.ok(s1.includes(g1) !== s1.includes(g2), 'the guests play on opposite sides');
      const enterer = s1.includes(b.id) ? b : c;
      const answerer = enterer === b ? c : b;
      assert.ok(!s1.includes(answerer.id) || !s1.includes(enterer.id), 'B and C play on opposite sides');

      kit.at(game, 15 * MINUTES);
      assert.equal((await kit.score(game, match!.id, enterer, 21, 15)).statusCode, 200);
      const mayAnswer = async (who: TestUser) => (await kit.board(game, who)).results[0].viewer.mayAnswer;
      assert.deepEqual([await mayAnswer(a), await mayAnswer(enterer), await mayAnswer(answerer)], [false, false, true], 'the board says who may answer');
      assertProblem(await kit.req('POST', `/api/v1/games/${game.id}/game-day/matches/${match!.id}/confirm`, a), 409, 'not_other_side');
      assert.equal((await kit.req('POST', `/api/v1/games/${game.id}/game-day/matches/${match!.id}/confirm`, answerer)).statusCode, 200);
    });

    it('a guest leaving drops out of the next proposal; only their player or a host says it', async () => {
      const { game, players } = await kit.gameWithPlayers(6, 'Player', { maxGuestsPerPlayer: 2 });
      const [a, b, c, d, e, away] = players as [TestUser, TestUser, TestUser, TestUser, TestUser, TestUser];
      await bring(game, a, 2);
      await bring(game, away, 1);
      assert.equal((await kit.open(game)).statusCode, 201);
      await kit.checkIn(game, [a, b, c, d, e]);
      const [first, second] = (await playersOf(game)).filter((p) => p.guestOf === a.id).map((p) => p.userId);

      assertProblem(await leave(game, b, { guestId: first }), 409, 'not_your_guest');
      assertProblem(await leave(game, a, { guestId: b.id }), 404, 'guest_not_found');
      assertProblem(await leave(game, kit.host, { guestId: '00000000-0000-5000-8000-000000000000' }), 404, 'guest_not_found');
      assert.ok(
        (await playersOf(game)).every((p) => p.state === 'RESTING'),
        'nobody left',
      );
      const [awayGuest] = (await playersOf(game, away)).filter((p) => p.guestOf === away.id);
      assert.equal(awayGuest, undefined, 'a guest is present only with their player');

      const byPlayer = await leave(game, a, { guestId: first });
      assert.equal(byPlayer.statusCode, 200, byPlayer.body);
      assert.deepEqual(byPlayer.json().data.viewer.left, false, 'their player stays');
      assert.equal(byPlayer.json().data.players.find((p: BoardPlayer) => p.userId === first).state, 'LEFT');
      assert.equal((await leave(game, kit.host, { guestId: second })).statusCode, 200);
      assert.equal((await leave(game, a, {})).statusCode, 200, 'an empty body: the caller leaves');

      const next = await kit.ok('POST', `/api/v1/games/${game.id}/game-day/rounds`, kit.host);
      const named = [...next.matches.flatMap((m: { sideA: BoardPlayer[]; sideB: BoardPlayer[] }) => [...m.sideA, ...m.sideB]), ...next.resting].map(
        (p: BoardPlayer) => p.userId,
      );
      assert.deepEqual(named.sort(), [b, c, d, e].map((p) => p.id).sort(), 'the guests who left are out of the next proposal');
    });
  });
}
