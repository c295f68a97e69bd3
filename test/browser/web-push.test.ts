/**
 * When the app asks about push: never on load; once, right after a join, and only when a service
 * worker could receive pushes; "Not now" is remembered. Notification settings say where this
 * browser stands. The browser's own push service (FCM behind Chromium) cannot be reached here, so
 * the journey stops before a real subscription; the API tests cover delivery.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createGame, createSport, gameBody, type Sport } from '../helpers/games.ts';
import { vapidEnv, vapidPair } from '../helpers/push-service.ts';
import { createUser } from '../helpers/users.ts';
import { chromiumMissing } from './browser.ts';
import { checkScreen, startJourney, type Journey, type Person } from './journey.ts';

describe('the push offer', { skip: chromiumMissing }, () => {
  let journey: Journey;
  let sport: Sport;
  let pat: Person;
  const hosts: Person[] = [];
  before(async () => {
    journey = await startJourney(vapidEnv(vapidPair()));
    sport = await createSport(journey.service.app, await createUser(journey.service.app, { admin: true }), { name: 'Pickleball' });
    for (const name of ['Hana Host', 'Quinn Host', 'Lee Host']) hosts.push(await journey.person(name));
    pat = await journey.person('Pat Player');
  });
  after(() => journey?.close());

  const joinFromPage = async (host: Person, title: string) => {
    const game = await createGame(journey.service.app, host, gameBody(sport, journey.clock.now(), 72, { title }));
    await pat.page.goto(`/app/games/${game.id}`);
    await pat.page.getByRole('heading', { name: title }).waitFor();
    // After a join the app asks the service whether web push is on (unless it offered before): wait for that answer.
    const asked = pat.page.waitForResponse((response) => response.url().endsWith('/api/v1/push/web-config'), { timeout: 5000 }).catch(() => undefined);
    await pat.page.getByRole('button', { name: 'Join game' }).click();
    await pat.page.getByText('You have a place.').waitFor();
    return asked;
  };
  const offer = () => pat.page.getByRole('dialog', { name: 'Get told on this device?' });

  it('asks nothing on load or in the settings, which show push off on this device with a switch', async () => {
    const { page } = pat;
    await page.goto('/app/');
    // The app's own service worker (the installable app) is what receives pushes.
    await page.evaluate('navigator.serviceWorker.ready.then(() => undefined)');
    await page.goto('/app/settings/notifications');
    await page.getByText('Push notifications are off on this device.').waitFor();
    await page.getByRole('checkbox', { name: 'Push notifications on this device' }).waitFor();
    // A string, as the test project has no DOM types.
    assert.equal(await page.evaluate('Notification.permission'), 'default', 'neither the page nor the settings asked');
    await checkScreen(page, 'notification settings, this device');
  });

  it('offered once right after a join, "Not now" remembered', async () => {
    const { page } = pat;
    await joinFromPage(hosts[1]!, 'Evening pickleball');
    await offer().waitFor();
    await offer().getByText('even when the app is closed', { exact: false }).waitFor();
    await checkScreen(page, 'push offer after a join');
    await offer().getByRole('button', { name: 'Not now' }).click();
    await offer().waitFor({ state: 'hidden' });
    assert.equal(await page.evaluate('Notification.permission'), 'default', 'the browser was never asked');

    // Answered once: the app does not even ask the service again.
    assert.equal(await joinFromPage(hosts[2]!, 'Late pickleball'), undefined);
    assert.equal(await offer().isVisible(), false, 'the offer is made once per browser');
  });
});
