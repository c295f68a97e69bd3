/**
 * A game's chat as its people meet it: a player writes (a link becomes a link, markup stays text), the
 * waitlisted player reads but may not write until the organiser lets them, the organiser pins an
 * announcement, deletes a message and closes the chat; on a phone the chat has a page of its own.
 * Messages arrive live: one page writes, another open page shows it without a reload, and the
 * tab bar's My games counts the unread ones.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createGame, createSport, gameBody, type Sport } from '../helpers/games.ts';
import { createUser } from '../helpers/users.ts';
import { chromiumMissing } from './browser.ts';
import { checkScreen, DESKTOP, startJourney, type Journey, type Person } from './journey.ts';

describe('game chat', { skip: chromiumMissing }, () => {
  let journey: Journey;
  let sport: Sport;
  let hana: Person;
  let pat: Person;
  let wai: Person;
  before(async () => {
    journey = await startJourney();
    sport = await createSport(journey.service.app, await createUser(journey.service.app, { admin: true }), { name: 'Badminton' });
    hana = await journey.person('Hana Host', { viewport: DESKTOP });
    pat = await journey.person('Pat Player');
    wai = await journey.person('Wai Waiting');
  });
  after(() => journey?.close());

  const confirmWith = async (page: Page, label: string) => {
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: label }).click();
    await dialog.waitFor({ state: 'hidden' });
  };
  const chatOf = (page: Page) => page.getByRole('region', { name: 'Chat' });
  /** Sends `text` and waits until the list shows `shows` (the text, or the part of it before a link). */
  const send = async (page: Page, text: string, shows = text) => {
    await chatOf(page).getByLabel('Message', { exact: true }).fill(text);
    await chatOf(page).getByRole('button', { name: 'Send' }).click();
    await chatOf(page).getByRole('list', { name: 'Messages, oldest first' }).getByText(shows, { exact: false }).waitFor();
  };

  it('players write, the waitlist reads, the organiser pins, deletes and closes', async () => {
    const game = await createGame(journey.service.app, hana, gameBody(sport, journey.clock.now(), 72, { title: 'Chatty badminton', slots: 1 }));
    assert.equal((await journey.api(pat, 'POST', `/api/v1/games/${game.id}/participants`)).status, 201);
    assert.equal((await journey.api(wai, 'POST', `/api/v1/games/${game.id}/participants`)).status, 201);

    await pat.page.goto(`/app/games/${game.id}`);
    const patChat = chatOf(pat.page);
    await patChat.getByText('No messages yet. Say hello, or ask who brings shuttles.').waitFor();
    await send(pat.page, 'Running late <b>sorry</b>, map: https://example.com/court.', 'Running late <b>sorry</b>, map:');
    const messages = patChat.getByRole('list', { name: 'Messages, oldest first' });
    assert.equal(await messages.locator('b').count(), 0, 'markup is shown as text');
    assert.equal(await messages.getByRole('link', { name: 'https://example.com/court' }).getAttribute('href'), 'https://example.com/court');
    await checkScreen(pat.page, 'game chat, a player wrote');
    // Pat goes away (an open chat would see and read what comes next).
    await pat.page.goto('about:blank');

    await wai.page.goto(`/app/games/${game.id}/chat`);
    await chatOf(wai.page).getByText('You can read the chat while you wait for a place. The organiser has not let the waitlist write.').waitFor();
    assert.equal(await chatOf(wai.page).getByLabel('Message', { exact: true }).count(), 0);
    await checkScreen(wai.page, 'chat page, waiting');

    await hana.page.goto(`/app/games/${game.id}`);
    const hanaChat = chatOf(hana.page);
    await send(hana.page, 'Court 4 tonight, not 3');
    await hanaChat.getByRole('button', { name: 'Pin' }).click();
    await hanaChat.getByText('Pinned by the hosts').waitFor();
    // The box shows the service's answer, so it turns on once the change is saved.
    const waitlistMayWrite = hanaChat.getByLabel('Let the waitlist and join requests write');
    await waitlistMayWrite.click();
    await hana.page.getByText('Chat updated').first().waitFor();
    await waitlistMayWrite.and(hana.page.locator(':checked')).waitFor();
    await checkScreen(hana.page, 'game chat, host tools');

    // Pat's message goes, after the organiser confirms.
    const patsMessage = hanaChat.getByRole('listitem').filter({ hasText: 'Running late' });
    await patsMessage.getByRole('button', { name: 'Delete' }).click();
    await confirmWith(hana.page, 'Delete');
    await patsMessage.waitFor({ state: 'detached' });

    // Pat was away: the chat says how many are new, then counts them read once shown.
    await pat.page.goto(`/app/games/${game.id}`);
    await chatOf(pat.page).getByText('1 new message').waitFor();
    await chatOf(pat.page).getByText('1 new message').waitFor({ state: 'detached' });

    await wai.page.reload();
    await send(wai.page, 'Any place left?');
    await chatOf(wai.page).getByText('Court 4 tonight, not 3').first().waitFor();

    await hanaChat.getByRole('button', { name: 'Close the chat' }).click();
    await confirmWith(hana.page, 'Close the chat');
    await hanaChat.getByText('The hosts closed this chat: you can read it but not write.').waitFor();
    await pat.page.goto(`/app/games/${game.id}`);
    await chatOf(pat.page).getByText('The hosts closed this chat: you can read it but not write.').waitFor();
    await chatOf(pat.page).getByText('Any place left?').waitFor();
    await checkScreen(pat.page, 'game chat, closed');
    const page = await journey.api<{ content: Array<{ body: string }> }>(pat, 'GET', `/api/v1/games/${game.id}/chat/messages`);
    assert.deepEqual(
      page.data.content.map((m) => m.body),
      ['Any place left?', 'Court 4 tonight, not 3'],
    );
  });

  it('a message written on one page appears on another open page without a reload, and My games counts it unread', async () => {
    const game = await createGame(journey.service.app, hana, gameBody(sport, journey.clock.now(), 120, { title: 'Live badminton' }));
    assert.equal((await journey.api(pat, 'POST', `/api/v1/games/${game.id}/participants`)).status, 201);
    assert.equal((await journey.api(wai, 'POST', `/api/v1/games/${game.id}/participants`)).status, 201);
    await pat.page.goto(`/app/games/${game.id}/chat`);
    await chatOf(pat.page).getByText('No messages yet. Say hello, or ask who brings shuttles.').waitFor();
    const before = (await journey.api<{ total: number }>(wai, 'GET', '/api/v1/me/chat-unread')).data.total;
    await wai.page.goto('/app/my-games');
    await wai.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /^My games/ })
      .waitFor();
    await hana.page.goto(`/app/games/${game.id}`);
    await send(hana.page, 'Nets are up, come early');
    // Well inside the 30 s fallback poll: the stream brought it.
    await chatOf(pat.page).getByText('Nets are up, come early').waitFor({ timeout: 10_000 });
    const total = before + 1;
    await wai.page
      .getByTestId('chat-unread')
      .filter({ hasText: new RegExp(`^${total}$`) })
      .waitFor({ timeout: 10_000 });
    await wai.page.getByRole('link', { name: `My games, ${total} unread chat message${total === 1 ? '' : 's'}` }).waitFor();
    await checkScreen(wai.page, 'my games, one unread chat message');
    const page = await journey.api<{ content: Array<{ id: string }> }>(hana, 'GET', `/api/v1/games/${game.id}/chat/messages`);
    const [message] = page.data.content;
    assert.equal((await journey.api(hana, 'DELETE', `/api/v1/games/${game.id}/chat/messages/${message!.id}`)).status, 204);
    await chatOf(pat.page).getByText('Nets are up, come early').waitFor({ state: 'detached', timeout: 10_000 });
    await checkScreen(pat.page, 'game chat, a message deleted live');
  });

  it('a player reports a message; an admin finds it in the queue and deletes it', async () => {
    const ada = await journey.person('Ada Admin', { admin: true, viewport: DESKTOP });
    const game = await createGame(journey.service.app, hana, gameBody(sport, journey.clock.now(), 96, { title: 'Reported badminton' }));
    assert.equal((await journey.api(pat, 'POST', `/api/v1/games/${game.id}/participants`)).status, 201);
    assert.equal((await journey.api(hana, 'POST', `/api/v1/games/${game.id}/chat/messages`, { body: 'Pay me double or stay home' })).status, 201);

    await pat.page.goto(`/app/games/${game.id}/chat`);
    const message = chatOf(pat.page).getByRole('listitem').filter({ hasText: 'Pay me double' });
    await message.getByRole('button', { name: 'Report' }).click();
    await confirmWith(pat.page, 'Report');
    await pat.page.getByText('Reported to the admins').first().waitFor();

    await ada.page.goto('/app/admin/chat-reports');
    const queue = ada.page.getByRole('list', { name: 'Reported chat messages' });
    const item = queue.getByRole('listitem').filter({ hasText: 'Pay me double or stay home' });
    await item.getByText(/Reported by Pat Player/).waitFor();
    await checkScreen(ada.page, 'admin chat reports');
    await item.getByRole('button', { name: 'Delete the message' }).click();
    await confirmWith(ada.page, 'Delete the message');
    await ada.page.getByText('No open reports').waitFor();
    const left = await journey.api<{ content: unknown[] }>(pat, 'GET', `/api/v1/games/${game.id}/chat/messages`);
    assert.equal(left.data.content.length, 0);
  });
});
