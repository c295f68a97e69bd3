/**
 * A game reached through its share link, by someone who is not signed in: the link's public page
 * leads into the app, the app shows the private game and asks them to sign in, and signing in brings
 * them back to that game, where they join. A public game opened signed out shows too, with no
 * complaint about access tokens or ended sessions.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createGame, createSport, gameBody, type Game, type Sport } from '../helpers/games.ts';
import { createUser } from '../helpers/users.ts';
import { chromiumMissing } from './browser.ts';
import { checkScreen, PHONE, startJourney, type Journey, type Person } from './journey.ts';

describe('a game through its share link', { skip: chromiumMissing }, () => {
  let journey: Journey;
  let sport: Sport;
  let host: Person;
  before(async () => {
    journey = await startJourney();
    sport = await createSport(journey.service.app, await createUser(journey.service.app, { admin: true }), { name: 'Padel' });
    host = await journey.person('Hana Host');
  });
  after(() => journey?.close());

  /** A browser with no session at all: a first-time visitor. */
  const visitor = async () => (await journey.browser.newContext({ viewport: PHONE, baseURL: journey.base })).newPage();
  const noSessionWords = async (page: Page) => {
    assert.equal(await page.getByText('Your session has ended', { exact: false }).count(), 0);
    assert.equal(await page.getByText('access token', { exact: false }).count(), 0);
  };

  it('a private game opened signed out from its link: sign in, back on the game, join', async () => {
    const game: Game = await createGame(journey.service.app, host, gameBody(sport, journey.clock.now(), 48, { visibility: 'PRIVATE', title: 'Secret padel' }));
    const code = game.shareLink!.code;
    const page = await visitor();

    // The link's public page: its main button opens the app's share route, no native app needed.
    await page.goto(`/games/${code}`);
    const main = page.locator('main a.button');
    assert.equal(await main.textContent(), 'View on the web');
    assert.equal(await main.getAttribute('href'), `${journey.base}/app/s/${code}`);
    await main.click();
    await page.getByRole('heading', { name: 'Secret padel' }).waitFor();
    await page.getByText('Sign in to join this game.').waitFor();
    await page.getByText('0 of 4').waitFor();
    await noSessionWords(page);
    await checkScreen(page, 'shared private game, signed out');
    assert.equal(await page.evaluate(() => sessionStorage.getItem('returnTo')), `/s/${code}`);

    // Signing in ends on the app's callback page with the session's cookies set; it goes back to the link, and on to the game.
    const sam = await createUser(journey.service.app, { name: 'Sam Visitor' });
    assert.ok(
      (await journey.api(sam, 'POST', '/api/v1/me', { name: 'Sam Visitor', contactMethods: [{ name: 'WHATSAPP', value: '+65 9111 1111' }] })).status < 300,
    );
    await page.context().addCookies([{ name: 'access_token', value: sam.accessToken, url: journey.base, httpOnly: true, sameSite: 'Strict' }]);
    await page.goto('/app/auth/callback');
    await page.waitForURL((url) => url.pathname === `/app/games/${game.id}`);
    await page.getByRole('heading', { name: 'Secret padel' }).waitFor();
    await page.getByText(/^Once you have a place you can leave until /).waitFor();
    await page.getByRole('button', { name: 'Join game' }).click();
    await page.getByText('You have a place.').waitFor();
    await page.getByText(/^You can leave until .*, 24 hours before the start/).waitFor();
    // Holding a place, Sam sees how to reach the host; before, nobody but the players did.
    await page.getByRole('region', { name: 'Contact the host' }).getByRole('link', { name: '+65 9000 0000' }).waitFor();
    await checkScreen(page, 'shared private game, joined');
    await page.context().close();
  });

  it('a public game opened signed out shows the game and the way to sign in, and no error', async () => {
    const game = await createGame(journey.service.app, host, gameBody(sport, journey.clock.now(), 72, { title: 'Open padel', minPlayers: 3 }));
    const page = await visitor();
    await page.goto(`/app/games/${game.id}`);
    await page.getByRole('heading', { name: 'Open padel' }).waitFor();
    await page.getByText('Sign in to join this game.').waitFor();
    await page.getByText(/^This game goes ahead only if 3 players have joined when it is decided, at /).waitFor();
    await page.getByRole('link', { name: 'Add to calendar (.ics)' }).waitFor();
    assert.equal(await page.getByRole('region', { name: 'Contact the host' }).count(), 0);
    await noSessionWords(page);
    await checkScreen(page, 'public game, signed out');
    // A page that needs a session asks a first-time visitor to sign in, without saying one ended.
    await page.goto('/app/my-games');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await noSessionWords(page);
    await page.context().close();
  });

  it('a link that no longer works says so', async () => {
    const page = await visitor();
    await page.goto('/app/s/Zz9Zz9Zz');
    await page.getByRole('heading', { name: 'This link does not work' }).waitFor();
    await checkScreen(page, 'unknown share link');
    await page.context().close();
  });
});
