import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { backends } from '../../../test/helpers/backends.ts';
import { createGame, gameBody, onboardedUser, type Game } from '../../../test/helpers/games.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { appSuite } from '../../../test/helpers/suite.ts';
import { createUser, type TestUser } from '../../../test/helpers/users.ts';
import { newShareCode, SHARE_CODE } from './share-code.ts';

describe('share codes', () => {
  it('draws 8 characters of [0-9A-Za-z], using the whole alphabet', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const code = newShareCode();
      assert.match(code, SHARE_CODE);
      for (const c of code) seen.add(c);
    }
    assert.equal(seen.size, 62);
  });
});

for (const backend of backends) {
  describe(`share links (${backend.name})`, () => {
    let game: Game;

    const t = appSuite(backend, { env: { MOBILE_APP_IDS: 'ABCDE12345.com.example.match' }, sport: 'Badminton', host: 'Host' });
    before(async () => {
      game = await createGame(t.app, t.host, gameBody(t.sport, new Date()));
    });

    const resolve = (code: string, headers: Record<string, string> = {}, remoteAddress = '192.0.2.10') =>
      t.app.inject({ url: `/api/v1/share-links/${code}`, headers, remoteAddress });
    const linkOf = async (user: TestUser, gameId: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/share-links', headers: user.auth, payload: { resourceType: 'GAME', resourceId: gameId } });

    it('creates a game with its link, and POST answers that same link to the organiser', async () => {
      assert.match(game.shareLink!.code, SHARE_CODE);
      assert.equal(game.shareLink!.shareUrl, `http://localhost:8080/games/${game.shareLink!.code}`);
      const response = await linkOf(t.host, game.id);
      assert.equal(response.statusCode, 200);
      const link = response.json().data;
      assert.deepEqual(
        { code: link.code, resourceType: link.resourceType, resourceId: link.resourceId },
        { code: game.shareLink!.code, resourceType: 'GAME', resourceId: game.id },
      );
      assert.equal(link.mobileUrl, `service://games/${game.id}`);
    });

    it('gives the link to a player, and hides the game from a stranger (404)', async () => {
      const player = await onboardedUser(t.app);
      assert.equal((await t.app.inject({ method: 'POST', url: `/api/v1/games/${game.id}/participants`, headers: player.auth })).statusCode, 201);
      assert.equal((await linkOf(player, game.id)).statusCode, 200);
      assertProblem(await linkOf(await createUser(t.app), game.id), 404);
    });

    it('refuses a malformed code with 400 at the schema, before any lookup', async () => {
      for (const code of ['abc', 'abcdefg!', 'abcdefghi']) {
        const body = assertProblem(await resolve(encodeURIComponent(code)), 400, 'validation_failed');
        assert.equal(body.errors[0].location, 'path');
        assert.equal(body.errors[0].field, 'code');
      }
    });

    it('answers an unknown code with 404, and a known one with its URLs, counting the click', async () => {
      assertProblem(await resolve('Zz9Zz9Zz'), 404);
      const before = (await linkOf(t.host, game.id)).json().data.clickCount;
      const response = await resolve(game.shareLink!.code);
      assert.equal(response.statusCode, 200);
      const { game: shown, ...link } = response.json().data;
      assert.deepEqual(link, { resourceType: 'GAME', resourceId: game.id, webUrl: game.shareLink!.webUrl, mobileUrl: game.shareLink!.mobileUrl });
      assert.match(game.shareLink!.webUrl, new RegExp(`/s/${game.shareLink!.code}$`), 'the web link opens the share route, which works for anyone');
      assert.equal(shown.startTime, game.startTime);
      assert.equal(shown.slots, game.slots);
      assert.equal((await linkOf(t.host, game.id)).json().data.clickCount, before + 1);
    });

    it("lets a stranger who resolves a PRIVATE game's code while signed in see and join it", async () => {
      const hidden = await createGame(t.app, t.host, gameBody(t.sport, new Date(), 72, { visibility: 'PRIVATE' }));
      const stranger = await onboardedUser(t.app);
      assertProblem(await t.app.inject({ url: `/api/v1/games/${hidden.id}`, headers: stranger.auth }), 404);
      const listed = await t.app.inject({ url: '/api/v1/games?size=100', headers: stranger.auth });
      assert.ok(!listed.json().data.content.some((g: Game) => g.id === hidden.id));
      const anonymous = await resolve(hidden.shareLink!.code);
      assert.equal(anonymous.statusCode, 200);
      assert.equal(anonymous.json().data.game.startTime, hidden.startTime, 'a signed-out visitor sees what the public page shows');
      // ...and is granted nothing.
      assertProblem(await t.app.inject({ url: `/api/v1/games/${hidden.id}`, headers: stranger.auth }), 404);

      assert.equal((await resolve(hidden.shareLink!.code, stranger.auth)).statusCode, 200);
      assert.equal((await t.app.inject({ url: `/api/v1/games/${hidden.id}`, headers: stranger.auth })).statusCode, 200);
      const relisted = await t.app.inject({ url: '/api/v1/games?size=100', headers: stranger.auth });
      assert.ok(relisted.json().data.content.some((g: Game) => g.id === hidden.id));
      const joined = await t.app.inject({ method: 'POST', url: `/api/v1/games/${hidden.id}/participants`, headers: stranger.auth });
      assert.equal(joined.statusCode, 201);
    });

    it('limits resolves per address on their own budget, apart from public reads', async () => {
      const address = '192.0.2.77';
      for (let i = 0; i < 60; i++) assert.equal((await t.app.inject({ url: '/api/v1/activities', remoteAddress: address })).statusCode, 200);
      assertProblem(await t.app.inject({ url: '/api/v1/activities', remoteAddress: address }), 429);
      for (let i = 1; i <= 30; i++) {
        const response = await resolve('Zz9Zz9Zz', {}, address);
        assert.equal(response.statusCode, 404, `resolve ${i} is counted apart from the exhausted public reads`);
        assert.equal(response.headers['ratelimit-limit'], '30');
      }
      const limited = await resolve('Zz9Zz9Zz', {}, address);
      assertProblem(limited, 429, 'rate_limited');
      assert.ok(Number(limited.headers['retry-after']) >= 1);
    });

    it("gives the HTML page a per-address budget of its own: a visit does not spend the app's resolves", async () => {
      const address = '192.0.2.78';
      const code = game.shareLink!.code;
      for (let i = 1; i <= 30; i++) {
        const page = await t.app.inject({ url: `/games/${code}`, remoteAddress: address });
        assert.equal(page.statusCode, 200, `page ${i}`);
        assert.equal(page.headers['ratelimit-limit'], '30');
        assert.equal(page.headers['ratelimit-remaining'], String(30 - i));
      }
      assertProblem(await t.app.inject({ url: `/games/${code}`, remoteAddress: address }), 429, 'rate_limited');
      const resolved = await resolve(code, {}, address);
      assert.equal(resolved.statusCode, 200, 'the resolve budget is untouched by the visits');
      assert.equal(resolved.headers['ratelimit-remaining'], '29');
    });

    it('serves the web fallback page: escaped text, Open Graph tags, a deep link and a strict CSP', async () => {
      const tricky = await createGame(t.app, t.host, gameBody(t.sport, new Date(), 96, { title: '<script>alert(1)</script>' }));
      const page = await t.app.inject({ url: `/games/${tricky.shareLink!.code}`, remoteAddress: '192.0.2.200' });
      assert.equal(page.statusCode, 200);
      assert.match(String(page.headers['content-type']), /^text\/html/);
      assert.match(String(page.headers['content-security-policy']), /default-src 'none'/);
      assert.doesNotMatch(String(page.headers['content-security-policy']), /script-src|unsafe/);
      assert.ok(!page.body.includes('<script>alert(1)</script>'));
      assert.ok(page.body.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
      assert.match(page.body, /<meta property="og:title" content="&lt;script&gt;alert\(1\)&lt;\/script&gt;">/);
      assert.ok(page.body.includes(`href="service://games/${tricky.id}"`));
      const missing = await t.app.inject({ url: '/games/Zz9Zz9Zz', remoteAddress: '192.0.2.200' });
      assert.equal(missing.statusCode, 404);
      assert.match(String(missing.headers['content-type']), /^text\/html/);
      assert.match(missing.body, /Game not found/);
      assert.equal((await t.app.inject({ url: '/games/bad', remoteAddress: '192.0.2.200' })).statusCode, 404);
    });

    it('publishes the app-site association for MOBILE_APP_IDS and /games/*', async () => {
      const response = await t.app.inject({ url: '/.well-known/mobile-app-site-association' });
      assert.equal(response.statusCode, 200);
      const detail = response.json().applinks.details[0];
      assert.deepEqual(detail.appIDs, ['ABCDE12345.com.example.match']);
      assert.deepEqual(detail.paths, ['/games/*']);
    });
  });
}
