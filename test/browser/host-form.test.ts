/**
 * Hosting a game with every option from a phone: the basics first, the rest folded into sections
 * that say what each option does; the decision moment shows as the host types; the API's own
 * answer to a bad value shows at its field; editing starts from what was saved.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createSport } from '../helpers/games.ts';
import { createUser } from '../helpers/users.ts';
import { chromiumMissing } from './browser.ts';
import { checkScreen, startJourney, type Journey } from './journey.ts';

interface Hosted {
  id: string;
  title: string;
  minPlayers: number | null;
  decisionHoursBefore: number;
  joinPolicy: string;
  offLevelPolicy: string;
  maxGuestsPerPlayer: number;
  waitlistMode: string;
  selfCheckIn: boolean;
  maxRecentNoShows: number | null;
}

describe('hosting: the host form', { skip: chromiumMissing }, () => {
  let journey: Journey;
  before(async () => {
    journey = await startJourney();
    await createSport(journey.service.app, await createUser(journey.service.app, { admin: true }), { name: 'Pickleball' });
  });
  after(() => journey?.close());

  it('hosts a game with a quorum, approval, waitlist offers and a no-show gate, then edits it from what was saved', async () => {
    const hana = await journey.person('Hana Host');
    const page = hana.page;
    await page.goto('/app/host');
    await page.getByRole('heading', { name: 'Host a game' }).waitFor();
    await page.getByLabel('Activity').selectOption({ label: 'Pickleball' });
    const venue = page.getByLabel('Venue');
    await venue.locator('option').nth(1).waitFor({ state: 'attached' });
    await venue.selectOption({ index: 1 });
    await page.getByLabel('Lowest level').selectOption({ index: 1 });
    await page.getByLabel('Highest level').selectOption({ index: 3 });
    const day = new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    await page.getByLabel('Starts').fill(`${day}T19:00`);
    await page.getByLabel('Ends').fill(`${day}T21:00`);
    await page.getByLabel('Slots').fill('8');
    await page.getByLabel('Title (optional)').fill('Quorum night');

    // The options fold away until asked for; each says what it does.
    const minimum = page.getByLabel('Minimum players (optional)');
    assert.equal(await minimum.isVisible(), false, 'folded on arrival');
    await page.getByText('Quorum and decision').click();
    await minimum.fill('4');
    await page.getByLabel('Decide this many hours before').fill('5');
    await page.getByText(/^Decided at .+14:00\.$/).waitFor();
    await page.getByText('Without this many players at the decision time the game is called off and everyone is told.').waitFor();
    await page.getByText('Who may join').click();
    await page.getByLabel('Joining').selectOption('APPROVAL');
    await page.getByLabel('Players outside the level range').selectOption('REQUEST');
    await page.getByLabel('Guests each player may bring').selectOption('1');
    await page.getByLabel('Turn away players with this many recent no-shows (optional)').fill('2');
    await page.getByText('Waitlist and check-in').click();
    await page.getByLabel('When a place frees up').selectOption('OFFER');
    await page.getByLabel('Players may check themselves in').check();
    await checkScreen(page, 'host form, every option open');

    // A quorum above the slots: the form says so at the field before sending.
    await page.getByLabel('Slots').fill('3');
    await page.getByText('The minimum is a whole number from 1 up to the slots.').waitFor();
    await page.getByLabel('Slots').fill('8');
    await page.getByRole('button', { name: 'Host this game' }).click();
    await page.waitForURL(/\/app\/games\/[0-9a-f-]{36}$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const saved = (await journey.api<Hosted>(hana, 'GET', `/api/v1/games/${id}`)).data;
    assert.deepEqual(
      [
        saved.minPlayers,
        saved.decisionHoursBefore,
        saved.joinPolicy,
        saved.offLevelPolicy,
        saved.maxGuestsPerPlayer,
        saved.waitlistMode,
        saved.selfCheckIn,
        saved.maxRecentNoShows,
      ],
      [4, 5, 'APPROVAL', 'REQUEST', 1, 'OFFER', true, 2],
    );

    await page.goto(`/app/games/${id}/edit`);
    await page.getByRole('heading', { name: 'Edit game' }).waitFor();
    // Sections holding a setting away from its default open by themselves.
    assert.equal(await page.getByLabel('Minimum players (optional)').inputValue(), '4');
    assert.equal(await page.getByLabel('When a place frees up').inputValue(), 'OFFER');
    await checkScreen(page, 'edit game');
    await page.getByLabel('Minimum players (optional)').fill('');
    await page.getByLabel('Turn away players with this many recent no-shows (optional)').fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(new RegExp(`/app/games/${id}$`));
    const edited = (await journey.api<Hosted>(hana, 'GET', `/api/v1/games/${id}`)).data;
    assert.deepEqual([edited.minPlayers, edited.maxRecentNoShows, edited.waitlistMode], [null, null, 'OFFER'], 'emptied options are cleared');
  });
});
