/**
 * Finding a game on a phone: the first screen shows several games under day headings, the quick
 * chips narrow the list, near me lists the nearest first with how far each is, a signed-out visitor
 * browses too, and a card says whether you are in.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { chromiumMissing } from './browser.ts';
import { CENTRE, dayName, findWorld, localInstant, type FindWorld } from './find-setup.ts';
import { checkScreen, PHONE, startJourney, type Journey } from './journey.ts';

describe('finding games on a phone', { skip: chromiumMissing }, () => {
  let journey: Journey;
  let world: FindWorld;
  before(async () => {
    journey = await startJourney();
    world = await findWorld(journey);
  });
  after(() => journey?.close());

  it('shows at least three games on the first screen, by day, and the chips narrow the list', async () => {
    const pia = await journey.person('Pia Player');
    const joining = await journey.api(pia, 'POST', `/api/v1/games/${world.games['Near open play']}/participants`);
    assert.ok(joining.status < 300, JSON.stringify(joining));
    const { page } = pia;
    await page.goto('/app/');
    await page.getByRole('heading', { name: 'Tomorrow' }).waitFor();
    await page.getByRole('heading', { name: dayName(localInstant(2, 12)) }).waitFor();
    const tabBar = 64;
    const boxes = await Promise.all((await page.locator('li.find-card').all()).map((card) => card.boundingBox()));
    const onFirstScreen = boxes.filter((box) => box && box.y >= 0 && box.y + box.height <= PHONE.height - tabBar).length;
    assert.ok(onFirstScreen >= 3, `${onFirstScreen} games on the first screen`);
    // The card says where the viewer stands (the list's viewer field).
    const joined = page.locator('li.find-card', { hasText: 'Near open play' });
    await joined.getByText('You’re in').waitFor();
    await checkScreen(page, 'find list');

    const chips = page.getByRole('group', { name: 'Quick filters' });
    await chips.getByRole('button', { name: 'Tomorrow' }).click();
    assert.equal(await chips.getByRole('button', { name: 'Tomorrow' }).getAttribute('aria-pressed'), 'true');
    await page.getByRole('heading', { name: dayName(localInstant(2, 12)) }).waitFor({ state: 'detached' });
    // The narrowed list may still be on its way (a loaded machine showed it empty for a moment).
    await page.locator('li.find-card').nth(2).waitFor();
    assert.equal(await page.locator('li.find-card').count(), 3);
    assert.match(page.url(), /fromDate=/);
    await chips.getByRole('button', { name: 'Tomorrow' }).click();
    await page.locator('li.find-card').nth(4).waitFor();

    await chips.getByRole('button', { name: 'Pickleball' }).click();
    assert.match(page.url(), new RegExp(`activityId=${world.activityId}`));
    await page.locator('li.find-card').nth(4).waitFor();
  });

  it('near me, in one tap: the nearest venues first, each card with its distance', async () => {
    const { page, context } = await journey.person('Nia Near');
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(CENTRE);
    await page.goto('/app/');
    await page.locator('li.find-card').first().waitFor();
    await page.getByRole('group', { name: 'Quick filters' }).getByRole('button', { name: 'Near me' }).click();
    await page.getByRole('heading', { name: 'Nearest first' }).waitFor();
    const cards = page.getByRole('list', { name: 'Games' }).locator('li.find-card');
    await cards.nth(4).waitFor();
    const titles = await cards.locator('.card-title').allTextContents();
    assert.deepEqual(titles, ['Near open play', 'Near ladder night', 'Middle drills', 'Far social', 'Far weekend']);
    const distances = await cards.locator('.find-card-distance').allTextContents();
    assert.deepEqual(distances, ['1.1 km away', '1.1 km away', '3.3 km away', '5.6 km away', '5.6 km away']);
    await checkScreen(page, 'find near me');
  });

  it('without a location, near me opens the point picker instead', async () => {
    const { page } = await journey.person('Lou Nolocation');
    await page.goto('/app/');
    await page.locator('li.find-card').first().waitFor();
    await page.getByRole('group', { name: 'Quick filters' }).getByRole('button', { name: 'Near me' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.getByText('Your location is not available here.', { exact: false }).waitFor();
    await sheet.getByLabel('Or around a venue').selectOption({ label: 'Middle Court' });
    await sheet.getByRole('button', { name: 'Show games' }).click();
    await page.getByRole('heading', { name: 'Nearest first' }).waitFor();
    assert.equal(await page.locator('li.find-card .card-title').first().textContent(), 'Middle drills');
  });

  it('a signed-out visitor browses the games', async () => {
    const context = await journey.browser.newContext({ viewport: PHONE, baseURL: journey.base });
    const page = await context.newPage();
    await page.goto('/app/');
    await page.getByRole('heading', { name: 'Find a game' }).waitFor();
    await page.locator('li.find-card').nth(4).waitFor();
    assert.equal(await page.getByText(/access token/).count(), 0);
    await context.close();
  });
});
