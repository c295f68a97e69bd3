/**
 * A game's page over time, on the service's clock (the browser's clock moves with it): a place
 * offered from the waitlist with its claim window counting down, taken in time; checking in within
 * the window around the start; rating once the game has ended.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createGame, createSport, gameBody, onboardedUser, type Sport } from '../helpers/games.ts';
import { createUser } from '../helpers/users.ts';
import { chromiumMissing } from './browser.ts';
import { checkScreen, startJourney, type Journey, type Person } from './journey.ts';

const MINUTE = 60_000;

describe("a game's page over time", { skip: chromiumMissing }, () => {
  let journey: Journey;
  let sport: Sport;
  before(async () => {
    journey = await startJourney();
    // Midday in the app's zone (Singapore): waitlist offers are not held for quiet hours.
    journey.clock.set(new Date(Date.UTC(new Date().getUTCFullYear() + 1, 2, 2, 4, 0)));
    sport = await createSport(journey.service.app, await createUser(journey.service.app, { admin: true }), { name: 'Squash' });
  });
  after(() => journey?.close());

  /** A person whose browser keeps the service's time. */
  const person = async (name: string) => {
    const made = await journey.person(name);
    await made.page.clock.install({ time: journey.clock.now() });
    return made;
  };
  /** Moves the service's and these browsers' clocks on together; the browsers fire the timers that came due. */
  const jumpTo = async (people: Person[], instant: number) => {
    const by = instant - journey.clock.now().getTime();
    journey.clock.advance(by / 1000);
    for (const who of people) await who.page.clock.fastForward(by);
  };

  it('a place offered from the waitlist is accepted before its window closes', async () => {
    const host = await onboardedUser(journey.service.app, 'Olga Host');
    const game = await createGame(
      journey.service.app,
      host,
      gameBody(sport, journey.clock.now(), 72, { title: 'Offer squash', slots: 1, waitlistMode: 'OFFER' }),
    );
    const first = await onboardedUser(journey.service.app, 'Fay First');
    assert.equal((await journey.api(first, 'POST', `/api/v1/games/${game.id}/participants`, {})).status, 201);
    const olive = await person('Olive Waiting');
    const page = olive.page;
    await page.goto(`/app/games/${game.id}`);
    await page.getByText('When a place frees up it is offered to the next on the waitlist', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Join the waitlist' }).click();
    await page.getByText('You are number 1 on the waitlist.', { exact: false }).waitFor();
    await checkScreen(page, 'game, on the waitlist');

    // Fay leaves: the place is offered to Olive, whose open page shows it (the notification stream).
    assert.equal((await journey.api(first, 'DELETE', `/api/v1/games/${game.id}/participants/me`)).status, 204);
    const offer = page.getByRole('region', { name: 'A place is yours to take' });
    await offer.getByText(/^Accept by .* \(in 2 hours\)/).waitFor();
    await checkScreen(page, 'game, a place on offer');
    await jumpTo([olive], journey.clock.now().getTime() + 100 * MINUTE);
    // The browser's clock has run on by the test's own seconds meanwhile: some twenty minutes are left.
    await offer.getByText(/\(in (1\d|20) minutes\)/).waitFor();
    await offer.getByRole('button', { name: 'Accept the place' }).click();
    await page.getByText('You have a place.').waitFor();
    await page.getByText('1 of 1').waitFor();
  });

  it('checks in within the window around the start, and rates the game once it has ended', async () => {
    const host = await onboardedUser(journey.service.app, 'Cora Host');
    const game = await createGame(journey.service.app, host, gameBody(sport, journey.clock.now(), 2, { title: 'Check-in squash', selfCheckIn: true }));
    const cleo = await person('Cleo Player');
    assert.equal((await journey.api(cleo, 'POST', `/api/v1/games/${game.id}/participants`, {})).status, 201);
    const page = cleo.page;
    await page.goto(`/app/games/${game.id}`);
    await page.getByText(/^Check-in opens at .*, 30 minutes before the start/).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Check in' }).count(), 0);

    // Ten minutes before the start the window is open: the page turns by itself, without a reload.
    await jumpTo([cleo], Date.parse(game.startTime) - 10 * MINUTE);
    await page.getByRole('button', { name: 'Check in' }).click();
    await page.getByText('You are checked in.').waitFor();
    await checkScreen(page, 'game, checked in');

    await jumpTo([cleo], Date.parse(game.endTime) + MINUTE);
    const rating = page.getByRole('region', { name: 'How was the game?' });
    await rating.getByLabel('4 stars').check();
    await rating.getByLabel('A note for the hosts (optional)').fill('Good rallies');
    await checkScreen(page, 'game, rating');
    await rating.getByRole('button', { name: 'Send rating' }).click();
    await page.getByText('You rated this game 4 of 5.').waitFor();
    const ratings = await journey.api<{ average: number; ratings: Array<{ score: number; note: string }> }>(host, 'GET', `/api/v1/games/${game.id}/ratings`);
    assert.deepEqual(
      ratings.data.ratings.map((entry) => [entry.score, entry.note]),
      [[4, 'Good rallies']],
    );
  });
});
