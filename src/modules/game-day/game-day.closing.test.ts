import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backends } from '../../../test/helpers/backends.ts';
import { gameDayKit, MINUTES, sideIds } from '../../../test/helpers/game-day.ts';
import type { Game } from '../../../test/helpers/games.ts';
import type { TestUser } from '../../../test/helpers/users.ts';

for (const backend of backends) {
  describe(`game day: after the session, who played is marked ATTENDED and told once (${backend.name})`, () => {
    const kit = gameDayKit(backend, '2034-10-01T08:00:00Z');

    const summaries = async (who: TestUser, game: Game) =>
      ((await kit.ok('GET', '/api/v1/notifications?size=100', who)).content as Array<{ type: string; resourceId: string; message: string }>).filter(
        (n) => n.type === 'GAME_DAY_SUMMARY' && n.resourceId === game.id,
      );

    /** Five players checked in on one court; one round played and its score entered. */
    async function played() {
      const { game, players } = await kit.gameWithPlayers(5);
      assert.equal((await kit.open(game)).statusCode, 201);
      await kit.checkIn(game, players);
      const [match] = await kit.playRound(game);
      kit.at(game, 15 * MINUTES);
      const onCourt = new Set([...sideIds(match!.sideA), ...sideIds(match!.sideB)]);
      const [first] = players.filter((p) => onCourt.has(p.id));
      assert.equal((await kit.score(game, match!.id, first!, 21, 12)).statusCode, 200);
      return { game, players, played: players.filter((p) => onCourt.has(p.id)), benched: players.filter((p) => !onCourt.has(p.id)) };
    }

    it('closing tells each player who played (and nobody else), and marks them ATTENDED even after a NO_SHOW mark', async () => {
      const { game, played: playedIt, benched } = await played();
      const marked = await kit.req('PUT', `/api/v1/games/${game.id}/attendance/${playedIt[0]!.id}`, kit.host, { status: 'NO_SHOW' });
      assert.equal(marked.statusCode, 200, marked.body);
      await kit.ok('POST', `/api/v1/games/${game.id}/game-day/close`, kit.host);

      const marks = (await kit.ok('GET', `/api/v1/games/${game.id}/attendance`, kit.host)) as Array<{ userId: string; status: string | null }>;
      for (const player of playedIt) assert.equal(marks.find((m) => m.userId === player.id)!.status, 'ATTENDED', 'who played attended');
      assert.equal(marks.find((m) => m.userId === benched[0]!.id)!.status, 'ATTENDED', 'the checked-in player keeps their check-in');
      for (const player of playedIt) {
        const told = await summaries(player, game);
        assert.equal(told.length, 1);
        assert.match(told[0]!.message, /games, wins and partners/);
      }
      assert.deepEqual(await summaries(benched[0]!, game), [], 'who did not play is not told');
    });

    it('two closes at once: one closes, the other is 409; one notification each', async () => {
      const { game, played: playedIt } = await played();
      const answers = await Promise.all([1, 2].map(() => kit.req('POST', `/api/v1/games/${game.id}/game-day/close`, kit.host)));
      assert.deepEqual(answers.map((r) => r.statusCode).sort(), [200, 409]);
      for (const player of playedIt) assert.equal((await summaries(player, game)).length, 1);
    });
  });
}
