/**
 * Game day at the venue: the host opens it, asks for a round and starts it from the console; a player
 * on court enters the score from the game's page and the other side confirms it; the big screen at
 * 1920×1080 shows the courts. Every screen checked at phone width and the other, light and dark, axe clean.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createSport, gameBody } from '../helpers/games.ts';
import { createUser } from '../helpers/users.ts';
import { chromiumMissing } from './browser.ts';
import { checkScreen, startJourney, type Journey, type Person } from './journey.ts';

interface Side {
  userId: string;
}
interface Board {
  courts: Array<{ court: number; match: { id: string; sideA: Side[]; sideB: Side[] } | null }>;
}

describe('game day: console, player card and big screen', { skip: chromiumMissing }, () => {
  let journey: Journey;
  let host: Person;
  let players: Person[];
  let gameId = '';

  before(async () => {
    journey = await startJourney();
    const sport = await createSport(journey.service.app, await createUser(journey.service.app, { admin: true }), { name: 'Badminton night' });
    host = await journey.person('Hana Host');
    players = [];
    for (const name of ['Ann Ace', 'Ben Baseline', 'Cat Clear', 'Dan Drop', 'Eve Easy']) players.push(await journey.person(name));
    const created = await journey.api<{ id: string; startTime: string }>(
      host,
      'POST',
      '/api/v1/games',
      gameBody(sport, journey.clock.now(), 2, { title: 'Thursday doubles', slots: 8, selfCheckIn: true }),
    );
    assert.equal(created.status, 201);
    gameId = created.data.id;
    for (const player of players) assert.equal((await journey.api(player, 'POST', `/api/v1/games/${gameId}/participants`)).status, 201);
    journey.clock.set(new Date(Date.parse(created.data.startTime) - 20 * 60_000));
    for (const player of players) assert.equal((await journey.api(player, 'POST', `/api/v1/games/${gameId}/check-in`)).status, 200);
  });
  after(() => journey?.close());

  it('the host opens game day, proposes a round and starts it; a player enters the score and the other side confirms', async () => {
    const page = host.page;
    await page.goto(`/app/games/${gameId}/game-day`);
    await page.getByRole('heading', { name: 'Open game day' }).waitFor();
    await page.getByLabel('Courts').fill('1');
    await checkScreen(page, 'game day, opening');
    await page.getByRole('button', { name: 'Open game day' }).click();
    await page.getByRole('button', { name: 'Next round' }).click();
    await page.getByRole('heading', { name: 'Round 1: proposed' }).waitFor();
    await checkScreen(page, 'game day, round proposed');
    await page.getByRole('button', { name: 'Swap' }).click();
    await page.getByRole('heading', { name: 'What the swap costs' }).waitFor();
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await page.getByRole('heading', { name: 'On court' }).waitFor();
    await page.getByRole('button', { name: 'Next round' }).waitFor();
    await checkScreen(page, 'game day, playing');

    const board = await journey.api<Board>(host, 'GET', `/api/v1/games/${gameId}/game-day`);
    const match = board.data.courts[0]!.match!;
    const who = (id: string) => players.find((player) => player.id === id)!;
    const [scorer, answerer] = [who(match.sideA[0]!.userId), who(match.sideB[0]!.userId)];

    // The browsers read the service's time: the card shows from 30 minutes before the start.
    for (const player of [scorer, answerer]) await player.page.clock.setFixedTime(journey.clock.now());
    await scorer.page.goto(`/app/games/${gameId}`);
    await scorer.page.getByText("You're on court 1 now").waitFor();
    await checkScreen(scorer.page, 'game page, on court');
    await scorer.page.getByLabel('Side A').fill('21');
    await scorer.page.getByLabel('Side B').fill('17');
    await scorer.page.getByRole('button', { name: 'Enter score' }).click();
    await scorer.page.getByText('Waiting for the other side').waitFor();

    await answerer.page.goto(`/app/games/${gameId}`);
    await answerer.page.getByRole('button', { name: 'Confirm' }).waitFor();
    await checkScreen(answerer.page, 'game page, a score to answer');
    await answerer.page.getByRole('button', { name: 'Confirm' }).click();
    await answerer.page.getByRole('button', { name: 'Confirm' }).waitFor({ state: 'detached' });
    const after = await journey.api<{ results: Array<{ score: { state: string; a: number; b: number } }> }>(host, 'GET', `/api/v1/games/${gameId}/game-day`);
    assert.deepEqual(after.data.results[0]!.score, { ...after.data.results[0]!.score, a: 21, b: 17, state: 'CONFIRMED' });
  });

  it('the big screen shows the courts, who is next and who rests, readable at 1920×1080', async () => {
    // The screen at the venue is a host's device, signed in.
    const page = host.page;
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(`/app/games/${gameId}/board`);
    await page.getByRole('heading', { name: 'Court 1' }).waitFor();
    await page.getByRole('heading', { name: 'Resting' }).waitFor();
    await checkScreen(page, 'big screen');
  });
});
