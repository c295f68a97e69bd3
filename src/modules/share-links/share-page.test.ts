import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backends } from '../../../test/helpers/backends.ts';
import { createGame, gameBody } from '../../../test/helpers/games.ts';
import { appSuite } from '../../../test/helpers/suite.ts';
import { createUser } from '../../../test/helpers/users.ts';

for (const backend of backends) {
  describe(`the share page's facts (${backend.name})`, () => {
    const t = appSuite(backend, { sport: 'Padel', host: 'Host Ng' });

    const page = async (code: string) => {
      const response = await t.app.inject({ url: `/games/${code}`, remoteAddress: '192.0.2.77' });
      assert.equal(response.statusCode, 200);
      return response.body.replace(/\s+/g, ' ');
    };

    it('shows the price, the skill range and how many wait for a place', async () => {
      const game = await createGame(t.app, t.host, gameBody(t.sport, new Date(), 72, { slots: 1, price: '8.5' }));
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
        t.host,
        gameBody(t.sport, new Date(), 120, { price: '0', skillLevelFromId: t.sport.levels.intermediate, skillLevelToId: t.sport.levels.intermediate }),
      );
      const html = await page(free.shareLink!.code);
      assert.match(html, /<dt>Price<\/dt><dd>Free<\/dd>/);
      assert.match(html, /<dt>Level<\/dt><dd>Intermediate<\/dd>/);
      assert.doesNotMatch(html, /waiting for a place/);
    });
  });
}
