/**
 * The entry page asks for GET /me early (a preload the app's own request takes) only when the browser
 * sends a session cookie: a visitor who never signed in gets the plain page and no 401 from a preload.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { describe, it } from 'node:test';
import { WEB_APP_DIR } from '../src/web-app.ts';
import { backends } from './helpers/backends.ts';
import { buildTestApp } from './helpers/test-app.ts';
import { createUser } from './helpers/users.ts';

const preload = (url: string) => `<link rel="preload" href="${url}" as="fetch" crossorigin="use-credentials">`;
const GAME = '0b6f4a52-3c1d-4e8f-9a7b-2c5d6e7f8a90';

describe('the web app page and the early GET /me', { skip: !existsSync(`${WEB_APP_DIR}/index.html`) && 'the web app is not built' }, () => {
  it('preloads /me with a session cookie, not without one, and says the page varies by cookie', async () => {
    const t = await buildTestApp(backends[0]!);
    try {
      const cookie = `access_token=${(await createUser(t.app)).accessToken}`;
      for (const url of ['/app/', '/app/my-games', '/app/games/123']) {
        const signedIn = await t.app.inject({ url, headers: { cookie } });
        assert.equal(signedIn.statusCode, 200);
        assert.ok(signedIn.body.includes(`${preload('/api/v1/me')}</head>`), `${url}: the preload is in the signed-in page`);
        assert.equal(signedIn.headers.vary, 'Cookie');
        const visitor = await t.app.inject({ url });
        assert.ok(!visitor.body.includes('rel="preload" href="/api/v1/me"'), `${url}: no preload for a visitor`);
        assert.ok(!visitor.body.includes('as="fetch"'), `${url}: no other read either`);
        assert.equal(visitor.headers.vary, 'Cookie');
      }
      // A game's page also asks for the game, signed in or not; an id that is not a UUID asks for nothing.
      const game = await t.app.inject({ url: `/app/games/${GAME}` });
      assert.ok(game.body.includes(`${preload(`/api/v1/games/${GAME}`)}</head>`), game.body);
      assert.ok(!game.body.includes('/api/v1/me'));
      const both = await t.app.inject({ url: `/app/games/${GAME}`, headers: { cookie } });
      assert.ok(both.body.includes(`${preload('/api/v1/me')}${preload(`/api/v1/games/${GAME}`)}</head>`));
      const odd = await t.app.inject({ url: '/app/games/%22%3E%3Cscript%3E' });
      assert.ok(!odd.body.includes('as="fetch"') && !odd.body.includes('<script>'));
    } finally {
      await t.close();
    }
  });

  it('keeps hashed assets cached for a year, and the page and worker asked for again', async () => {
    const t = await buildTestApp(backends[0]!);
    try {
      const page = await t.app.inject({ url: '/app/' });
      const script = /src="\/app\/(assets\/[^"]+\.js)"/.exec(page.body)![1]!;
      const asset = await t.app.inject({ url: `/app/${script}`, headers: { 'accept-encoding': 'br, gzip' } });
      assert.equal(asset.statusCode, 200);
      assert.equal(asset.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.equal(asset.headers['content-encoding'], 'br', 'the build’s Brotli copy is sent');
      assert.equal(page.headers['cache-control'], 'no-cache');
      const worker = await t.app.inject({ url: '/app/sw.js' });
      assert.equal(worker.headers['cache-control'], 'no-cache');
    } finally {
      await t.close();
    }
  });
});
