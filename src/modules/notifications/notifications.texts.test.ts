import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backends } from '../../../test/helpers/backends.ts';
import { createGame, gameBody } from '../../../test/helpers/games.ts';
import { appSuite } from '../../../test/helpers/suite.ts';
import { createUser, type TestUser } from '../../../test/helpers/users.ts';

for (const backend of backends) {
  describe(`notification texts (${backend.name})`, () => {
    const t = appSuite(backend, { startsAt: '2031-06-02T01:00:00Z', sport: 'Sepak Takraw', host: 'Host Tan' });

    const texts = async (who: TestUser, gameId: string) => {
      const response = await t.app.inject({ url: '/api/v1/notifications?size=100', headers: who.auth });
      assert.equal(response.statusCode, 200, response.body);
      return (response.json().data.content as Array<{ type: string; title: string; message: string; resourceId: string }>)
        .filter((n) => n.resourceId === gameId)
        .reverse()
        .map((n) => `${n.type} | ${n.title} | ${n.message}`);
    };

    it('name the player who joined or left, and tell a waitlist join from a join', async () => {
      const game = await createGame(t.app, t.host, gameBody(t.sport, t.clock.now(), 72, { slots: 1, title: 'Court 3' }));
      const dana = await createUser(t.app, { name: 'Dana Lee' });
      const eli = await createUser(t.app, { name: 'Eli Goh' });
      for (const player of [dana, eli]) {
        assert.equal((await t.app.inject({ method: 'POST', url: `/api/v1/games/${game.id}/participants`, headers: player.auth })).statusCode, 201);
      }
      // Later than NOTIFICATION_COALESCE_MINUTES: sooner, Dana's leave would update her join's notification.
      t.clock.advance(t.config.notificationCoalesceSeconds + 1);
      assert.equal((await t.app.inject({ method: 'DELETE', url: `/api/v1/games/${game.id}/participants/me`, headers: dana.auth })).statusCode, 204);
      assert.deepEqual(await texts(t.host, game.id), [
        'PLAYER_JOINED | New player | A player named "Dana Lee" joined your game "Court 3".',
        'GAME_FULL | Game full | Your game "Court 3" is now full.',
        'PLAYER_JOINED | New on the waitlist | A player named "Eli Goh" joined the waitlist of your game "Court 3".',
        'PLAYER_LEFT | Player left | A player named "Dana Lee" left your game "Court 3".',
      ]);
    });

    it('cope with a player whose provider sent no name', async () => {
      const game = await createGame(t.app, t.host, gameBody(t.sport, t.clock.now(), 96, { title: undefined }));
      const nameless = await createUser(t.app);
      assert.equal((await t.app.inject({ method: 'POST', url: `/api/v1/games/${game.id}/participants`, headers: nameless.auth })).statusCode, 201);
      assert.deepEqual(await texts(t.host, game.id), ['PLAYER_JOINED | New player | A player joined your game.']);
    });

    it("quote and attribute what another user chose: a player's title reads as the organiser's, never as the service's", async () => {
      const game = await createGame(t.app, t.host, gameBody(t.sport, t.clock.now(), 120, { title: 'Your account is locked, verify now' }));
      const player = await createUser(t.app, { name: 'Support Team' });
      assert.equal((await t.app.inject({ method: 'POST', url: `/api/v1/games/${game.id}/participants`, headers: player.auth })).statusCode, 201);
      assert.equal((await t.app.inject({ method: 'DELETE', url: `/api/v1/games/${game.id}`, headers: t.host.auth })).statusCode, 204);
      assert.deepEqual(await texts(player, game.id), [
        'GAME_CANCELLED | Game cancelled | The game its organiser titled "Your account is locked, verify now" was cancelled.',
      ]);
      assert.deepEqual(await texts(t.host, game.id), [
        'PLAYER_JOINED | New player | A player named "Support Team" joined your game "Your account is locked, verify now".',
      ]);
    });
  });
}
