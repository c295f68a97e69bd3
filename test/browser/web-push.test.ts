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

  it('asks nothing on load; without a service worker, settings say this browser cannot receive push and no offer comes', async () => {
    const { page } = pat;
    await page.goto('/app/settings/notifications');
    await page.getByText('This browser cannot receive push notifications from the app.', { exact: false }).waitFor();
    assert.equal(await page.evaluate('Notification.permission'), 'default', 'no permission asked on load');
    assert.ok(await joinFromPage(hosts[0]!, 'Morning pickleball'), 'the app looked whether it could offer push');
    await page.evaluate('navigator.serviceWorker.getRegistration().then(() => undefined)');
    assert.equal(await offer().isVisible(), false);
  });

  it('with a service worker: offered once right after a join, "Not now" remembered; settings show the switch', async () => {
    const { page, context } = pat;
    // A stand-in worker (the app's own comes with the installable-app work): push needs one in control.
    await context.route('**/app/push-test-sw.js', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: "self.addEventListener('push', () => {});" }),
    );
    await page.goto('/app/');
    // A string, as the test project has no DOM types.
    await page.evaluate(
      "navigator.serviceWorker.register('/app/push-test-sw.js', { scope: '/app/' }).then(() => navigator.serviceWorker.ready).then(() => undefined)",
    );
    await page.goto('/app/settings/notifications');
    await page.getByText('Push notifications are off on this device.').waitFor();
    await page.getByRole('checkbox', { name: 'Push notifications on this device' }).waitFor();
    assert.equal(await page.evaluate('Notification.permission'), 'default', 'opening the settings asks nothing');
    await checkScreen(page, 'notification settings, this device');

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
