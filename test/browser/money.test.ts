/**
 * Money (#38) at phone width: the organiser saves PayNow details under Me, a player opens the pay
 * sheet on the game page (a QR code the API's payload draws), says they paid, and the organiser
 * confirms it with one tap in the game's ledger; Money under Me follows. The organiser's rule (pay
 * before the game) is set on the manage page and shown on the pay sheet, and so is the hold of an
 * unpaid place until a deadline ("Pay by … or your place goes to the waitlist").
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createGame, createSport, gameBody } from '../helpers/games.ts';
import { chromiumMissing } from './browser.ts';
import { checkScreen, type Person } from './journey.ts';
import { startMeJourney, type MeJourney } from './me-journey.ts';

describe('money: the pay sheet and the ledger', { skip: chromiumMissing }, () => {
  let journey: MeJourney;
  let hal: Person;
  let mia: Person;
  let gameId: string;

  before(async () => {
    journey = await startMeJourney();
    hal = await journey.person('Hal Host');
    mia = await journey.person('Mia Player');
    const admin = await journey.person('Ada Admin', { admin: true });
    const sport = await createSport(journey.service.app, admin, { name: 'Badminton' });
    gameId = (await createGame(journey.service.app, hal, gameBody(sport, journey.clock.now(), 30, { title: 'Thursday doubles' }))).id;
    assert.equal((await journey.api(mia, 'POST', `/api/v1/games/${gameId}/participants`)).status, 201);
  });
  after(() => journey?.close());

  it('the organiser saves PayNow details under Me', async () => {
    const { page } = hal;
    await page.goto(`${journey.app}/app/profile`);
    await page.getByRole('link', { name: 'Money' }).click();
    await page.getByRole('heading', { name: 'Owed to you' }).waitFor();
    await page.getByLabel('Number or UEN').fill('9123 4567');
    await page.getByLabel('Name shown to payers').fill('Hal Host');
    await page.getByRole('button', { name: 'Save PayNow details' }).click();
    await page.getByText('PayNow details saved').waitFor();
    assert.equal(await page.getByLabel('Number or UEN').inputValue(), '+6591234567');
    await checkScreen(page, 'money under me');
  });

  it('the organiser asks players to pay before the game; the pay sheet says so', async () => {
    const host = hal.page;
    await host.goto(`${journey.app}/app/games/${gameId}/manage`);
    const rule = host.getByLabel('Players pay');
    await rule.waitFor();
    assert.equal(await rule.inputValue(), 'AFTER');
    await rule.selectOption('BEFORE');
    await host.getByText('Payment rule saved').waitFor();
    await checkScreen(host, 'payment rule');
    await mia.page.goto(`${journey.app}/app/games/${gameId}`);
    await mia.page.getByText('The organiser asks you to pay before the game.').waitFor();
  });

  it('the organiser holds unpaid places until 24 hours before; the pay sheet names the deadline', async () => {
    const host = hal.page;
    await host.goto(`${journey.app}/app/games/${gameId}/manage`);
    const hold = host.getByLabel('Hold an unpaid place');
    await hold.waitFor();
    assert.equal(await hold.inputValue(), '', 'off by default');
    await hold.selectOption('24');
    await host.getByText(/Deadline: /).waitFor();
    assert.equal(await host.getByLabel('Players pay').inputValue(), 'BEFORE', 'the other rule is kept');
    await checkScreen(host, 'unpaid place rule');
    await mia.page.goto(`${journey.app}/app/games/${gameId}`);
    await mia.page.getByText(/^Pay by .+ or your place goes to the waitlist\.$/).waitFor();
    await checkScreen(mia.page, 'pay sheet deadline');
  });

  it('the player pays from the sheet and says so; the organiser confirms it in the ledger', async () => {
    const { page } = mia;
    await page.goto(`${journey.app}/app/games/${gameId}`);
    await page
      .getByText(/^You owe .*8\.50$/)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Pay with PayNow' }).click();
    const sheet = page.getByRole('dialog', { name: 'Pay with PayNow' });
    const qr = sheet.getByRole('img', { name: /PayNow QR code/ });
    await qr.waitFor();
    assert.match((await qr.getAttribute('src'))!, /^data:image\/png;base64,/);
    await sheet.getByText('+6591234567').waitFor();
    await checkScreen(page, 'pay sheet');
    await sheet.getByLabel('Your bank reference (optional)').fill('DBS 0042');
    await sheet.getByRole('button', { name: "I've paid" }).click();
    await page.getByText('Thanks: the organiser will confirm it.').waitFor();
    await page.getByText('Says paid').first().waitFor();

    const host = hal.page;
    await host.goto(`${journey.app}/app/games/${gameId}/manage`);
    const ledger = host.getByRole('list', { name: 'Payments' });
    await ledger.getByText('DBS 0042', { exact: false }).waitFor();
    await checkScreen(host, 'ledger');
    await ledger.getByRole('group', { name: 'Mia Player, Own place' }).getByRole('button', { name: 'Confirm' }).click();
    await ledger.getByText('Paid', { exact: true }).waitFor();
    const book = await journey.api<{ totals: { confirmed: string } }>(hal, 'GET', `/api/v1/games/${gameId}/ledger`);
    assert.equal(book.data.totals.confirmed, '8.50');

    await page.goto(`${journey.app}/app/me/money`);
    await page.getByText('Nothing outstanding.').waitFor();
    await checkScreen(page, 'money settled');
  });
});
