import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SQL } from 'drizzle-orm';
import { backends } from '../../../../test/helpers/backends.ts';
import { raceSuite } from '../../../../test/helpers/game-lock.ts';
import { createGame, gameBody, onboardedUser } from '../../../../test/helpers/games.ts';
import type { TestUser } from '../../../../test/helpers/users.ts';
import type { Database, Transaction } from '../../../platform/db/index.ts';

/** `target` with `key` answered by `value` and every other member bound to `target`. */
function overriding<T extends object>(target: T, key: string, value: unknown): T {
  return new Proxy(target, {
    get: (of, name) => {
      if (name === key) return value;
      const member: unknown = Reflect.get(of, name);
      return typeof member === 'function' ? (member as (...args: unknown[]) => unknown).bind(of) : member;
    },
  });
}

/**
 * A leave locks the game's row, judges the leave against it (the texts carry its title; an offer is
 * made or a place given by its waitlist mode) and runs game_leave under the same lock: an
 * organiser's edit made meanwhile waits for the leave, and every leave is judged against one
 * version of the game. Here the organiser renames the game and turns its waitlist to offers while
 * leaves are being judged (just before game_leave, the leave's one raw statement, is sent).
 */
for (const backend of backends) {
  describe(`leaves racing the organiser's edit (${backend.name})`, () => {
    const t = raceSuite(backend);

    /** The leave service; `judging` runs as each leave is about to send game_leave (in its transaction, holding the game's lock). */
    function leaves(judging: () => Promise<void>) {
      // game_leave is the leave's one raw statement: `judging` runs just before it, wherever it is sent.
      const paused = <E extends Database | Transaction>(executor: E) =>
        overriding(executor, 'execute', async (query: SQL) => {
          await judging();
          return executor.execute(query);
        });
      const db = overriding(paused(t.database.db), 'transaction', <T>(work: (tx: Transaction) => Promise<T>) =>
        t.database.db.transaction((tx) => work(paused(tx))),
      );
      return t.participation({ db });
    }

    const join = async (player: TestUser, gameId: string) =>
      (await t.app.inject({ method: 'POST', url: `/api/v1/games/${gameId}/participants`, headers: player.auth })).json().data.status as string;
    const read = async (gameId: string) => (await t.app.inject({ url: `/api/v1/games/${gameId}`, headers: t.host.auth })).json().data;
    const participants = async (gameId: string) =>
      (await t.app.inject({ url: `/api/v1/games/${gameId}/participants`, headers: t.host.auth })).json().data as Array<{
        userId: string;
        status: string;
        offerExpiresAt: string | null;
      }>;
    /** The fake texts `user` was told (`left: Before (leaver id)` …), as [key, title, leaver]. */
    const told = async (user: TestUser) =>
      ((await t.app.inject({ url: '/api/v1/notifications?size=50', headers: user.auth })).json().data.content as Array<{ title: string }>).flatMap((n) =>
        [...n.title.matchAll(/^(left|promoted|offered): (.+) \((.+)\)$/g)].map((m) => [m[1]!, m[2]!, m[3]!] as const),
      );

    it("the organiser's edit waits for the leave being judged, which goes through with the game it locked", async () => {
      const game = await createGame(t.app, t.host, gameBody(t.sport, t.clock.now(), 48, { title: 'Morning rally', slots: 1 }));
      const [leaver, waiting] = [await onboardedUser(t.app, 'Player Tan'), await onboardedUser(t.app, 'Player Lee')];
      assert.deepEqual([await join(leaver, game.id), await join(waiting, game.id)], ['ACTIVE', 'WAITLISTED']);
      let edit: Promise<{ statusCode: number }> | undefined;
      const participation = leaves(async () => {
        edit = (await t.editWhileJudging(game.id, { title: 'Evening rally', waitlistMode: 'OFFER' })).answered;
      });

      await participation.leave(leaver.id, game.id);

      assert.equal((await edit!).statusCode, 200, 'the edit went through after the leave');
      assert.deepEqual(await told(t.host), [['left', 'Morning rally', leaver.id]], 'the organiser is told once, with the title the leave was judged with');
      assert.deepEqual(await told(waiting), [['promoted', 'Morning rally', leaver.id]], 'the place given as the waitlist mode the leave locked said');
      assert.deepEqual(
        (await participants(game.id)).map((p) => [p.userId, p.status, p.offerExpiresAt]),
        [[waiting.id, 'ACTIVE', null]],
      );
      const after = await read(game.id);
      assert.deepEqual([after.title, after.waitlistMode, after.playersJoined, after.waitlisted, after.placesOnOffer], ['Evening rally', 'OFFER', 1, 0, 0]);
    });

    it('leaves around one edit: each judged against one version of the game, the waitlist served in order', async () => {
      const game = await createGame(t.app, t.host, gameBody(t.sport, t.clock.now(), 72, { title: 'Before', slots: 3 }));
      const players = [];
      for (let i = 0; i < 7; i++) players.push(await onboardedUser(t.app, `Player ${i}`));
      for (const player of players) await join(player, game.id);
      const [leavers, waiting] = [players.slice(0, 3), players.slice(3)];
      let judged = 0;
      let edit: Promise<{ statusCode: number }> | undefined;
      const participation = leaves(async () => {
        if (++judged === 2) edit = (await t.editWhileJudging(game.id, { title: 'After', waitlistMode: 'OFFER' })).answered;
      });

      await Promise.all(leavers.map((leaver) => participation.leave(leaver.id, game.id)));

      assert.equal((await edit!).statusCode, 200);
      // The organiser's texts about this game: the leavers' ids are new to this test.
      const left = (await told(t.host)).filter(([, , leaver]) => leavers.some((p) => p.id === leaver));
      const versions = new Map(left.map(([, title, leaver]) => [leaver, title]));
      assert.equal(left.length, 3, 'every leave told the organiser once');
      assert.ok([...versions.values()].filter((title) => title === 'Before').length >= 2, 'the edit waited for the leave it met');
      // A leave judged before the edit gave the place (AUTO); one judged after it offered it (OFFER).
      for (const [i, player] of waiting.entries()) {
        const moves = await told(player);
        if (i === waiting.length - 1) {
          assert.deepEqual(moves, [], 'three places freed: the last to join still waits');
          continue;
        }
        assert.equal(moves.length, 1, 'served once, in joining order');
        const [move, title, leaver] = moves[0]!;
        assert.equal(title, versions.get(leaver), 'told with the title its leave was judged with');
        assert.equal(move, title === 'Before' ? 'promoted' : 'offered');
      }
      const rows = await participants(game.id);
      const after = await read(game.id);
      const active = rows.filter((row) => row.status === 'ACTIVE');
      const offered = rows.filter((row) => row.offerExpiresAt !== null);
      assert.deepEqual(
        [...active, ...offered].map((row) => row.userId).sort(),
        waiting
          .slice(0, 3)
          .map((p) => p.id)
          .sort(),
      );
      assert.deepEqual(
        [after.playersJoined, after.placesOnOffer, after.waitlisted],
        [active.length, offered.length, rows.length - active.length],
        'the counters agree with the rows',
      );
      assert.equal(after.playersJoined + after.placesOnOffer, 3, 'no slot exceeded, none left free');
    });
  });
}
