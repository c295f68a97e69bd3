import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backends } from '../../../test/helpers/backends.ts';
import { gameDayKit, MINUTES, sideIds, type BoardMatch } from '../../../test/helpers/game-day.ts';
import type { Game } from '../../../test/helpers/games.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { openDatabase } from '../../platform/db/index.ts';
import { SkillService } from './skill.service.ts';
import type { TestUser } from '../../../test/helpers/users.ts';

interface OwnRating {
  activity: { id: string; name: string | null };
  kind: string;
  mu: number;
  sigma: number;
  games: number;
  suggestedLevel: { id: string; name: string } | null;
  history: Array<{ matchId: string; won: boolean | null; muBefore: number; muAfter: number; sigmaAfter: number }>;
}

for (const backend of backends) {
  describe(`skill ratings learnt from game day's results (${backend.name})`, () => {
    const kit = gameDayKit(backend, '2034-09-01T08:00:00Z');
    const url = (game: Game, match: BoardMatch, action: string) => `/api/v1/games/${game.id}/game-day/matches/${match.id}/${action}`;

    const mine = async (who: TestUser): Promise<{ hidden: boolean; ratings: OwnRating[] }> => kit.ok('GET', '/api/v1/me/ratings', who);
    const doubles = async (who: TestUser) => (await mine(who)).ratings.find((r) => r.kind === 'DOUBLES' && r.activity.id === kit.sport.activityId);

    /** Four players on one court, a round started and its score entered by side A (A wins 21–10). */
    async function entered(game: Game, players: TestUser[]) {
      const [match] = await kit.playRound(game);
      kit.clock.set(new Date(kit.clock.now().getTime() + 15 * MINUTES));
      const side = (ids: string[]) => ids.map((id) => players.find((p) => p.id === id)!);
      const a = side(sideIds(match!.sideA));
      const b = side(sideIds(match!.sideB));
      assert.equal((await kit.score(game, match!.id, a[0]!, 21, 10)).statusCode, 200);
      return { match: match!, a, b };
    }

    async function session(count = 4) {
      const { game, players } = await kit.gameWithPlayers(count);
      assert.equal((await kit.open(game)).statusCode, 201);
      await kit.checkIn(game, players);
      return { game, players };
    }

    it('a confirmed result moves both sides: winners up, losers down, both less uncertain; the history says so', async () => {
      const { game, players } = await session();
      const { match, a, b } = await entered(game, players);
      assert.deepEqual((await mine(a[0]!)).ratings, [], 'an entered score is not final');
      await kit.ok('POST', url(game, match, 'confirm'), b[0]!);
      for (const winner of a) {
        const rating = (await doubles(winner))!;
        assert.ok(rating.mu > 25 && rating.sigma < 8.34, JSON.stringify(rating));
        assert.equal(rating.games, 1);
        assert.equal(rating.suggestedLevel, null, 'no suggestion before three rated games');
        assert.deepEqual(
          rating.history.map((h) => [h.matchId, h.won, h.muBefore]),
          [[match.id, true, 25]],
        );
      }
      for (const loser of b) {
        const rating = (await doubles(loser))!;
        assert.ok(rating.mu < 25, JSON.stringify(rating));
        assert.equal(rating.history[0]!.won, false);
      }
      assert.equal((await mine(a[0]!)).hidden, false);
    });

    it('two players of the other side confirming at once move the ratings once', async () => {
      const { game, players } = await session();
      const { match, a, b } = await entered(game, players);
      const answers = await Promise.all(b.map((player) => kit.req('POST', url(game, match, 'confirm'), player)));
      assert.deepEqual(answers.map((r) => r.statusCode).sort(), [200, 409]);
      assert.equal((await doubles(a[0]!))!.games, 1);
      assert.equal((await doubles(b[0]!))!.history.length, 1);
    });

    it('a settled dispute moves the ratings by the settled score, once even when two settles race', async () => {
      const { game, players } = await session();
      const { match, a, b } = await entered(game, players);
      await kit.ok('POST', url(game, match, 'dispute'), b[0]!);
      const answers = await Promise.all([
        kit.req('POST', url(game, match, 'settle'), kit.host, { a: 10, b: 21 }),
        kit.req('POST', url(game, match, 'settle'), kit.host, { a: 10, b: 21 }),
      ]);
      assert.deepEqual(answers.map((r) => r.statusCode).sort(), [200, 409]);
      const winner = (await doubles(b[0]!))!;
      assert.deepEqual([winner.games, winner.history.length, winner.history[0]!.won], [1, 1, true]);
      assert.ok((await doubles(a[0]!))!.mu < 25, 'side A lost as settled');
    });

    it('after three rated games the rating suggests a level of the ladder; the rotation and the board use it', async () => {
      const { game, players } = await session();
      for (let round = 0; round < 3; round++) {
        const { match, b } = await entered(game, players);
        await kit.ok('POST', url(game, match, 'confirm'), b[0]!);
      }
      const levels = Object.values(kit.sport.levels);
      for (const player of players) {
        const rating = (await doubles(player))!;
        assert.equal(rating.games, 3);
        assert.ok(rating.suggestedLevel && levels.includes(rating.suggestedLevel.id), JSON.stringify(rating));
      }
      const board = await kit.board(game, players[0]);
      const own = board.players.find((p: { userId: string }) => p.userId === players[0]!.id);
      assert.equal(own.rating.games, 3);
      assert.ok(own.rating.suggestedLevel);
    });

    it('the next proposal balances the sides by the learnt ratings (its reason adds them up)', async () => {
      const { game, players } = await session(5);
      const { match, b } = await entered(game, players);
      await kit.ok('POST', url(game, match, 'confirm'), b[0]!);
      const proposed = await kit.propose(game);
      assert.equal(proposed.statusCode, 200, proposed.body);
      const [next] = proposed.json().data.matches as BoardMatch[];
      const mu = async (id: string) => (await doubles(players.find((p) => p.id === id)!))?.mu ?? 25;
      const sum = async (side: BoardMatch['sideA']) => Math.round((await Promise.all(sideIds(side).map(mu))).reduce((x, y) => x + y, 0));
      const expected = `sides ${await sum(next!.sideA)} v ${await sum(next!.sideB)} by rating`;
      assert.ok(next!.reason?.endsWith(expected), `${next!.reason} / ${expected}`);
      assert.ok(!expected.includes('50 v 50'), 'not the starting estimates');
    });

    it('a player who hides their rating: other players and hosts no longer see it on the board; they still do', async () => {
      const { game, players } = await session();
      const { match, b } = await entered(game, players);
      await kit.ok('POST', url(game, match, 'confirm'), b[0]!);
      const ratingOf = async (viewer: TestUser, subject: TestUser) =>
        (await kit.board(game, viewer)).players.find((p: { userId: string }) => p.userId === subject.id).rating;
      assert.equal((await ratingOf(players[1]!, players[0]!)).games, 1, 'shown to others by default');

      assertProblem(await kit.req('PUT', '/api/v1/me/ratings/visibility', players[0], { hidden: 'yes' }), 400, 'validation_failed');
      assert.equal((await mine(players[0]!)).hidden, false, 'bad input changes nothing');

      const saved = await kit.ok('PUT', '/api/v1/me/ratings/visibility', players[0]!, { hidden: true });
      assert.equal(saved.hidden, true);
      assert.equal(await ratingOf(players[1]!, players[0]!), null);
      assert.equal(await ratingOf(kit.host, players[0]!), null);
      assert.equal((await ratingOf(players[0]!, players[0]!)).games, 1, 'the player still sees their own');
      assert.equal((await mine(players[0]!)).ratings[0]!.games, 1);

      await kit.ok('PUT', '/api/v1/me/ratings/visibility', players[0]!, { hidden: false });
      assert.equal((await ratingOf(players[1]!, players[0]!)).games, 1);
    });

    if (backend.redisUrl) {
      it('the same result recorded from six transactions at once moves the ratings once (the event row decides)', async () => {
        const handle = await openDatabase({ url: kit.t.config.databaseUrl, dataDir: kit.t.config.dataDir, poolSize: 8 });
        try {
          const service = new SkillService({
            db: handle.db,
            clock: kit.clock,
            activities: { find: async () => undefined },
            levels: { levelIn: async () => undefined },
          });
          const ids = ['00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000b1'];
          const result = { matchId: '00000000-0000-4000-8000-00000000cafe', gameId: ids[0]!, activityId: kit.sport.activityId, kind: 'SINGLES' as const };
          const moved = await Promise.all(
            Array.from({ length: 6 }, () =>
              handle.db.transaction((tx) => service.recordResult({ ...result, sideA: [ids[0]!], sideB: [ids[1]!], winner: 'A' }, tx)),
            ),
          );
          assert.equal(moved.filter(Boolean).length, 1);
          const ratings = await service.ratingsOf(ids, kit.sport.activityId, 'SINGLES');
          assert.deepEqual(
            ids.map((id) => ratings.get(id)!.games),
            [1, 1],
          );
        } finally {
          await handle.close();
        }
      });
    }

    it('signed out: 401', async () => {
      assert.equal((await kit.req('GET', '/api/v1/me/ratings')).statusCode, 401);
      assert.equal((await kit.req('PUT', '/api/v1/me/ratings/visibility', undefined, { hidden: true })).statusCode, 401);
    });
  });
}
