/**
 * Joining a game as a player meets it: with a guest (and changing that later), asking an approval
 * game with a message and taking the request back, and leaving, with the 24-hour window told before
 * it bites and a leave that asks first.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createGame, createSport, gameBody, type Sport } from '../helpers/games.ts';
import { createUser } from '../helpers/users.ts';
import { chromiumMissing } from './browser.ts';
import { checkScreen, startJourney, type Journey, type Person } from './journey.ts';

describe('joining a game', { skip: chromiumMissing }, () => {
  let journey: Journey;
  let sport: Sport;
  let hosts: Person[];
  let pat: Person;
  before(async () => {
    journey = await startJourney();
    sport = await createSport(journey.service.app, await createUser(journey.service.app, { admin: true }), { name: 'Tennis' });
    // One host per game: a host cannot run two games at once.
    hosts = [await journey.person('Hana Host'), await journey.person('Quinn Host'), await journey.person('Lee Host')];
    pat = await journey.person('Pat Player');
  });
  after(() => journey?.close());

  /** The app's own confirm dialog: it says what will happen; the test takes its confirming button. */
  const confirmWith = async (page: Page, label: string) => {
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: label }).click();
    await dialog.waitFor({ state: 'hidden' });
  };

  it('joins with a guest, sees the host contact, brings no guest after all, and leaves after confirming', async () => {
    const game = await createGame(journey.service.app, hosts[0]!, gameBody(sport, journey.clock.now(), 72, { title: 'Guest tennis', maxGuestsPerPlayer: 2 }));
    const page = pat.page;
    await page.goto(`/app/games/${game.id}`);
    await page.getByRole('heading', { name: 'Guest tennis' }).waitFor();
    await page.getByText('Each player may bring up to 2 guests; each takes a place.').waitFor();
    assert.equal(await page.getByRole('region', { name: 'Contact the host' }).count(), 0, 'no contact before joining');
    await page.getByLabel('Guests').selectOption({ label: '1 guest' });
    await page.getByLabel('Guest 1 name (optional)').fill('Kim');
    await checkScreen(page, 'game, joining with a guest');
    await page.getByRole('button', { name: 'Join with 1 guest' }).click();
    await page.getByText('You have places for you and 1 guest. (Kim)').waitFor();
    await page.getByText('2 of 4').waitFor();
    await page.getByRole('region', { name: 'Contact the host' }).getByRole('link', { name: '+65 9000 0000' }).waitFor();
    await page.getByRole('list', { name: 'Players in join order' }).getByText('Pat Player + 1 guest').waitFor();
    await checkScreen(page, 'game, joined with a guest');

    await page.getByRole('button', { name: 'Change guests' }).click();
    await page.getByLabel('Guests').selectOption({ label: 'Just me' });
    await page.getByRole('button', { name: 'Save guests' }).click();
    await page.getByText('You have a place.').waitFor();
    await page.getByText('1 of 4').waitFor();

    await page.getByText(/^You can leave until .*, 24 hours before the start; after that your place is fixed\.$/).waitFor();
    await page.getByRole('button', { name: 'Leave game' }).click();
    await page.getByRole('dialog').getByText('You give up your place; the next on the waitlist moves up.').waitFor();
    await checkScreen(page, 'game, asked to confirm leaving');
    await confirmWith(page, 'Leave game');
    await page.getByRole('button', { name: 'Join game' }).waitFor();
    assert.equal(await page.getByRole('region', { name: 'Contact the host' }).count(), 0, 'no contact once the place is given up');
  });

  it('asks to join an approval game with a message, and withdraws the request', async () => {
    const game = await createGame(
      journey.service.app,
      hosts[1]!,
      gameBody(sport, journey.clock.now(), 80, { title: 'Approval tennis', joinPolicy: 'APPROVAL' }),
    );
    const page = pat.page;
    await page.goto(`/app/games/${game.id}`);
    await page.getByText('The host approves each player: joining sends a request.').waitFor();
    await page.getByLabel('Message to the host (optional)').fill('I play twice a week');
    await page.getByRole('button', { name: 'Ask to join' }).click();
    await page.getByText(/^You asked to join on /).waitFor();
    await page.getByText('Your message: “I play twice a week”').waitFor();
    await checkScreen(page, 'game, request pending');
    const requests = await journey.api<{ content: Array<{ userId: string; message: string }> }>(hosts[1]!, 'GET', `/api/v1/games/${game.id}/join-requests`);
    assert.deepEqual(
      requests.data.content.map((request) => [request.userId, request.message]),
      [[pat.id, 'I play twice a week']],
    );

    await page.getByRole('button', { name: 'Withdraw request' }).click();
    await confirmWith(page, 'Withdraw request');
    await page.getByRole('button', { name: 'Ask to join' }).waitFor();
    const after = await journey.api<{ content: unknown[] }>(hosts[1]!, 'GET', `/api/v1/games/${game.id}/join-requests`);
    assert.equal(after.data.content.length, 0);
  });

  it('is told before joining a game inside the 24 hours that the place cannot be given up, and then it cannot', async () => {
    const game = await createGame(journey.service.app, hosts[2]!, gameBody(sport, journey.clock.now(), 20, { title: 'Soon tennis' }));
    const page = pat.page;
    await page.goto(`/app/games/${game.id}`);
    await page.getByText('This game starts within 24 hours: once you have a place you cannot leave it.', { exact: false }).waitFor();
    await checkScreen(page, 'game inside the window, before joining');
    await page.getByRole('button', { name: 'Join game' }).click();
    await page.getByText('Leaving is closed: players cannot leave within 24 hours of the start.', { exact: false }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Leave game' }).isDisabled(), true);
    await checkScreen(page, 'game inside the window, joined');
  });
});
