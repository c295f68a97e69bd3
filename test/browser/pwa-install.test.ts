/**
 * The app installs and works without signal: its manifest and icons, a service worker in control,
 * then with the network cut the shell, a visited game (where, when, who) and My games still show,
 * marked as the saved copy, and a write is refused in words with nothing changed. Signing out
 * empties the saved copies.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { APIResponse, Page } from 'playwright-core';
import { createGame, createSport, gameBody, type Game } from '../helpers/games.ts';
import { createUser } from '../helpers/users.ts';
import { chromiumMissing } from './browser.ts';
import { checkScreen, startJourney, type Journey, type Person } from './journey.ts';

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
}

/** What the page's globals offer here (the tests are type-checked without the DOM library). */
type BrowserNavigator = { serviceWorker: { controller: object | null } };
type CacheStorage = { has(name: string): Promise<boolean> };

describe('the installable app without signal', { skip: chromiumMissing }, () => {
  let journey: Journey;
  let pat: Person;
  let game: Game;

  before(async () => {
    journey = await startJourney();
    const sport = await createSport(journey.service.app, await createUser(journey.service.app, { admin: true }), { name: 'Badminton' });
    const hana = await journey.person('Hana Host');
    game = await createGame(journey.service.app, hana, gameBody(sport, journey.clock.now(), 72, { title: 'Venue badminton' }));
    pat = await journey.person('Pat Player');
    assert.equal((await journey.api(pat, 'POST', `/api/v1/games/${game.id}/participants`)).status, 201);
  });
  after(() => journey?.close());

  const gameShown = async (page: Page) => {
    await page.getByRole('heading', { name: 'Venue badminton' }).waitFor();
    await page.getByText('Badminton Hall').first().waitFor();
    await page.getByRole('list', { name: 'Players in join order' }).getByText('Pat Player').waitFor();
  };

  it('has a manifest with its icons, served as one, and a worker that is never kept stale', async () => {
    const { page } = pat;
    const entry = await page.goto('/app/');
    assert.match(String(entry!.headers()['content-security-policy']), /worker-src 'self'/);
    assert.equal(await page.locator('meta[name="theme-color"]').getAttribute('content'), '#0b5cad');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    assert.ok(href, 'the entry page links its manifest');
    const answer = await page.request.get(new URL(href, journey.base).href);
    assert.equal(answer.status(), 200);
    assert.match(answer.headers()['content-type']!, /^application\/manifest\+json/);
    const manifest = (await answer.json()) as Manifest;
    assert.deepEqual(
      { name: manifest.name, short_name: manifest.short_name, start_url: manifest.start_url, scope: manifest.scope, display: manifest.display },
      { name: 'Pickup games', short_name: 'Pickup', start_url: '/app/', scope: '/app/', display: 'standalone' },
    );
    assert.deepEqual(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort(), ['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const png: APIResponse = await page.request.get(new URL(icon.src, new URL(href, journey.base)).href);
      assert.equal(png.status(), 200, icon.src);
      assert.equal(png.headers()['content-type'], 'image/png');
      const size = Number(icon.sizes.split('x')[0]);
      const body = await png.body();
      // The PNG header's width and height (IHDR) are what the manifest says.
      assert.deepEqual([body.readUInt32BE(16), body.readUInt32BE(20)], [size, size], icon.src);
    }
    const worker = await page.request.get('/app/sw.js');
    assert.equal(worker.status(), 200);
    assert.equal(worker.headers()['cache-control'], 'no-cache');
    assert.match(worker.headers()['content-type']!, /javascript/);
  });

  it('shows a visited game and My games with the network cut, says it is a saved copy, and refuses a write in words', async () => {
    const { page, context } = pat;
    await page.goto(`/app/games/${game.id}`);
    await gameShown(page);
    await page.waitForFunction(() => !!(navigator as unknown as BrowserNavigator).serviceWorker.controller, undefined, { timeout: 20_000 });
    // Now through the worker: the game, its players and My games are kept as they come.
    await page.reload();
    await gameShown(page);
    await page.getByRole('link', { name: 'My games' }).first().click();
    await page.getByRole('link', { name: /Venue badminton/ }).waitFor();
    assert.equal(await page.getByTestId('saved-copy').count(), 0, 'fresh answers are not called a saved copy');

    await context.setOffline(true);
    try {
      await page.goto(`/app/games/${game.id}`);
      await gameShown(page);
      await page
        .getByTestId('saved-copy')
        .getByText(/^Saved copy from \d{1,2}:\d{2}/)
        .waitFor();
      await checkScreen(page, 'game, saved copy without signal');

      await page.getByRole('button', { name: 'Leave game' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Leave game' }).click();
      await page.getByText('You are offline, so nothing was sent and nothing changed. Try again when you have signal.').waitFor();

      await page.goto('/app/my-games');
      await page.getByRole('link', { name: /Venue badminton/ }).waitFor();
      await page.getByTestId('saved-copy').waitFor();
    } finally {
      await context.setOffline(false);
    }
    const players = await journey.api<Array<{ user: { name: string } }>>(pat, 'GET', `/api/v1/games/${game.id}/participants`);
    assert.ok(JSON.stringify(players.data).includes('Pat Player'), 'the refused leave changed nothing');
  });

  it('empties the saved copies on sign-out', async () => {
    const { page } = pat;
    await page.goto('/app/my-games');
    await page.getByRole('link', { name: /Venue badminton/ }).waitFor();
    assert.equal(await page.evaluate(() => (globalThis as unknown as { caches: CacheStorage }).caches.has('offline-reads')), true);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/app\/signed-out$/);
    assert.equal(await page.evaluate(() => (globalThis as unknown as { caches: CacheStorage }).caches.has('offline-reads')), false);
  });
});
