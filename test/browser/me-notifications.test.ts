/**
 * The signed-in person's notifications: older pages beyond the first 50, deleting one, the game's date
 * beside a notification, muting a game from a notification, and notification settings that silence a type.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createGame, createSport, gameBody, onboardedUser, type Game, type Sport } from '../helpers/games.ts';
import { chromiumMissing } from './browser.ts';
import { checkScreen, type Person } from './journey.ts';
import { startMeJourney, type MeJourney } from './me-journey.ts';
import { flip, holdFirstAnswer } from './optimistic.ts';

describe('my notifications', { skip: chromiumMissing }, () => {
  let journey: MeJourney;
  let sport: Sport;
  let host: Person;
  let game: Game;
  const told = async (who: Person) =>
    (await journey.api<{ content: Array<{ type: string }>; page: { totalElements: number } }>(who, 'GET', '/api/v1/notifications?size=1')).data.page
      .totalElements;

  before(async () => {
    journey = await startMeJourney();
    const admin = await journey.person('Ada Admin', { admin: true });
    sport = await createSport(journey.service.app, admin, { name: 'Badminton' });
    host = await journey.person('Hana Host');
    game = await createGame(journey.service.app, host, gameBody(sport, journey.clock.now(), 72, { title: 'Thursday smash', slots: 100 }));
    // Sixty players join: sixty notifications for the host (each player's own, so none coalesce).
    for (let i = 0; i < 60; i++) {
      const player = await onboardedUser(journey.service.app, `Player ${i + 1}`);
      assert.equal((await journey.service.app.inject({ method: 'POST', url: `/api/v1/games/${game.id}/participants`, headers: player.auth })).statusCode, 201);
    }
  });
  after(() => journey?.close());

  it('shows 50, then older ones on request; says which date the game is; deletes one after asking', async () => {
    const { page } = host;
    await page.goto(journey.app + '/app/notifications');
    const list = page.getByRole('list', { name: 'Notifications' });
    await list.getByRole('listitem').first().waitFor();
    assert.equal(await list.getByRole('listitem').count(), 50);
    await list
      .getByRole('listitem')
      .first()
      .getByText(/^Game: /)
      .waitFor();
    await page.getByRole('button', { name: 'Show older' }).click();
    await list.getByRole('listitem').nth(59).waitFor();
    assert.equal(await list.getByRole('listitem').count(), 60);
    assert.equal(await page.getByRole('button', { name: 'Show older' }).count(), 0, 'nothing older');

    await list
      .getByRole('listitem')
      .first()
      .getByRole('button', { name: /^Delete / })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete this notification?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByText('Notification deleted')
      .waitFor({ timeout: 5000 })
      .catch(async (error) => {
        await page.screenshot({ path: '/tmp/me-delete.png', fullPage: false });
        throw error;
      });
    for (let i = 0; i < 50 && (await list.getByRole('listitem').count()) !== 59; i++) await page.waitForTimeout(100);
    assert.equal(await list.getByRole('listitem').count(), 59);
    assert.equal(await told(host), 59);
  });

  it('silencing a type in the settings stops it appearing; a game is muted from a notification and listed in the settings', async () => {
    const { page } = host;
    await page.goto(journey.app + '/app/settings/notifications');
    await page.getByRole('heading', { name: 'Notification settings' }).waitFor();
    const inApp = page.getByRole('checkbox', { name: 'A player joined your game: In the app' });
    assert.equal(await inApp.isChecked(), true);
    await flip(inApp, false);
    let saved = false;
    for (let i = 0; i < 50 && !saved; i++) {
      const preferences = await journey.api<{ types: Record<string, { inApp: boolean }> }>(host, 'GET', '/api/v1/me/notification-preferences');
      saved = !preferences.data.types.PLAYER_JOINED!.inApp;
      if (!saved) await page.waitForTimeout(100);
    }
    assert.ok(saved, 'the switch was saved');
    // A player's chat pushes start off and have no in-app switch (the chat counts them); turning them on is saved.
    const chatPush = page.getByRole('checkbox', { name: 'Chat messages in games you play in: On your phone' });
    assert.equal(await chatPush.isChecked(), false);
    assert.equal(await page.getByRole('checkbox', { name: 'Chat messages in games you play in: In the app' }).count(), 0);
    assert.equal(await page.getByRole('checkbox', { name: 'Chat messages in games you host: On your phone' }).isChecked(), true);
    await flip(chatPush, true);
    let chatSaved = false;
    for (let i = 0; i < 50 && !chatSaved; i++) {
      const preferences = await journey.api<{ types: Record<string, { push: boolean }> }>(host, 'GET', '/api/v1/me/notification-preferences');
      chatSaved = preferences.data.types.CHAT_PLAYING!.push;
      if (!chatSaved) await page.waitForTimeout(100);
    }
    assert.ok(chatSaved, 'the chat switch was saved');
    const before = await told(host);
    const late = await onboardedUser(journey.service.app, 'Late Larry');
    assert.equal((await journey.service.app.inject({ method: 'POST', url: `/api/v1/games/${game.id}/participants`, headers: late.auth })).statusCode, 201);
    assert.equal(await told(host), before, 'no new PLAYER_JOINED notification');

    await page.getByRole('checkbox', { name: 'Hold back phone notifications at night' }).check();
    await page.getByLabel('From', { exact: true }).fill('22:30');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved').waitFor();
    const quiet = await journey.api<{ quietHours: { start: string; end: string } | null }>(host, 'GET', '/api/v1/me/notification-preferences');
    assert.deepEqual(quiet.data.quietHours, { start: '22:30', end: '08:00' });

    await page.goto(journey.app + '/app/notifications');
    const list = page.getByRole('list', { name: 'Notifications' });
    await list
      .getByRole('listitem')
      .first()
      .getByRole('button', { name: /^Mute the game/ })
      .click();
    await page.getByRole('dialog', { name: 'Mute this game?' }).getByRole('button', { name: 'Mute game' }).click();
    await page.getByText('Game muted').waitFor();
    await page.goto(journey.app + '/app/settings/notifications');
    const muted = page.getByRole('list', { name: 'Muted games' });
    await muted.getByRole('link', { name: 'Thursday smash' }).waitFor();
    await checkScreen(page, 'notification settings with a muted game');
    // The list follows the change at once: the unmute shows while its PUT is still on its way.
    const release = await holdFirstAnswer(page, '**/api/v1/me/notification-preferences');
    await muted.getByRole('button', { name: 'Unmute Thursday smash' }).click();
    await page.getByText('No game is muted.').waitFor();
    await release();
    await page.getByText('Game unmuted').waitFor();
    const after = await journey.api<{ mutedGameIds: string[] }>(host, 'GET', '/api/v1/me/notification-preferences');
    assert.deepEqual(after.data.mutedGameIds, []);
    await page.getByText('No game is muted.').waitFor();
  });
});
