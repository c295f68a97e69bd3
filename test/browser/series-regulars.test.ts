/**
 * Regulars and co-hosts of a weekly series in the app: the organiser invites a player who played in
 * it (shown as invited until they accept); the player accepts and, in their own browser, skips one
 * date still to open and one already open (leaving its game); another player becomes a regular in one
 * step; a co-host invitation by player ID is sent and withdrawn.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { chromiumMissing } from './browser.ts';
import { checkScreen, startJourney, type Journey, type Person } from './journey.ts';
import { datesOf, seedSport, weeklySeries } from './series-world.ts';

describe('weekly series: regulars and co-hosts', { skip: chromiumMissing }, () => {
  let journey: Journey;
  let olivia: Person;
  let pat: Person;
  let quinn: Person;
  before(async () => {
    journey = await startJourney();
    await seedSport(journey);
    olivia = await journey.person('Olivia Organiser');
    pat = await journey.person('Pat Player');
    quinn = await journey.person('Quinn Quick');
  });
  after(() => journey?.close());

  let seriesId: string;

  it('a regular invited in the app accepts, then skips a date still to open in their own browser', async () => {
    const series = await weeklySeries(journey, olivia, 'Tuesday club');
    seriesId = series.id;
    const [first] = await datesOf(journey, olivia, series.id);
    assert.equal((await journey.api(pat, 'POST', `/api/v1/games/${first!.gameId}/participants`, {})).status, 201);

    const page = olivia.page;
    await page.goto(`/app/series/${series.id}`);
    const regulars = page.getByRole('region', { name: 'Regulars' });
    await regulars.getByText('No regulars yet').waitFor();
    await regulars.getByRole('button', { name: 'Invite a regular' }).click();
    const sheet = page.getByRole('dialog');
    const candidates = sheet.getByLabel('Someone who played in this series');
    await candidates.locator('option', { hasText: 'Pat Player' }).waitFor({ state: 'attached' });
    await checkScreen(page, 'invite a regular');
    await candidates.selectOption({ label: 'Pat Player' });
    await sheet.getByRole('button', { name: 'Send invitation' }).click();
    await regulars.getByRole('listitem').filter({ hasText: 'Pat Player' }).getByText('Invited').waitFor();

    const invitations = await journey.api<Array<{ id: string; resourceId: string }>>(pat, 'GET', '/api/v1/me/invitations');
    const invitation = invitations.data.find((one) => one.resourceId === series.id)!;
    assert.ok((await journey.api(pat, 'POST', `/api/v1/me/invitations/${invitation.id}/accept`, {})).status < 300);

    const mine = pat.page;
    await mine.goto(`/app/series/${series.id}`);
    await mine.getByRole('button', { name: 'Stop being a regular' }).waitFor();
    const rows = mine.locator('.series-date');
    await rows.nth(0).getByText('2 of 8 places taken', { exact: false }).waitFor();
    await checkScreen(mine, 'series page, regular');
    await rows.nth(2).getByRole('button', { name: 'Skip this date' }).click();
    const asked = mine.getByRole('dialog');
    await asked.getByText('You will not be added to this date.').waitFor();
    await asked.getByRole('button', { name: 'Skip this date' }).click();
    await rows.nth(2).getByText('You sit this one out').waitFor();
    assert.equal(await rows.nth(2).getByRole('button', { name: 'Skip this date' }).count(), 0);
  });

  it('the regular skips a date already open: they leave its game, the other dates are untouched', async () => {
    const mine = pat.page;
    const rows = mine.locator('.series-date');
    const asked = mine.getByRole('dialog');
    await rows.nth(0).getByRole('button', { name: 'Skip this date' }).click();
    await asked.getByRole('button', { name: 'Skip this date' }).click();
    await rows.nth(0).getByText('You sit this one out').waitFor();
    await rows.nth(0).getByText('1 of 8 places taken', { exact: false }).waitFor();
    assert.equal(await rows.nth(1).getByText('You sit this one out').count(), 0, 'the other dates are untouched');

    const page = olivia.page;
    await page.goto(`/app/series/${seriesId}`);
    const regulars = page.getByRole('region', { name: 'Regulars' });
    await regulars.getByRole('listitem').filter({ hasText: 'Pat Player' }).waitFor();
    assert.equal(await regulars.getByText('Invited').count(), 0, 'an accepted invitation is no longer pending');
  });

  it('another player becomes a regular in one step', async () => {
    await quinn.page.goto(`/app/series/${seriesId}`);
    await quinn.page.getByText('You are added to every date as it opens').waitFor();
    await checkScreen(quinn.page, 'series page, not a regular');
    await quinn.page.getByRole('button', { name: 'Join as a regular' }).click();
    await quinn.page.getByRole('button', { name: 'Stop being a regular' }).waitFor();
    await quinn.page.getByRole('region', { name: 'Regulars' }).getByText('Quinn Quick').waitFor();
  });

  it('the organiser invites a co-host by player ID, sees the invitation pending, and withdraws it', async () => {
    const series = await weeklySeries(journey, olivia, 'Co-hosted', '07:00');
    const page = olivia.page;
    await page.goto(`/app/series/${series.id}`);
    const coHosts = page.getByRole('region', { name: 'Co-hosts' });
    await coHosts.getByRole('button', { name: 'Invite a co-host' }).click();
    const sheet = page.getByRole('dialog');
    await sheet.getByRole('button', { name: 'Send invitation' }).click();
    await sheet.getByText('Choose someone, or give their player ID.').waitFor();
    await sheet.getByLabel('Or their player ID').fill(quinn.id);
    await sheet.getByRole('button', { name: 'Send invitation' }).click();
    const quinnRow = coHosts.getByRole('listitem').filter({ hasText: 'Quinn Quick' });
    await quinnRow.getByText('Invited').waitFor();

    await quinnRow.getByRole('button', { name: 'Remove Quinn Quick' }).click();
    await sheet.getByText('Their invitation is withdrawn.').waitFor();
    await checkScreen(page, 'withdraw a co-host invitation, asked');
    await sheet.getByRole('button', { name: 'Remove' }).click();
    await coHosts.getByText('No co-hosts').waitFor();
    const open = await journey.api<unknown[]>(quinn, 'GET', '/api/v1/me/invitations');
    assert.equal(open.data.length, 0, 'the withdrawn invitation is gone from their list');
  });
});
