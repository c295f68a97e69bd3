import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backends } from '../../../test/helpers/backends.ts';
import { gameDayKit, MINUTES } from '../../../test/helpers/game-day.ts';
import { onboardedUser } from '../../../test/helpers/games.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import type { TestUser } from '../../../test/helpers/users.ts';

for (const backend of backends) {
  describe(`game day: opening, check-in, leaving, rounds and swaps (${backend.name})`, () => {
    const kit = gameDayKit(backend, '2034-05-01T08:00:00Z');

    it('the organiser or a co-host opens game day from 30 minutes before the start, once; players and others may not', async () => {
      const { game, players } = await kit.gameWithPlayers(2);
      const [coHost, outsider] = [await onboardedUser(kit.t.app, 'Cora'), await onboardedUser(kit.t.app, 'Olaf')];
      await kit.ok('POST', `/api/v1/games/${game.id}/co-hosts`, kit.host, { userId: coHost.id }, 201);
      const [invitation] = await kit.ok('GET', '/api/v1/me/invitations', coHost);
      assert.equal((await kit.req('POST', `/api/v1/me/invitations/${invitation.id}/accept`, coHost)).statusCode, 204);

      kit.at(game, -31 * MINUTES);
      assertProblem(await kit.open(game), 409, 'game_day_window_closed');
      assert.equal((await kit.board(game)).session, null, 'nothing was opened');
      kit.at(game, -30 * MINUTES);
      for (const who of [players[0]!, outsider]) assertProblem(await kit.open(game, undefined, who), 404, 'game_not_found');
      assertProblem(await kit.open(game, { courts: 21, format: 'ROTATING_DOUBLES', scoreRule: 'TO_21' }, coHost), 400, 'validation_failed');
      assertProblem(await kit.open(game, { courts: 2, format: 'DOUBLES', scoreRule: 'TO_21' }, coHost), 400, 'validation_failed');
      const opened = await kit.open(game, { courts: 3, format: 'WINNER_STAYS', scoreRule: 'TO_11', pace: 'COURT', winnerStaysCap: 3 }, coHost);
      assert.equal(opened.statusCode, 201, opened.body);
      assert.deepEqual(
        { ...opened.json().data.session, openedAt: undefined },
        { format: 'WINNER_STAYS', courts: 3, scoreRule: 'TO_11', pace: 'COURT', winnerStaysCap: 3, openedAt: undefined, closedAt: null },
      );
      assert.deepEqual(
        opened.json().data.courts.map((court: { court: number }) => court.court),
        [1, 2, 3],
      );
      assertProblem(await kit.open(game), 409, 'game_day_already_open');
      assert.equal((await kit.board(game, players[1])).session.format, 'WINNER_STAYS', 'a player sees the board');
      assertProblem(await kit.req('GET', `/api/v1/games/${game.id}/game-day`, outsider), 404, 'game_not_found');
      assert.equal((await kit.req('GET', `/api/v1/games/${game.id}/game-day`)).statusCode, 401);
    });

    it('checked-in players wait on the board; one who leaves drops out of the next rounds; a late arrival joins the queue', async () => {
      const { game, players } = await kit.gameWithPlayers(6);
      const [a, b, c, d, e, late] = players as [TestUser, TestUser, TestUser, TestUser, TestUser, TestUser];
      assert.equal((await kit.open(game)).statusCode, 201);
      await kit.checkIn(game, [a, b, c, d, e]);
      const board = await kit.board(game, a);
      assert.deepEqual(board.viewer, { userId: a.id, host: false, checkedIn: true, left: false });
      assert.deepEqual(
        board.players.map((p: { userId: string; state: string }) => [p.userId, p.state]),
        [a, b, c, d, e].map((p) => [p.id, 'RESTING']),
      );
      assertProblem(await kit.req('POST', `/api/v1/games/${game.id}/game-day/leave`, late), 409, 'not_checked_in');

      const left = await kit.ok('POST', `/api/v1/games/${game.id}/game-day/leave`, e);
      assert.equal(left.viewer.left, true);
      assert.equal(left.players.find((p: { userId: string }) => p.userId === e.id).state, 'LEFT');
      const first = await kit.playRound(game);
      const onCourt = first.flatMap((match) => [...match.sideA, ...match.sideB].map((p) => p.userId));
      assert.deepEqual(onCourt.sort(), [a, b, c, d].map((p) => p.id).sort(), 'the four present players play; the one who left does not');

      kit.at(game, 10 * MINUTES);
      assert.equal((await kit.score(game, first[0]!.id, kit.host, 21, 12)).statusCode, 200);
      await kit.ok('PUT', `/api/v1/games/${game.id}/attendance/${late.id}`, kit.host, { status: 'ATTENDED' });
      const next = await kit.ok('POST', `/api/v1/games/${game.id}/game-day/rounds`, kit.host);
      const named = [...next.matches.flatMap((m: { sideA: object[]; sideB: object[] }) => [...m.sideA, ...m.sideB]), ...next.resting].map(
        (p: { userId: string }) => p.userId,
      );
      assert.ok(named.includes(late.id), 'the late arrival is in the next round, playing or resting');
      assert.ok(!named.includes(e.id));
      assert.equal(next.matches[0].sideA.length, 2, 'doubles');
    });

    it('a host asks for the next round: one proposal at a time, even when two ask at once; it starts once', async () => {
      const { game, players } = await kit.gameWithPlayers(9);
      assert.equal((await kit.open(game, { courts: 2, format: 'ROTATING_DOUBLES', scoreRule: 'TO_21' })).statusCode, 201);
      assertProblem(await kit.propose(game), 409, 'not_enough_players');
      await kit.checkIn(game, players);
      assertProblem(await kit.propose(game, players[0]), 404, 'game_not_found');

      const [one, two] = await Promise.all([kit.propose(game), kit.propose(game)]);
      assert.equal(one.statusCode, 200, one.body);
      assert.equal(two.statusCode, 200, two.body);
      const proposal = one.json().data;
      assert.equal(two.json().data.roundId, proposal.roundId, 'both hosts see the same proposal');
      assert.equal(proposal.number, 1);
      assert.deepEqual(
        proposal.matches.map((m: { court: number }) => m.court),
        [1, 2],
      );
      assert.equal(proposal.resting.length, 1, 'nine players on two courts: one rests');
      assert.equal((await kit.propose(game)).json().data.roundId, proposal.roundId, 'asking again answers the open proposal');
      assert.equal((await kit.board(game, players[0])).proposal.roundId, proposal.roundId);

      const starts = await Promise.all([kit.start(game, proposal.roundId), kit.start(game, proposal.roundId)]);
      assert.deepEqual(starts.map((r) => r.statusCode).sort(), [200, 409], 'a round starts once');
      assertProblem(
        starts.find((r) => r.statusCode === 409)!,
        409,
        'round_already_started',
      );
      const board = await kit.board(game);
      assert.equal(board.proposal, null);
      assert.deepEqual(
        board.courts.map((c: { match: { status: string } }) => c.match.status),
        ['PLAYING', 'PLAYING'],
      );
      assert.equal(board.players.filter((p: { state: string }) => p.state === 'PLAYING').length, 8);
      assertProblem(await kit.propose(game), 409, 'no_free_court');
    });

    it('a host swaps a resting player in before the start and learns what it costs; a bad swap changes nothing', async () => {
      const { game, players } = await kit.gameWithPlayers(5);
      assert.equal((await kit.open(game)).statusCode, 201);
      await kit.checkIn(game, players);
      const proposal = (await kit.propose(game)).json().data;
      const resting = proposal.resting[0].userId as string;
      const out = proposal.matches[0].sideA[0].userId as string;
      const url = `/api/v1/games/${game.id}/game-day/rounds/${proposal.roundId}/swap`;
      assertProblem(await kit.req('POST', url, kit.host, { out: resting, in: out }), 409, 'swap_not_possible');
      assertProblem(await kit.req('POST', url, players[0], { out, in: resting }), 404, 'game_not_found');
      const swapped = await kit.ok('POST', url, kit.host, { out, in: resting });
      assert.equal(swapped.roundId, proposal.roundId);
      assert.equal(swapped.matches[0].sideA[0].userId, resting);
      assert.deepEqual(
        swapped.resting.map((p: { userId: string }) => p.userId),
        [out],
      );
      assert.ok(
        swapped.costs.every((cost: unknown) => typeof cost === 'string' && cost.length > 0),
        'what the swap costs, in words',
      );
      assert.equal((await kit.board(game)).proposal.matches[0].sideA[0].userId, resting, 'the swap is stored');
      assert.equal((await kit.start(game, proposal.roundId)).statusCode, 200);
      assertProblem(await kit.req('POST', url, kit.host, { out: resting, in: out }), 409, 'round_already_started');
    });
  });
}
