/**
 * Running a game from its manage page: the organiser answers join requests, confirms and invites a
 * co-host, who (once they accept) answers requests too; a removal and a new share link ask first and
 * say what they do; attendance is marked after the start, where the API's refusal before it is shown;
 * players' ratings show after the game; a game is cancelled and then deleted for good.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createSport, gameBody, type Sport } from '../helpers/games.ts';
import { createUser } from '../helpers/users.ts';
import { chromiumMissing } from './browser.ts';
import { checkScreen, startJourney, type Journey, type Person } from './journey.ts';

describe('hosting: the manage page', { skip: chromiumMissing }, () => {
  let journey: Journey;
  let sport: Sport;
  let host: Person;
  let pat: Person;
  let gameId = '';
  let startsAt = 0;
  const manage = (who: Person, id = gameId) => who.page.goto(`/app/games/${id}/manage`);
  const ask = (who: Person, message: string) => journey.api(who, 'POST', `/api/v1/games/${gameId}/join-requests`, { message });
  const players = async () =>
    ((await journey.api<{ name: string; status: string }[]>(host, 'GET', `/api/v1/games/${gameId}/participants`)).data ?? []).map((p) => p.name);

  before(async () => {
    journey = await startJourney();
    sport = await createSport(journey.service.app, await createUser(journey.service.app, { admin: true }), { name: 'Sepak takraw' });
    host = await journey.person('Hana Host');
    const created = await journey.api<{ id: string; startTime: string }>(
      host,
      'POST',
      '/api/v1/games',
      gameBody(sport, journey.clock.now(), 12, { title: 'Approval evening', joinPolicy: 'APPROVAL', minPlayers: 3, joinAsOrganizer: true }),
    );
    assert.equal(created.status, 201);
    gameId = created.data.id;
    startsAt = Date.parse(created.data.startTime);
  });
  after(() => journey?.close());

  it('the organiser approves, confirms and invites a co-host; once they accept, the co-host approves and declines from their phone', async () => {
    const [cory, rae] = [await journey.person('Cory Cohost'), await journey.person('Rae Regular')];
    assert.equal((await ask(cory, 'Happy to help run it')).status, 201);
    assert.equal((await ask(rae, 'Back from injury')).status, 201);
    const page = host.page;
    await manage(host);
    await page.getByRole('heading', { name: 'Manage game: Approval evening' }).waitFor();
    await page.getByText('Happy to help run it').waitFor();
    await page.getByText(/with fewer than 3 players it is called off/).waitFor();
    await checkScreen(page, 'manage, requests waiting');
    await page.getByRole('button', { name: 'Approve Cory Cohost' }).click();
    await page.getByRole('list', { name: 'Players' }).getByText('Cory Cohost', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Approve Rae Regular' }).click();
    await page.getByText('No one is waiting for an answer.').waitFor();
    // The organiser sees how to reach each player.
    await page.getByRole('list', { name: 'Players' }).getByText('WhatsApp: +65 9000 0000').first().waitFor();

    await page.getByRole('button', { name: 'Confirm: game on' }).click();
    await page.getByText('The game is on. Players have been told.').waitFor();

    await page.getByLabel('Invite a player as co-host').selectOption({ label: 'Cory Cohost' });
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    const coHosts = page.getByRole('list', { name: 'Co-hosts' });
    await coHosts.getByText('Invited').waitFor();

    const invitations = await journey.api<{ id: string; resourceId: string }[]>(cory, 'GET', '/api/v1/me/invitations');
    const invitation = invitations.data.find((item) => item.resourceId === gameId)!;
    assert.equal((await journey.api(cory, 'POST', `/api/v1/me/invitations/${invitation.id}/accept`)).status, 204);
    await page.reload();
    await coHosts.getByText('Co-host', { exact: true }).waitFor();

    pat = await journey.person('Pat Player');
    const dee = await journey.person('Dee Declined');
    await ask(pat, 'I play every week');
    await ask(dee, 'Can I come?');
    await manage(cory);
    const coPage = cory.page;
    await coPage.getByText('I play every week').waitFor();
    await coPage.getByRole('button', { name: 'Record of Pat Player' }).click();
    await coPage.getByText('0 games played, 0 no-shows in the last 90 days.').waitFor();
    await coPage.getByRole('button', { name: 'Approve Pat Player' }).click();
    await coPage.getByRole('list', { name: 'Players' }).getByText('Pat Player', { exact: true }).waitFor();
    await coPage.getByRole('button', { name: 'Decline Dee Declined' }).click();
    const dialog = coPage.getByRole('dialog', { name: 'Decline this request?' });
    await dialog.getByText('Dee Declined will be told the answer is no.').waitFor();
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await coPage.getByText('No one is waiting for an answer.').waitFor();
    // What a co-host may not do is said, and the organiser's acts are not offered.
    await coPage.getByText(/They may not cancel or delete the game/).waitFor();
    assert.equal(await coPage.getByRole('button', { name: 'Cancel game' }).count(), 0);
    await checkScreen(coPage, 'manage, as co-host');
    assert.deepEqual((await players()).sort(), ['Cory Cohost', 'Hana Host', 'Pat Player', 'Rae Regular']);
  });

  it('removing a player asks first, says they will be told, and can be called off', async () => {
    const page = host.page;
    await manage(host);
    await page.getByRole('button', { name: 'Remove Rae Regular' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this player?' });
    await dialog.getByText('Rae Regular will lose their place and be told.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    assert.ok((await players()).includes('Rae Regular'), 'nothing happens without a yes');
    await page.getByRole('button', { name: 'Remove Rae Regular' }).click();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Rae Regular was removed.').waitFor();
    assert.ok(!(await players()).includes('Rae Regular'));
  });

  it('a new share link replaces the old one, which stops working', async () => {
    const page = host.page;
    await manage(host);
    const url = page.getByTestId('share-url');
    await url.waitFor();
    const old = (await url.textContent())!;
    await page.getByRole('button', { name: 'Make a new link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make a new link?' });
    await dialog.getByText('The old link stops working at once; only the new one opens the game.').waitFor();
    await dialog.getByRole('button', { name: 'Make a new link' }).click();
    await page.getByText('A new link is ready; the old one no longer works.').waitFor();
    const fresh = (await url.textContent())!;
    assert.notEqual(fresh, old);
    const code = (link: string) => link.split('/').pop()!;
    assert.equal((await journey.api(host, 'GET', `/api/v1/share-links/${code(old)}`)).status, 404);
    assert.equal((await journey.api(host, 'GET', `/api/v1/share-links/${code(fresh)}`)).status, 200);
  });

  it('attendance is refused before the start with the API’s reason, marked after it; the players’ rating shows after the game', async () => {
    const page = host.page;
    await manage(host);
    const attendance = page.getByRole('list', { name: 'Attendance' });
    await attendance.getByRole('group', { name: 'Pat Player: Not marked' }).getByRole('button', { name: 'Came' }).click();
    await page.getByText('Attendance is marked from 30 minutes before the start until 12 hours after it.', { exact: true }).waitFor();

    journey.clock.set(new Date(startsAt + 3 * 3_600_000));
    await page.reload();
    await attendance.getByRole('group', { name: 'Pat Player: Not marked' }).getByRole('button', { name: 'Came' }).click();
    await attendance.getByRole('group', { name: 'Pat Player: Came' }).waitFor();
    // Pat, marked as having come, rates the game once it is over; the hosts see the summary.
    assert.equal((await journey.api(pat, 'PUT', `/api/v1/games/${gameId}/rating`, { score: 4, note: 'Well run' })).status, 200);
    await page.reload();
    await page.getByText('4.0 of 5 from 1 player').waitFor();
    await page.getByRole('list', { name: 'Ratings' }).getByText('Well run').waitFor();
    await checkScreen(page, 'manage, after the game');
  });

  it('the organiser cancels a game, saying players are told, then deletes it for good', async () => {
    const created = await journey.api<{ id: string }>(host, 'POST', '/api/v1/games', gameBody(sport, journey.clock.now(), 24, { title: 'Rainy day' }));
    const page = host.page;
    await manage(host, created.data.id);
    await page.getByRole('button', { name: 'Cancel game' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this game?' });
    await dialog.getByText(/Everyone who joined or is waiting is told/).waitFor();
    await dialog.getByRole('button', { name: 'Cancel game' }).click();
    await page.getByText('This game is cancelled.').waitFor();
    assert.equal((await journey.api<{ status: string }>(host, 'GET', `/api/v1/games/${created.data.id}`)).data.status, 'CANCELLED');
    await checkScreen(page, 'manage, cancelled');

    await page.getByRole('button', { name: 'Delete for good' }).click();
    await page.getByRole('dialog', { name: 'Delete this game for good?' }).getByRole('button', { name: 'Delete for good' }).click();
    await page.waitForURL(/\/app\/my-games$/);
    assert.equal((await journey.api(host, 'GET', `/api/v1/games/${created.data.id}`)).status, 404);
  });
});
