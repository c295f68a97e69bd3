/**
 * Skill ratings: after a confirmed game day result the player finds their rating from their profile
 * (estimate, uncertainty, suggested level to come, the change), and hides it from other players.
 * Phone width, axe clean.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createSport, gameBody } from '../helpers/games.ts';
import { createUser } from '../helpers/users.ts';
import { chromiumMissing } from './browser.ts';
import { checkScreen, type Person } from './journey.ts';
import { freshTokens, startMeJourney, type MeJourney } from './me-journey.ts';
import { flip, holdFirstAnswer } from './optimistic.ts';

interface Side {
  userId: string;
}
interface Board {
  courts: Array<{ match: { id: string; sideA: Side[]; sideB: Side[] } | null }>;
  players: Array<{ userId: string; rating: { games: number } | null }>;
}

describe('skill ratings page', { skip: chromiumMissing }, () => {
  let journey: MeJourney;
  let players: Person[];
  let gameId = '';

  before(async () => {
    journey = await startMeJourney();
    const sport = await createSport(journey.service.app, await createUser(journey.service.app, { admin: true }), { name: 'Badminton' });
    const host = await journey.person('Hana Host');
    players = [];
    for (const name of ['Mia Player', 'Ben Baseline', 'Cat Clear', 'Dan Drop']) players.push(await journey.person(name));
    const created = await journey.api<{ id: string; startTime: string }>(
      host,
      'POST',
      '/api/v1/games',
      gameBody(sport, journey.clock.now(), 2, { slots: 8, selfCheckIn: true }),
    );
    assert.equal(created.status, 201);
    gameId = created.data.id;
    for (const player of players) assert.equal((await journey.api(player, 'POST', `/api/v1/games/${gameId}/participants`)).status, 201);
    journey.clock.set(new Date(Date.parse(created.data.startTime) - 20 * 60_000));
    for (const who of [host, ...players]) await freshTokens(journey, who);
    for (const player of players) assert.equal((await journey.api(player, 'POST', `/api/v1/games/${gameId}/check-in`)).status, 200);
    const base = `/api/v1/games/${gameId}/game-day`;
    assert.equal((await journey.api(host, 'POST', base, { courts: 1, format: 'ROTATING_DOUBLES', scoreRule: 'TO_21' })).status, 201);
    const proposed = await journey.api<{ roundId: string }>(host, 'POST', `${base}/rounds`);
    assert.equal((await journey.api(host, 'POST', `${base}/rounds/${proposed.data.roundId}/start`)).status, 200);
    const match = (await journey.api<Board>(host, 'GET', base)).data.courts[0]!.match!;
    const who = (side: Side[]) => players.find((player) => player.id === side[0]!.userId)!;
    assert.equal((await journey.api(who(match.sideA), 'PUT', `${base}/matches/${match.id}/score`, { a: 21, b: 15 })).status, 200);
    assert.equal((await journey.api(who(match.sideB), 'POST', `${base}/matches/${match.id}/confirm`)).status, 200);
  });
  after(() => journey?.close());

  it('shows the rating learnt from a confirmed result, and hides it from other players with one switch', async () => {
    const [mia, ben] = players as [Person, Person];
    const { page } = mia;
    await page.goto(`${journey.app}/app/profile`);
    await page.getByRole('link', { name: 'Skill ratings' }).click();
    const list = page.getByRole('list', { name: 'By activity' });
    await list.getByRole('heading', { name: 'Badminton · Doubles' }).waitFor();
    await list.getByText('1 rated game', { exact: false }).waitFor();
    await list.getByText('After 3 rated games').waitFor();
    await checkScreen(page, 'skill ratings');
    await list.getByText('Recent changes').click();
    await list.getByText(/^(Won|Lost) · 25\.0 → /).waitFor();

    const ratingSeenBy = async (viewer: Person) =>
      (await journey.api<Board>(viewer, 'GET', `/api/v1/games/${gameId}/game-day`)).data.players.find((p) => p.userId === mia.id)!.rating;
    assert.equal((await ratingSeenBy(ben))?.games, 1);

    await flip(page.getByLabel('Hide my rating and suggested level from other players'), true);
    await page.getByText('Your rating is hidden from other players').waitFor();
    await checkScreen(page, 'skill ratings hidden');
    assert.equal(await ratingSeenBy(ben), null);
    assert.equal((await ratingSeenBy(mia))?.games, 1, 'she still sees her own');

    await page.reload();
    const hide = page.getByLabel('Hide my rating and suggested level from other players');
    assert.equal(await hide.isChecked(), true);

    // Two switches in quick succession, the first one's answer held back: that answer must not undo the second.
    const release = await holdFirstAnswer(page, '**/api/v1/me/ratings/visibility');
    await flip(hide, false);
    const second = page.waitForResponse((response) => response.url().endsWith('/ratings/visibility'));
    await hide.click();
    await second;
    const reread = page.waitForResponse((response) => response.url().endsWith('/api/v1/me/ratings') && response.request().method() === 'GET');
    await release();
    await reread;
    assert.equal(await hide.isChecked(), true, 'the later switch stands');
    assert.equal(await ratingSeenBy(ben), null, 'and the service holds it');
  });
});
