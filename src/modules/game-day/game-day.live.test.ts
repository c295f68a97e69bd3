import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { backends, realBackend } from '../../../test/helpers/backends.ts';
import { TestClock } from '../../../test/helpers/clock.ts';
import { twoInstances } from '../../../test/helpers/cluster.ts';
import { GameDayKit, MINUTES } from '../../../test/helpers/game-day.ts';
import { createGame, createSport, gameBody, onboardedUser } from '../../../test/helpers/games.ts';
import { listen, openStream, STREAM, type SseClient } from '../../../test/helpers/sse.ts';
import { createUser, mintTokens, type TestUser } from '../../../test/helpers/users.ts';
import type { Services } from '../../app-services.ts';

/** The next `game-day.board` event's game id, skipping notifications and other events. */
async function nextBoard(stream: SseClient, timeoutMs = 3000): Promise<string> {
  for (;;) {
    const event = await stream.next(timeoutMs);
    if (event.event === 'game-day.board') return (JSON.parse(event.data) as { gameId: string }).gameId;
  }
}

async function quiet(stream: SseClient, quietMs = 500): Promise<number> {
  let seen = 0;
  for (;;) {
    try {
      await nextBoard(stream, quietMs);
      seen++;
    } catch {
      return seen;
    }
  }
}

for (const backend of backends) {
  describe(`the game-day board live (${backend.name})`, () => {
    const kit = new GameDayKit(new TestClock(new Date('2034-06-01T08:00:00Z')));
    let services: Services;
    let base: string;
    const open: SseClient[] = [];

    before(async () => {
      await kit.setUp(backend, { onServices: (built) => (services = built) });
      base = await listen(kit.t.app);
    });
    after(async () => {
      for (const stream of open) stream.close();
      await kit.t.close();
    });

    const connect = async (who: TestUser) => {
      const token = (await mintTokens(kit.t.app, who.id)).accessToken;
      const stream = await openStream(`${base}${STREAM}`, { authorization: `Bearer ${token}` });
      assert.equal(stream.status, 200);
      open.push(stream);
      return stream;
    };

    it('opening, check-in, a round proposed and started, a score and closing each reach everyone on the board, and nobody else', async () => {
      const { game, players } = await kit.gameWithPlayers(4);
      const outsider = await onboardedUser(kit.t.app, 'Olaf Outside');
      const [a, b, c, d] = players as [TestUser, TestUser, TestUser, TestUser];
      const watching = await connect(a);
      const hostWatching = await connect(kit.host);
      const outside = await connect(outsider);

      assert.equal((await kit.open(game)).statusCode, 201);
      assert.equal(await nextBoard(watching), game.id, 'opened');
      assert.equal(await nextBoard(hostWatching), game.id);
      await kit.checkIn(game, [a, b, c, d]);
      for (let i = 0; i < 4; i++) assert.equal(await nextBoard(watching), game.id, 'a check-in');
      const [match] = await kit.playRound(game);
      assert.equal(await nextBoard(watching), game.id, 'proposed');
      assert.equal(await nextBoard(watching), game.id, 'started');
      kit.at(game, 10 * MINUTES);
      assert.equal((await kit.score(game, match!.id, kit.host, 21, 15)).statusCode, 200);
      assert.equal(await nextBoard(watching), game.id, 'a score');
      await kit.ok('POST', `/api/v1/games/${game.id}/game-day/close`, kit.host);
      assert.equal(await nextBoard(watching), game.id, 'closed');
      assert.equal(await quiet(watching), 0, 'one event per change');
      assert.equal(await quiet(outside), 0, 'someone not in the game hears nothing');
      // A refused change tells nobody.
      assert.equal((await kit.req('POST', `/api/v1/games/${game.id}/game-day/rounds`, kit.host)).statusCode, 409);
      assert.equal(await quiet(watching), 0);
    });

    it('a checked-in player bringing a guest, and the guest leaving, reach everyone on the board', async () => {
      const { game, players } = await kit.gameWithPlayers(1, 'Guesting', { maxGuestsPerPlayer: 1 });
      const [a] = players as [TestUser];
      assert.equal((await kit.open(game)).statusCode, 201);
      await kit.checkIn(game, [a]);
      const watching = await connect(kit.host);
      await kit.ok('PUT', `/api/v1/games/${game.id}/participants/me/guests`, a, { guests: 1 });
      assert.equal(await nextBoard(watching), game.id, 'a guest came');
      const guest = ((await kit.board(game)).players as Array<{ userId: string; guestOf?: string }>).find((p) => p.guestOf === a.id)!;
      await kit.ok('POST', `/api/v1/games/${game.id}/game-day/leave`, a, { guestId: guest.userId });
      assert.equal(await nextBoard(watching), game.id, 'the guest left');
      assert.equal(await quiet(watching), 0);
    });

    it('changes made by service calls, with no request at all, reach the board: game day opened, a check-in, a guest', async () => {
      const { game, players } = await kit.gameWithPlayers(1, 'Direct', { maxGuestsPerPlayer: 1 });
      const [a] = players as [TestUser];
      const watching = await connect(kit.host);

      await services.gameDay.session.open(kit.host.id, game.id, { courts: 1, format: 'ROTATING_DOUBLES', scoreRule: 'TO_21' });
      assert.equal(await nextBoard(watching), game.id, 'opened');
      await services.attendance.attendance.checkIn(a.id, game.id);
      assert.equal(await nextBoard(watching), game.id, 'checked in');
      await services.games.participation.changeGuests(a.id, game.id, { guests: 1 });
      assert.equal(await nextBoard(watching), game.id, 'a guest came');
      assert.equal(await quiet(watching), 0);
    });
  });
}

describe('the game-day board live across two instances (postgres+redis)', { skip: !realBackend }, () => {
  const instances = twoInstances(realBackend);

  it('game day opened on one instance: a player’s stream on the other gets the board event', async () => {
    const [one, two] = instances.apps();
    const sport = await createSport(one, await createUser(one, { admin: true }), { name: 'Badminton' });
    const host = await onboardedUser(one, 'Host Tan');
    const player = await onboardedUser(one, 'Pat Ong');
    // Starts in 20 minutes: game day may open from 30 minutes before.
    const game = await createGame(one, host, gameBody(sport, new Date(), 1 / 3, { slots: 4 }));
    assert.equal((await one.inject({ method: 'POST', url: `/api/v1/games/${game.id}/participants`, headers: player.auth })).statusCode, 201);
    const stream = await openStream(`${await listen(two)}${STREAM}`, player.auth);
    instances.open.push(stream);
    const opened = await one.inject({
      method: 'POST',
      url: `/api/v1/games/${game.id}/game-day`,
      headers: host.auth,
      payload: { courts: 1, format: 'ROTATING_DOUBLES', scoreRule: 'TO_21' },
    });
    assert.equal(opened.statusCode, 201, opened.body);
    assert.equal(await nextBoard(stream), game.id);
  });
});
