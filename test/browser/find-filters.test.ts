/**
 * Find's filter sheet and map: the level filter finds a game whose range includes the level, and
 * the map shows a labelled, keyboard-reachable pin per venue whose popup links to its games.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { chromiumMissing } from './browser.ts';
import { findWorld, type FindWorld } from './find-setup.ts';
import { checkScreen, startJourney, type Journey } from './journey.ts';

describe('Find: the filter sheet and the map', { skip: chromiumMissing }, () => {
  let journey: Journey;
  let world: FindWorld;
  before(async () => {
    // No MAP_TILE_URL: the map draws no tiles and fetches nothing.
    journey = await startJourney();
    world = await findWorld(journey);
  });
  after(() => journey?.close());

  it('the sheet holds the other filters; a level finds the games whose range includes it', async () => {
    const { page } = await journey.person('Lev Level');
    await page.goto('/app/');
    await page.locator('li.find-card').nth(4).waitFor();
    await page.getByRole('button', { name: 'Filters' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.getByLabel('Activity').selectOption({ label: 'Pickleball' });
    await sheet.getByLabel('Skill level').selectOption({ label: 'Low Intermediate' });
    await checkScreen(page, 'find filter sheet');
    await sheet.getByRole('button', { name: 'Show games' }).click();
    await page.getByRole('button', { name: 'Filters (2)' }).waitFor();
    const titles = () => page.locator('li.find-card .card-title').allTextContents();
    // Beginner–Intermediate and Beginner–Advanced include Low Intermediate; Advanced only and Beginner only do not.
    await page.locator('li.find-card').nth(1).waitFor();
    await page.waitForFunction("document.querySelectorAll('li.find-card').length === 2");
    assert.deepEqual((await titles()).sort(), ['Far social', 'Near open play']);

    await page.getByRole('button', { name: 'Filters (2)' }).click();
    await sheet.getByLabel('Skill level').selectOption({ label: 'Advanced' });
    await sheet.getByLabel('Game type').selectOption({ label: 'Doubles' });
    await sheet.getByLabel('Price').selectOption({ label: 'Free only' });
    await sheet.getByRole('button', { name: 'Show games' }).click();
    await page.getByText('No games match').waitFor();
    await page.getByRole('button', { name: 'Filters (4)' }).click();
    await sheet.getByLabel('Price').selectOption({ label: 'Any price' });
    await sheet.getByRole('button', { name: 'Show games' }).click();
    await page.waitForFunction("document.querySelectorAll('li.find-card').length === 3");
    assert.deepEqual((await titles()).sort(), ['Middle drills', 'Near ladder night', 'Near open play']);
  });

  it('the map shows a pin per venue, reachable by keyboard, whose popup links to a game', async () => {
    const { page } = await journey.person('Max Map');
    await page.goto('/app/');
    await page.locator('li.find-card').nth(4).waitFor();
    await page.getByRole('tab', { name: 'Map' }).click();
    const map = page.getByRole('region', { name: 'Map of the listed games’ venues' });
    const pins = map.getByRole('button', { name: /Court: \d games?/ });
    await pins.nth(2).waitFor();
    assert.deepEqual((await pins.evaluateAll((all) => all.map((pin) => pin.getAttribute('aria-label')))).sort(), [
      'Far Court: 2 games',
      'Middle Court: 1 game',
      'Near Court: 2 games',
    ]);
    assert.match(page.url(), /view=map/);
    await checkScreen(page, 'find map');

    const near = map.getByRole('button', { name: 'Near Court: 2 games' });
    await near.focus();
    await page.keyboard.press('Enter');
    const link = map.getByRole('link', { name: /Near ladder night/ });
    await link.waitFor();
    await map.getByRole('link', { name: /Near open play/ }).waitFor();
    await link.click();
    await page.waitForURL(new RegExp(`/app/games/${world.games['Near ladder night']}$`));
    await page.getByRole('heading', { name: 'Near ladder night' }).waitFor();
  });
});
