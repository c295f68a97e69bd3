/**
 * The calendar feed (subscribe, rotate, revoke, each destructive step confirmed) and the reliability
 * record, where a NO_SHOW mark is disputed within its window.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createGame, createSport, gameBody } from '../helpers/games.ts';
import { chromiumMissing } from './browser.ts';
import { checkScreen, type Person } from './journey.ts';
import { freshTokens, startMeJourney, type MeJourney } from './me-journey.ts';

describe('calendar feed and reliability record', { skip: chromiumMissing }, () => {
  let journey: MeJourney;
  let mia: Person;
  const feed = async (url: string) => (await journey.service.app.inject({ url: new URL(url).pathname })).statusCode;

  before(async () => {
    journey = await startMeJourney();
    mia = await journey.person('Mia Player');
  });
  after(() => journey?.close());

  it('subscribes, rotates (the old link stops working) and revokes the calendar link', async () => {
    const { page } = mia;
    await page.goto(`${journey.app}/app/settings/calendar`);
    await page.getByRole('button', { name: 'Create my calendar link' }).click();
    const output = page.locator('output');
    await output.waitFor();
    const first = (await output.textContent())!;
    assert.equal(await feed(first), 200);
    assert.equal(await page.getByRole('link', { name: 'Open in calendar app' }).getAttribute('href'), first.replace(/^https?:/, 'webcal:'));
    await checkScreen(page, 'calendar');

    await page.getByRole('button', { name: 'Get a new link' }).click();
    await page.getByRole('dialog', { name: 'Get a new calendar link?' }).getByRole('button', { name: 'Get a new link' }).click();
    await page.getByText('New link ready; the old one no longer works').waitFor();
    const second = (await output.textContent())!;
    assert.notEqual(second, first);
    assert.deepEqual([await feed(first), await feed(second)], [404, 200]);

    await page.getByRole('button', { name: 'Turn off the calendar link' }).click();
    await page.getByRole('dialog', { name: 'Turn off your calendar link?' }).getByRole('button', { name: 'Turn off the calendar link' }).click();
    await page.getByText('Calendar link turned off').waitFor();
    assert.equal(await feed(second), 404);
    await page.getByRole('button', { name: 'Create my calendar link' }).waitFor();
  });

  it('disputes a NO_SHOW mark from the record, which then shows it disputed', async () => {
    const admin = await journey.person('Ada Admin', { admin: true });
    const hal = await journey.person('Hal Host');
    const sport = await createSport(journey.service.app, admin, { name: 'Squash' });
    const game = await createGame(journey.service.app, hal, gameBody(sport, journey.clock.now(), 25, { title: 'Early squash' }));
    assert.equal((await journey.api(mia, 'POST', `/api/v1/games/${game.id}/participants`)).status, 201);
    journey.clock.set(new Date(Date.parse(game.startTime) + 3_600_000));
    for (const who of [mia, hal]) await freshTokens(journey, who);
    const marked = await journey.api(hal, 'PUT', `/api/v1/games/${game.id}/attendance/${mia.id}`, { status: 'NO_SHOW' });
    assert.equal(marked.status, 200, JSON.stringify(marked.data));

    const { page } = mia;
    await page.goto(`${journey.app}/app/profile`);
    await page.getByRole('link', { name: 'Reliability record' }).click();
    await page.getByText('0 games played, 1 no-show in the last 90 days.').waitFor();
    const marks = page.getByRole('list', { name: 'No-show marks' });
    await marks.getByText(/You can dispute this until/).waitFor();
    await checkScreen(page, 'record');
    await marks.getByRole('button', { name: 'Dispute' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dispute this no-show' });
    await dialog.getByLabel('Why is the mark wrong?').fill('I was on court 3 all evening');
    await checkScreen(page, 'dispute dialog');
    await dialog.getByRole('button', { name: 'Send dispute' }).click();
    await marks.getByText('Disputed: an admin will look at it').waitFor();
    assert.equal(await marks.getByRole('button', { name: 'Dispute' }).count(), 0);
    await page.getByText('0 games played, 0 no-shows in the last 90 days.').waitFor();
    await checkScreen(page, 'record disputed');
    const record = await journey.api<{ noShowMarks: Array<{ dispute: string; reason: string }> }>(mia, 'GET', '/api/v1/me/reliability');
    assert.deepEqual(
      record.data.noShowMarks.map((mark) => [mark.dispute, mark.reason]),
      [['OPEN', 'I was on court 3 all evening']],
    );
  });
});
