import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backends } from '../../../../test/helpers/backends.ts';
import { TestClock } from '../../../../test/helpers/clock.ts';
import { createGame, gameBody, onboardedUser, type Game } from '../../../../test/helpers/games.ts';
import { assertProblem } from '../../../../test/helpers/problem.ts';
import { gameReader, requestsAs } from '../../../../test/helpers/requests.ts';
import { appSuite } from '../../../../test/helpers/suite.ts';
import { runJob } from '../../../../test/helpers/test-app.ts';
import { mintTokens, type TestUser } from '../../../../test/helpers/users.ts';

type Quorum = Game & { minPlayers: number | null; decisionHoursBefore: number; decisionAt: string | null; confirmed: boolean; cancelReason: string | null };

for (const backend of backends) {
  describe(`games: minimum players and the go / no-go decision (${backend.name})`, () => {
    const clock = new TestClock(new Date('2033-05-02T08:00:00Z'));
    const everyone: TestUser[] = [];
    const user = async (name: string) => {
      const created = await onboardedUser(t.app, name);
      everyone.push(created);
      return created;
    };
    /** Moves the clock; access tokens are checked against it, so everyone gets fresh ones. */
    const advanceHours = async (hours: number) => {
      clock.advance(hours * 3600);
      for (const who of [t.host, ...everyone]) who.auth = { authorization: `Bearer ${(await mintTokens(t.app, who.id)).accessToken}` };
    };
    const req = requestsAs(() => t.app);
    const getGame = gameReader<Quorum>(() => t.app);
    const join = async (who: TestUser, id: string, status = 201) => {
      const response = await req('POST', `/api/v1/games/${id}/participants`, who);
      assert.equal(response.statusCode, status, response.body);
      return response;
    };
    const decide = () => runJob(t.app, 'game-decisions');
    const told = async (who: TestUser, gameId: string, type: string) => {
      const response = await req('GET', '/api/v1/notifications?size=100', who);
      assert.equal(response.statusCode, 200, response.body);
      return (response.json().data.content as Array<{ type: string; resourceId: string; message: string }>).filter(
        (n) => n.type === type && n.resourceId === gameId,
      );
    };
    const quorumGame = async (startsInHours: number, overrides: Record<string, unknown>) =>
      createGame(t.app, t.host, gameBody(t.sport, clock.now(), startsInHours, overrides)) as Promise<Quorum>;

    const t = appSuite(backend, {
      env: { RATE_LIMIT_PUBLIC_ANON: '100000', RATE_LIMIT_PUBLIC_USER: '100000' },
      overrides: { clock },
      host: 'Host Quorum',
      sport: 'Futsal',
    });

    it('a game without a quorum looks as before: no quorum, default decision hours, not confirmed; the job leaves it alone', async () => {
      const game = await quorumGame(10, {});
      assert.equal(game.minPlayers, null);
      assert.equal(game.decisionHoursBefore, 3);
      assert.equal(game.decisionAt, null);
      assert.equal(game.confirmed, false);
      assert.equal(game.cancelReason, null);
      await advanceHours(8);
      assert.equal(await decide(), 0);
      assert.equal((await getGame(game.id)).status, 'SCHEDULED');
      await advanceHours(4);
    });

    it('refuses a quorum above the slots or a decision moment already past, and changes nothing', async () => {
      assertProblem(await req('POST', '/api/v1/games', t.host, gameBody(t.sport, clock.now(), 48, { slots: 4, minPlayers: 5 })), 400, 'validation_failed');
      assertProblem(await req('POST', '/api/v1/games', t.host, gameBody(t.sport, clock.now(), 2, { minPlayers: 2 })), 400, 'validation_failed');
      assertProblem(
        await req('POST', '/api/v1/games', t.host, gameBody(t.sport, clock.now(), 48, { minPlayers: 2, decisionHoursBefore: 169 })),
        400,
        'validation_failed',
      );
      const hosted = await req('GET', '/api/v1/me/games/hosted', t.host);
      assert.deepEqual(hosted.json().data.content, []);
    });

    it('enough active players at the decision moment: confirmed once, the players told "game on"', async () => {
      const game = await quorumGame(30, { slots: 4, minPlayers: 2, decisionHoursBefore: 6 });
      assert.equal(game.decisionAt, new Date(new Date(game.startTime).getTime() - 6 * 3_600_000).toISOString());
      const [a, b] = [await user('Ana'), await user('Ben')];
      await join(a, game.id);
      await join(b, game.id);
      await advanceHours(24);
      clock.advance(-1);
      assert.equal(await decide(), 0, 'a second before the decision moment nothing is decided');
      clock.advance(1);
      assert.equal(await decide(), 1);
      assert.equal(await decide(), 0, 'decided once');
      const decided = await getGame(game.id);
      assert.equal(decided.status, 'SCHEDULED');
      assert.equal(decided.confirmed, true);
      for (const who of [a, b, t.host]) assert.equal((await told(who, game.id, 'GAME_CONFIRMED')).length, 1);
      assert.match((await told(a, game.id, 'GAME_CONFIRMED'))[0]!.message, /confirmed/);
      assert.ok((await req('GET', '/api/v1/games?confirmed=true&size=100', a)).body.includes(game.id), 'listed under confirmed=true');
      assert.ok(!(await req('GET', '/api/v1/games?confirmed=false&size=100', a)).body.includes(game.id));
      // Confirmed, inside the 24-hour window: leaving is refused as for any game.
      assertProblem(await req('DELETE', `/api/v1/games/${game.id}/participants/me`, a), 409, 'leave_window_closed');
      assertProblem(await req('PUT', `/api/v1/games/${game.id}`, t.host, { minPlayers: 1 }), 409, 'decision_made');
      await advanceHours(8);
    });

    it('too few at the decision moment: cancelled NOT_ENOUGH_PLAYERS, everyone released and told; no join after', async () => {
      const game = await quorumGame(30, { slots: 3, minPlayers: 3, decisionHoursBefore: 3 });
      const [a, b, c] = [await user('Cal'), await user('Dee'), await user('Eve')];
      await join(a, game.id);
      await join(b, game.id);
      // Before the decision leaving is free, even inside 24 hours of the start.
      await advanceHours(20);
      const left = await req('DELETE', `/api/v1/games/${game.id}/participants/me`, a);
      assert.equal(left.statusCode, 204, left.body);
      await advanceHours(7);
      assert.equal(await decide(), 1);
      assert.equal(await decide(), 0);
      const decided = await getGame(game.id, t.host);
      assert.equal(decided.status, 'CANCELLED');
      assert.equal(decided.cancelReason, 'NOT_ENOUGH_PLAYERS');
      assert.equal(decided.confirmed, false);
      assert.equal(decided.playersJoined, 0);
      const players = await req('GET', `/api/v1/games/${game.id}/participants`, t.host);
      assert.deepEqual(players.json().data, [], 'everyone released');
      for (const who of [b, t.host]) assert.equal((await told(who, game.id, 'GAME_NOT_ENOUGH_PLAYERS')).length, 1);
      assert.match((await told(b, game.id, 'GAME_NOT_ENOUGH_PLAYERS'))[0]!.message, /not enough players/);
      assert.equal((await told(a, game.id, 'GAME_NOT_ENOUGH_PLAYERS')).length, 0, 'a player who left is not told');
      assertProblem(await join(c, game.id, 409), 409, 'game_not_joinable');
      await advanceHours(4);
    });

    it('the organiser confirms early (game on whatever the quorum) and may change the quorum until then; nobody else may', async () => {
      const game = await quorumGame(40, { slots: 4, minPlayers: 3 });
      const a = await user('Fay');
      await join(a, game.id);
      assertProblem(await req('PUT', `/api/v1/games/${game.id}`, t.host, { minPlayers: 5 }), 400, 'validation_failed');
      assertProblem(await req('PUT', `/api/v1/games/${game.id}`, t.host, { slots: 2 }), 400, 'validation_failed');
      assertProblem(await req('PUT', `/api/v1/games/${game.id}`, t.host, { decisionHoursBefore: 41 }), 400, 'validation_failed');
      const changed = await req('PUT', `/api/v1/games/${game.id}`, t.host, { minPlayers: 2, decisionHoursBefore: 12 });
      assert.equal(changed.statusCode, 200, changed.body);
      assert.equal(changed.json().data.minPlayers, 2);
      assert.equal(changed.json().data.decisionHoursBefore, 12);
      assertProblem(await req('POST', `/api/v1/games/${game.id}/confirm`, a), 404, 'game_not_found');
      assertProblem(await req('POST', `/api/v1/games/${game.id}/confirm`), 401);
      const confirmed = await req('POST', `/api/v1/games/${game.id}/confirm`, t.host);
      assert.equal(confirmed.statusCode, 200, confirmed.body);
      assert.equal(confirmed.json().data.confirmed, true);
      assert.equal((await req('POST', `/api/v1/games/${game.id}/confirm`, t.host)).statusCode, 200, 'again: no-op');
      assert.equal((await told(a, game.id, 'GAME_CONFIRMED')).length, 1, 'told once');
      assertProblem(await req('PUT', `/api/v1/games/${game.id}`, t.host, { minPlayers: null }), 409, 'decision_made');
      await advanceHours(30);
      assert.equal(await decide(), 0, 'an early confirmation is the decision');
      const after = await getGame(game.id);
      assert.equal(after.status, 'SCHEDULED');
      assert.equal(after.confirmed, true);
      assert.equal(after.playersJoined, 1);
      await advanceHours(12);
    });

    for (const decisionSent of ['before', 'after'] as const)
      it(`50 concurrent joins at the decision moment (job sent ${decisionSent} them): confirmed with its active players or cancelled with none, never both`, async () => {
        const game = await quorumGame(30, { slots: 50, minPlayers: 25, decisionHoursBefore: 3 });
        const players: TestUser[] = [];
        for (let i = 0; i < 50; i++) players.push(await user(`Racer ${decisionSent} ${i}`));
        await advanceHours(27);
        const joins = () => players.map((who) => req('POST', `/api/v1/games/${game.id}/participants`, who));
        const settled = decisionSent === 'before' ? await Promise.all([decide(), ...joins()]) : (await Promise.all([...joins(), decide()])).reverse();
        const [decided, ...responses] = settled as [number, ...Awaited<ReturnType<typeof req>>[]];
        assert.equal(decided, 1);
        const joined = responses.filter((r) => r.statusCode === 201);
        for (const r of responses) if (r.statusCode !== 201) assertProblem(r, 409, 'game_not_joinable');
        const final = await getGame(game.id, t.host);
        const listed = (await req('GET', `/api/v1/games/${game.id}/participants`, t.host)).json().data as unknown[];
        if (final.status === 'CANCELLED') {
          assert.equal(final.confirmed, false);
          assert.equal(final.playersJoined, 0);
          assert.equal(listed.length, 0);
        } else {
          assert.equal(final.status, 'SCHEDULED');
          assert.equal(final.confirmed, true);
          assert.equal(joined.length, 50, 'a confirmed game goes on taking players');
          assert.equal(final.playersJoined, 50);
          assert.equal(listed.length, 50);
        }
        assert.equal(await decide(), 0);
        await advanceHours(4);
      });
  });
}
