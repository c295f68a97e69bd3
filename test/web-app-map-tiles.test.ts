/** The map's tile origin: written into the app's page and allowed as images, only when MAP_TILE_URL is set. */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { describe, it } from 'node:test';
import { WEB_APP_DIR } from '../src/web-app.ts';
import { backends } from './helpers/backends.ts';
import { buildTestApp } from './helpers/test-app.ts';

describe('the web app page and MAP_TILE_URL', { skip: !existsSync(`${WEB_APP_DIR}/index.html`) && 'the web app is not built' }, () => {
  for (const [env, tiles, origin] of [
    [{}, '', undefined],
    [{ MAP_TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png' }, 'https://tiles.example.org/{z}/{x}/{y}.png', 'https://tiles.example.org'],
  ] as const) {
    it(`serves the page with ${tiles || 'no tile URL'}`, async () => {
      const t = await buildTestApp(backends[0]!, env);
      try {
        const page = await t.app.inject({ url: '/app/' });
        assert.equal(page.statusCode, 200);
        assert.ok(page.body.includes(`<meta name="map-tile-url" content="${tiles}" />`), 'the tile URL is in the page');
        const images = /img-src ([^;]*);/.exec(String(page.headers['content-security-policy']))![1]!;
        assert.equal(images, origin ? `'self' data: ${origin}` : `'self' data:`);
      } finally {
        await t.close();
      }
    });
  }
});
