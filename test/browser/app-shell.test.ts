/**
 * The app's shell on a phone and a desktop: the main navigation is a tab bar at the bottom of a phone
 * and a row in the top bar on a wide screen; a destructive act asks in the app's own dialog, which
 * says what will happen and can be cancelled; light and dark both pass axe; a page that fails is
 * caught by its route's boundary.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { chromiumMissing } from './browser.ts';
import { checkScreen, DESKTOP, PHONE, startJourney, type Journey } from './journey.ts';

describe('the app shell', { skip: chromiumMissing }, () => {
  let journey: Journey;
  before(async () => {
    journey = await startJourney();
  });
  after(() => journey?.close());

  it('on a phone the main navigation is a tab bar along the bottom; on a desktop it sits in the top bar', async () => {
    const sam = await journey.person('Sam Phone');
    await sam.page.goto('/app/');
    const nav = sam.page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'My games' }).waitFor();
    const phoneBox = (await nav.boundingBox())!;
    assert.ok(Math.abs(phoneBox.y + phoneBox.height - 844) <= 1, `tab bar ends at ${phoneBox.y + phoneBox.height}, not the bottom`);
    await checkScreen(sam.page, 'find');

    await sam.page.setViewportSize(DESKTOP);
    const desktopBox = (await nav.boundingBox())!;
    assert.ok(desktopBox.y < 80, `navigation at y=${desktopBox.y} on a desktop`);
    await nav.getByRole('link', { name: 'My games' }).click();
    await sam.page.getByRole('heading', { name: 'My games' }).waitFor();
    assert.equal(await nav.getByRole('link', { name: 'My games' }).getAttribute('aria-current'), 'page');
  });

  it("the browser's writes reach the service: a name changed from the page is the name the API gives", async () => {
    const ann = await journey.person('Ann Write');
    await ann.page.goto('/app/');
    const status = await ann.page.evaluate(async () => {
      const response = await fetch('/api/v1/me', {
        method: 'PUT',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: '{"name":"Ann Written"}',
      });
      return response.status;
    });
    assert.equal(status, 200);
    assert.equal((await journey.api<{ name: string }>(ann, 'GET', '/api/v1/me')).data.name, 'Ann Written');
  });

  it('the pages around signing in and a wrong address pass axe at both widths, in light and dark', async () => {
    const page = await (await journey.browser.newContext({ viewport: PHONE, baseURL: journey.base })).newPage();
    for (const [address, heading] of [
      ['/app/sign-in', 'Sign in'],
      ['/app/signed-out', 'You are signed out'],
      ['/app/auth/callback?error=access_denied', 'Sign-in did not finish'],
      ['/app/no-such-page', 'Page not found'],
    ] as const) {
      await page.goto(address);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await checkScreen(page, address);
    }
  });

  it('a page that fails while drawing says so and offers a retry, and the rest of the app keeps working', async () => {
    const rae = await journey.person('Rae Broken');
    const id = '0b0b0b0b-0b0b-4b0b-8b0b-0b0b0b0b0b0b';
    // A game answered in a shape the page cannot draw: its code throws while rendering.
    await rae.page.route(`**/api/v1/games/${id}`, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"data":{}}' }));
    await rae.page.goto(`/app/games/${id}`);
    await rae.page.getByRole('alert').filter({ hasText: 'This page stopped working. Nothing you saved is lost.' }).waitFor();
    await rae.page.getByRole('heading', { name: 'Something went wrong', level: 1 }).waitFor();
    await rae.page.getByRole('button', { name: 'Try again' }).waitFor();
    await checkScreen(rae.page, 'a page that failed');
    await rae.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My games' }).click();
    await rae.page.getByRole('tab', { name: 'Upcoming' }).waitFor();
    assert.equal(await rae.page.getByText('This page stopped working.', { exact: false }).count(), 0);
  });

  it('says when the service cannot be reached, and catches up by itself once the health check answers', async () => {
    const sam = await journey.person('Sam Offline');
    await sam.page.goto('/app/');
    await sam.page.getByRole('heading', { name: 'Find a game' }).waitFor();
    await sam.page.route('**/api/v1/**', (route) => route.abort('connectionrefused'));
    await sam.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My games' }).click();
    const banner = sam.page.getByText('The service cannot be reached right now.', { exact: false });
    await banner.waitFor();
    await checkScreen(sam.page, 'service down');
    await sam.page.unroute('**/api/v1/**');
    await banner.waitFor({ state: 'detached', timeout: 15_000 });
    await sam.page.getByRole('tab', { name: 'Upcoming' }).waitFor();
  });
});
