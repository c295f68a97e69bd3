/**
 * An organiser's weekly series in the app: created in the browser, one date changed with the dates
 * after it (the later dates show the change, the earlier one keeps its time), one date cancelled
 * (the confirmation says who is told; its game is cancelled), the series' money rules set (its open
 * games take them), and the series ended.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { chromiumMissing } from './browser.ts';
import { checkScreen, startJourney, type Journey, type Person } from './journey.ts';
import { datesOf, dayFromNow, seedSport, shortDay, weeklySeries } from './series-world.ts';

describe('weekly series: the organiser', { skip: chromiumMissing }, () => {
  let journey: Journey;
  let olivia: Person;
  before(async () => {
    journey = await startJourney();
    await seedSport(journey);
    olivia = await journey.person('Olivia Organiser');
  });
  after(() => journey?.close());

  it('creates a series in the browser: the dates within reach open at once, the others wait', async () => {
    const { page } = olivia;
    await page.goto('/app/series');
    await page.getByRole('heading', { name: 'Weekly series' }).waitFor();
    await page.getByText('No series yet').waitFor();
    await checkScreen(page, 'my series (none)');
    await page.getByRole('link', { name: 'New series' }).click();
    await page.getByRole('heading', { name: 'New weekly series' }).waitFor();

    await page.getByRole('button', { name: 'Create series' }).click();
    await page.getByText('Choose at least one day.').waitFor();
    await checkScreen(page, 'new series, with what is missing');
    await page.getByLabel('Activity').selectOption({ index: 1 });
    const venue = page.getByLabel('Venue');
    await venue.locator('option').nth(1).waitFor({ state: 'attached' });
    await venue.selectOption({ index: 1 });
    await page.getByLabel('Lowest level').selectOption({ index: 1 });
    await page.getByLabel('Highest level').selectOption({ index: 1 });
    await page.getByLabel('Title (optional)').fill('Evening smash');
    const first = dayFromNow(journey, 2);
    await page.getByRole('checkbox', { name: shortDay(first) }).check();
    await page.getByLabel('Starts at').fill('19:00');
    await page.getByLabel('First date').fill(first);
    await page.getByLabel('Number of games').fill('4');
    await page.getByLabel('Dates open for joining').selectOption({ label: '10 days before' });
    await page.getByRole('button', { name: 'Create series' }).click();

    await page.getByRole('heading', { name: 'Evening smash' }).waitFor();
    const rows = page.locator('.series-date');
    await rows.nth(3).waitFor();
    await rows.nth(1).getByRole('link').waitFor();
    assert.deepEqual(
      await Promise.all([0, 1, 2, 3].map(async (index) => (await rows.nth(index).locator('.tag').first().textContent())!)),
      ['Open', 'Open', 'Not open yet', 'Not open yet'],
      'the two dates within ten days are open games; the others wait',
    );
    await checkScreen(page, 'series page, organiser');
  });

  it('moves one date and the following ones to 20:30: the later dates show it, the earlier date keeps 19:00', async () => {
    const { page } = olivia;
    const rows = page.locator('.series-date');
    await rows.nth(1).getByRole('button', { name: 'Change' }).click();
    const sheet = page.getByRole('dialog');
    await sheet.getByLabel('This and the following dates').check();
    await sheet.getByText('Earlier dates keep what they have.').waitFor();
    await checkScreen(page, 'change a date');
    await sheet.getByLabel('Starts at').fill('20:30');
    await sheet.getByRole('button', { name: 'Save change' }).click();
    await page.getByText('Changed 1 game').waitFor();
    // The open date shows its game's time, asked again after the change like the others.
    await rows.nth(1).filter({ hasText: '20:30' }).waitFor();
    await rows.nth(3).filter({ hasText: '20:30' }).waitFor();
    const times = await Promise.all([0, 1, 2, 3].map(async (index) => ((await rows.nth(index).locator('strong').textContent()) ?? '').slice(-5)));
    assert.deepEqual(times, ['19:00', '20:30', '20:30', '20:30'], 'the date before keeps its time');

    await page.getByRole('link', { name: 'Weekly series' }).click();
    await page.getByRole('link', { name: 'Evening smash' }).waitFor();
    await page.getByText('You organise').waitFor();
    await checkScreen(page, 'my series');
  });

  it("sets the series' money rules: its open games take them, and their ledgers say so", async () => {
    const { page } = olivia;
    const series = await weeklySeries(journey, olivia, 'Paid smash', '13:00');
    const opened = (await datesOf(journey, olivia, series.id)).find((date) => date.state === 'OPENED');
    await page.goto(`/app/series/${series.id}`);
    await page.getByRole('heading', { name: 'Money' }).waitFor();
    await page.getByLabel('Players pay').selectOption('BEFORE');
    await page.getByText('Payment rule saved').waitFor();
    await page.getByLabel('Hold an unpaid place').selectOption('24');
    await page.getByText('Payment rule saved').last().waitFor();
    await checkScreen(page, 'series page, money rules');
    const rules = await journey.api<{ payBy: string; releaseUnpaidHoursBefore: number | null; source: string }>(
      olivia,
      'GET',
      `/api/v1/games/${opened!.gameId}/payment-rules`,
    );
    assert.deepEqual(rules.data, { payBy: 'BEFORE', releaseUnpaidHoursBefore: 24, source: 'SERIES' });
    await page.goto(`/app/games/${opened!.gameId}/manage`);
    await page.getByText("These rules come from the game's series.", { exact: false }).waitFor();
    assert.equal(await page.getByLabel('Players pay').inputValue(), 'BEFORE');
  });

  it('cancels one date (its players are told) and then ends the series (its games still to come are cancelled)', async () => {
    const { page } = olivia;
    const series = await weeklySeries(journey, olivia, 'Cancel and end', '07:00');
    const player = await journey.person('Pat Player');
    const [opened, second] = await datesOf(journey, olivia, series.id);
    const joined = await journey.api(player, 'POST', `/api/v1/games/${opened!.gameId}/participants`, {});
    assert.equal(joined.status, 201, JSON.stringify(joined));

    await page.goto(`/app/series/${series.id}`);
    const rows = page.locator('.series-date');
    await rows.nth(0).getByRole('link').waitFor();
    await rows.nth(0).getByRole('button', { name: 'Cancel date' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('everyone in it is told').waitFor();
    await checkScreen(page, 'cancel a date, asked');
    await dialog.getByRole('button', { name: 'Cancel this date' }).click();
    await rows.nth(0).getByText('Cancelled', { exact: true }).waitFor();
    const game = await journey.api<{ status: string }>(olivia, 'GET', `/api/v1/games/${opened!.gameId}`);
    assert.equal(game.data.status, 'CANCELLED');
    const told = await journey.api<{ content: Array<{ type: string; resourceId: string }> }>(player, 'GET', '/api/v1/notifications?size=50');
    assert.ok(
      told.data.content.some((note) => note.resourceId === opened!.gameId),
      'the player in the cancelled game is told',
    );

    await page.getByRole('button', { name: 'End the series' }).click();
    await dialog.getByText('The games still to come are cancelled').waitFor();
    await dialog.getByRole('button', { name: 'End series' }).click();
    await page.getByText('Ended', { exact: true }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Change' }).count(), 0, 'an ended series offers no changes');
    assert.equal((await journey.api<{ status: string }>(olivia, 'GET', `/api/v1/games/${second!.gameId}`)).data.status, 'CANCELLED');
    await checkScreen(page, 'series page, ended');
  });
});
