/**
 * An admin at a phone cancels someone's game (its players are told), and settles the disputes of two
 * no-show marks: one upheld (it counts again), one dismissed (the mark is gone).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createSport, gameBody, type Game, type Sport } from '../helpers/games.ts';
import { mintTokens, type TestUser } from '../helpers/users.ts';
import { chromiumMissing } from './browser.ts';
import { answer, startAdminJourney } from './admin-journey.ts';
import { checkScreen, type Journey, type Person } from './journey.ts';

const HOUR = 3_600_000;

describe('administration: games and attendance disputes', { skip: chromiumMissing }, () => {
  let journey: Journey;
  let hana: Person;
  let sport: Sport;
  before(async () => {
    journey = await startAdminJourney();
    hana = await journey.person('Host Hana');
    const setup = await journey.person('Setup Admin', { admin: true });
    sport = await createSport(journey.service.app, setup, { name: 'Squash' });
  });
  after(() => journey?.close());

  /** Fresh tokens: the clock moves past the access token's day. */
  const as = async (who: TestUser): Promise<TestUser> => ({
    ...who,
    auth: { authorization: `Bearer ${(await mintTokens(journey.service.app, who.id)).accessToken}` },
  });
  const hostGame = async (title: string, startsInHours: number) => {
    const created = await journey.api<Game>(hana, 'POST', '/api/v1/games', gameBody(sport, journey.clock.now(), startsInHours, { title }));
    assert.equal(created.status, 201);
    return created.data;
  };
  const join = async (game: Game, who: TestUser) => assert.equal((await journey.api(who, 'POST', `/api/v1/games/${game.id}/participants`)).status, 201);

  it('cancels any game from the games list; the confirmation says its players are told, and they are', async () => {
    const alice = await journey.person('Alice Admin', { admin: true });
    const sam = await journey.person('Sam Player');
    const game = await hostGame('Admin Cancels Cup', 30);
    await join(game, sam);
    await hostGame('Stays On Open', 40);

    const page = alice.page;
    await page.goto('/app/admin/games');
    await page.getByRole('button', { name: 'Squash' }).click();
    const card = page.getByRole('listitem').filter({ hasText: 'Admin Cancels Cup' });
    await card.getByText('Hosted by Host Hana').waitFor();
    await checkScreen(page, 'admin games');
    await card.getByRole('button', { name: 'Cancel Admin Cancels Cup' }).click();
    await answer(page, 'Cancel this game?', /Its 1 player is told/, 'Cancel');
    assert.equal((await journey.api<Game>(alice, 'GET', `/api/v1/games/${game.id}`)).data.status, 'SCHEDULED', 'cancelling the dialog keeps the game');

    await card.getByRole('button', { name: 'Cancel Admin Cancels Cup' }).click();
    await answer(page, 'Cancel this game?', /Its 1 player is told/, 'Cancel game');
    await page.getByText('Admin Cancels Cup cancelled; its players are told').waitFor();
    // The list shows games as players find them, and a cancelled game is no longer found.
    await card.waitFor({ state: 'detached' });
    assert.equal((await journey.api<Game>(alice, 'GET', `/api/v1/games/${game.id}`)).data.status, 'CANCELLED');
    const told = await journey.api<{ content: Array<{ type: string }> }>(sam, 'GET', '/api/v1/notifications');
    assert.ok(told.data.content.some((notification) => notification.type === 'GAME_CANCELLED'));
    const other = page.getByRole('listitem').filter({ hasText: 'Stays On Open' });
    await other.getByRole('button', { name: 'Cancel Stays On Open' }).waitFor();
  });

  it('upholds one disputed no-show and dismisses another; the queue names the players and the game', async () => {
    const dan = await journey.person('Disputing Dan');
    const pia = await journey.person('Pia Present');
    const game = await hostGame('Disputed Doubles', 25);
    await join(game, dan);
    await join(game, pia);
    journey.clock.set(new Date(new Date(game.startTime).getTime() + HOUR));
    for (const player of [dan, pia]) {
      const marked = await journey.api(await as(hana), 'PUT', `/api/v1/games/${game.id}/attendance/${player.id}`, { status: 'NO_SHOW' });
      assert.equal(marked.status, 200);
      const disputed = await journey.api(await as(player), 'POST', `/api/v1/me/attendance/${game.id}/dispute`, { reason: `${player.name} was there` });
      assert.equal(disputed.status, 200);
    }

    const admin = await journey.person('Dora Admin', { admin: true });
    const page = admin.page;
    await page.goto('/app/admin/disputes');
    const danCard = page.getByRole('listitem', { name: 'Disputing Dan' });
    await danCard.getByText('Disputing Dan was there').waitFor();
    await danCard.getByRole('link', { name: 'Disputed Doubles' }).waitFor();
    await danCard.getByText(/Host Hana/).waitFor();
    await checkScreen(page, 'admin disputes');
    await danCard.getByRole('button', { name: 'Uphold no-show' }).click();
    await answer(page, 'Uphold the no-show?', /stays on Disputing Dan's record/, 'Uphold no-show');
    await danCard.waitFor({ state: 'detached' });

    const piaCard = page.getByRole('listitem', { name: 'Pia Present' });
    await piaCard.getByRole('button', { name: 'Dismiss no-show' }).click();
    await answer(page, 'Dismiss the no-show?', /removed from Pia Present's record/, 'Dismiss no-show');
    await page.getByText('No open disputes').waitFor();
    await checkScreen(page, 'admin disputes, none open');

    const noShows = async (who: TestUser) => (await journey.api<{ noShows: number }>(await as(who), 'GET', '/api/v1/me/reliability')).data.noShows;
    assert.equal(await noShows(dan), 1, 'the upheld mark counts');
    assert.equal(await noShows(pia), 0, 'the dismissed mark is gone');
  });
});
