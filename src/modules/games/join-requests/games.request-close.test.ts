import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backends } from '../../../../test/helpers/backends.ts';
import { TestClock } from '../../../../test/helpers/clock.ts';
import { createGame, gameBody, onboardedUser } from '../../../../test/helpers/games.ts';
import { appSuite } from '../../../../test/helpers/suite.ts';
import { runJob } from '../../../../test/helpers/test-app.ts';
import { mintTokens, type TestUser } from '../../../../test/helpers/users.ts';

/** Issue #32 item 19: a join request nobody answered is closed with its game, and its sender is told. */
for (const backend of backends) {
  describe(`games: open join requests close with their game (${backend.name})`, () => {
    const clock = new TestClock(new Date('2035-09-01T08:00:00Z'));
    const req = async (method: 'GET' | 'POST' | 'DELETE', url: string, who: TestUser, payload?: object) =>
      t.app.inject({ method, url, headers: { authorization: `Bearer ${(await mintTokens(t.app, who.id)).accessToken}` }, ...(payload ? { payload } : {}) });
    const told = async (who: TestUser, gameId: string) => {
      const response = await req('GET', '/api/v1/notifications?size=100', who);
      return (response.json().data.content as Array<{ type: string; resourceId: string }>).filter((n) => n.resourceId === gameId).map((n) => n.type);
    };
    const asking = async (hours: number, name: string) => {
      const game = await createGame(t.app, t.host, gameBody(t.sport, clock.now(), hours, { joinPolicy: 'APPROVAL' }));
      const player = await onboardedUser(t.app, name);
      assert.equal((await req('POST', `/api/v1/games/${game.id}/join-requests`, player, {})).statusCode, 201);
      return { game, player };
    };
    const runStatusJob = () => runJob(t.app, 'game-status');

    const t = appSuite(backend, { overrides: { clock }, host: 'Host Closer', sport: 'Volleyball' });

    it('the organiser cancels the game: the waiting requester is told, and the request is gone', async () => {
      const { game, player } = await asking(30, 'Waiting Wanda');
      assert.equal((await req('DELETE', `/api/v1/games/${game.id}`, t.host)).statusCode, 204);
      assert.deepEqual(await told(player, game.id), ['JOIN_REQUEST_CANCELLED']);
      const listed = await req('GET', `/api/v1/games/${game.id}/join-requests`, t.host);
      assert.equal(listed.json().data.content.length, 0);
    });

    it('the game starts with the request unanswered: it lapses and the requester is told once', async () => {
      const { game, player } = await asking(50, 'Lapsed Lars');
      await runStatusJob();
      assert.deepEqual(await told(player, game.id), [], 'not before the start');
      clock.set(new Date(Date.parse(game.startTime) + 1000));
      await runStatusJob();
      await runStatusJob();
      assert.deepEqual(await told(player, game.id), ['JOIN_REQUEST_LAPSED']);
      assert.equal((await req('GET', `/api/v1/games/${game.id}/join-requests`, t.host)).json().data.content.length, 0);
    });
  });
}
