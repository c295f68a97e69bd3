import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backends } from '../../../../test/helpers/backends.ts';
import { raceSuite } from '../../../../test/helpers/game-lock.ts';
import { createGame, gameBody, onboardedUser } from '../../../../test/helpers/games.ts';

/**
 * A join locks the game's row, judges the policies through its own transaction and writes under the
 * same lock: an organiser's edit made meanwhile waits for the join, and every join is judged against
 * one version of the game. Here the organiser renames the game and tightens its no-show limit while
 * joins are being judged (from the no-show check, the last step before the statement).
 */
for (const backend of backends) {
  describe(`joins racing the organiser's edit (${backend.name})`, () => {
    const t = raceSuite(backend);

    /** The join service; `judging` runs as each join reads the player's no-shows (holding the game's lock). */
    const joins = (noShowsOf: (userId: string) => number, judging: () => Promise<void>) =>
      t.participation({
        recentNoShows: async (userId) => {
          await judging();
          return noShowsOf(userId);
        },
      });

    const participants = async (gameId: string) =>
      (await t.app.inject({ url: `/api/v1/games/${gameId}/participants`, headers: t.host.auth })).json().data as Array<{ userId: string; status: string }>;
    const told = async () =>
      ((await t.app.inject({ url: '/api/v1/notifications?size=50', headers: t.host.auth })).json().data.content as Array<{ title: string }>).map(
        (n) => n.title,
      );

    it("the organiser's edit waits for the join being judged, which goes through with the game it locked", async () => {
      const game = await createGame(t.app, t.host, gameBody(t.sport, t.clock.now(), 48, { title: 'Morning rally', maxRecentNoShows: 3 }));
      const player = await onboardedUser(t.app, 'Player Tan');
      let edit: Promise<{ statusCode: number }> | undefined;
      const participation = joins(
        () => 2,
        async () => {
          edit = (await t.editWhileJudging(game.id, { title: 'Evening rally', maxRecentNoShows: 2 })).answered;
        },
      );

      const joined = await participation.join(player.id, game.id);

      assert.equal(joined.status, 'ACTIVE', 'judged against the limit of 3 it read under the lock');
      assert.equal((await edit!).statusCode, 200, 'the edit went through after the join');
      assert.deepEqual(await told(), [`joined: Morning rally (${player.id})`], 'the organiser is told once, with the title the join was judged with');
      const read = (await t.app.inject({ url: `/api/v1/games/${game.id}`, headers: t.host.auth })).json().data;
      assert.equal(read.title, 'Evening rally');
      assert.equal(read.playersJoined, 1);
    });

    it('many joins around one edit: each judged against one version of the game, no slot exceeded', async () => {
      const game = await createGame(t.app, t.host, gameBody(t.sport, t.clock.now(), 72, { title: 'Before', slots: 3, maxRecentNoShows: 3 }));
      const players = await Promise.all(Array.from({ length: 6 }, (_, i) => onboardedUser(t.app, `Player ${i}`)));
      // Half the players have 2 no-shows: welcome under the limit of 3, refused under the edited limit of 2.
      const careless = new Set(players.filter((_, i) => i % 2 === 1).map((p) => p.id));
      let judged = 0;
      let edit: Promise<{ statusCode: number }> | undefined;
      const participation = joins(
        (userId) => (careless.has(userId) ? 2 : 0),
        async () => {
          if (++judged === 2) edit = (await t.editWhileJudging(game.id, { title: 'After', maxRecentNoShows: 2 })).answered;
        },
      );

      const outcomes = await Promise.allSettled(players.map((player) => participation.join(player.id, game.id)));

      assert.equal((await edit!).statusCode, 200);
      const titles = new Map((await told()).flatMap((text) => [...text.matchAll(/^(?:joined|waitlisted): (\w+) \((.+)\)$/g)].map((m) => [m[2]!, m[1]!])));
      for (const [i, outcome] of outcomes.entries()) {
        const player = players[i]!;
        if (outcome.status === 'rejected') {
          assert.equal((outcome.reason as { code: string }).code, 'too_many_no_shows');
          assert.ok(careless.has(player.id), 'only the edited limit refuses, and only those over it');
          assert.ok(!titles.has(player.id));
        } else if (titles.get(player.id) === 'After') assert.ok(!careless.has(player.id), 'a join told the new title was judged by the new limit');
        else assert.equal(titles.get(player.id), 'Before');
      }
      assert.ok([...titles.values()].filter((title) => title === 'Before').length >= 2, 'the edit waited for the join it met');
      const rows = await participants(game.id);
      const read = (await t.app.inject({ url: `/api/v1/games/${game.id}`, headers: t.host.auth })).json().data;
      assert.equal(rows.length, titles.size);
      assert.equal(read.playersJoined, Math.min(3, rows.length), 'the first three parties hold the three places');
      assert.equal(rows.filter((row) => row.status === 'ACTIVE').length, read.playersJoined);
      assert.equal(read.waitlisted, rows.length - read.playersJoined);
    });
  });
}
