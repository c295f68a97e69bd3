import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { backends } from '../../../test/helpers/backends.ts';
import { createGame, createSport, gameBody, onboardedUser, type Sport } from '../../../test/helpers/games.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createUser, type TestUser } from '../../../test/helpers/users.ts';

for (const backend of backends) {
  describe(`the share page's facts (${backend.name})`, () => {
    let t: TestApp;
    let sport: Sport;
    let host: TestUser;

    before(async () => {
      t = await buildTestApp(backend);
      sport = await createSport(t.app, await createUser(t.app, { admin: true }), { name: 'Padel' });
      host = await onboardedUser(t.app, 'Host Ng');
    });
    after(() => t.close());

    const page = async (code: string) => {
      const response = await t.app.inject({ url: `/games/${code}`, remoteAddress: '192.0.2.77' });
      assert.equal(response.statusCode, 200);
      return response.body.replace(/\s+/g, ' ');
    };

    it('shows the price, the skill range and how many wait for a place', async () => {
      const game = await createGame(t.app, host, gameBody(sport, new Date(), 72, { slots: 1, price: '8.5' }));
      for (const player of [await createUser(t.app), await createUser(t.app), await createUser(t.app)]) {
        assert.equal((await t.app.inject({ method: 'POST', url: `/api/v1/games/${game.id}/participants`, headers: player.auth })).statusCode, 201);
      }
      const html = await page(game.shareLink!.code);
      assert.match(html, /<dt>Price<\/dt><dd>SGD 8\.50<\/dd>/);
      assert.match(html, /<dt>Level<\/dt><dd>Beginner to Advanced<\/dd>/);
      assert.match(html, /1 of 1 joined<br><span class="muted">2 waiting for a place<\/span>/);
      assert.match(html, /<meta property="og:description" content="[^"]*Beginner to Advanced[^"]*SGD 8\.50/);
    });

    it('says Free for a free game, one level once, and nothing about a waitlist nobody is on', async () => {
      const free = await createGame(
        t.app,
        host,
        gameBody(sport, new Date(), 120, { price: '0', skillLevelFromId: sport.levels.intermediate, skillLevelToId: sport.levels.intermediate }),
      );
      const html = await page(free.shareLink!.code);
      assert.match(html, /<dt>Price<\/dt><dd>Free<\/dd>/);
      assert.match(html, /<dt>Level<\/dt><dd>Intermediate<\/dd>/);
      assert.doesNotMatch(html, /waiting for a place/);
    });
  });
}
