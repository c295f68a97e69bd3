/**
 * The game page's leave button and its explanation follow the service's leave rule exactly: the
 * 24-hour window, its boundary, and its exceptions (a waitlist place, a quorum game still waiting
 * for its decision). The service runs in process on an injected clock, and the browser's clock is
 * moved by Playwright in step with it, so the test jumps an hour without waiting.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import type { Clock } from '../../src/platform/clock.ts';
import { buildWebApp } from '../../scripts/web-build.ts';
import { backends } from '../helpers/backends.ts';
import { createGame, createSport, gameBody, onboardedUser, type Game } from '../helpers/games.ts';
import { freePort } from '../helpers/server-process.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { chromiumMissing, launchBrowser } from './browser.ts';

/** The real time shifted by what the test has jumped: it flows like the browser's installed clock. */
class JumpingClock implements Clock {
  offset = 0;
  now(): Date {
    return new Date(Date.now() + this.offset);
  }
}

const HOUR = 3_600_000;

describe('the leave rule on the game page, on the service clock', { skip: chromiumMissing }, () => {
  const clock = new JumpingClock();
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let page: Page;
  let player: TestUser;
  let plain: Game;
  let quorum: Game;
  let later: Game;

  before(async () => {
    if (!existsSync(path.join(import.meta.dirname, '..', '..', 'web', 'dist', 'index.html'))) await buildWebApp();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // A day-long access token: the jumps below would outrun the usual quarter of an hour.
    t = await buildTestApp(backends[0]!, { BASE_URL: base, ACCESS_TOKEN_TTL: '86400' }, { clock });
    await t.app.listen({ port, host: '127.0.0.1' });
    const admin = await createUser(t.app, { admin: true });
    const sport = await createSport(t.app, admin, { name: 'Badminton' });
    // One host per game: a host cannot run two games at once.
    const hosts = [await onboardedUser(t.app, 'Hana Host'), await onboardedUser(t.app, 'Quinn Host'), await onboardedUser(t.app, 'Lee Host')];
    player = await onboardedUser(t.app, 'Pat Player');
    // All three start 25 hours from now: leaving closes in an hour.
    const now = clock.now();
    plain = await createGame(t.app, hosts[0]!, gameBody(sport, now, 25, { title: 'Plain game' }));
    quorum = await createGame(t.app, hosts[1]!, gameBody(sport, now, 25, { title: 'Quorum game', minPlayers: 3, decisionHoursBefore: 2 }));
    later = await createGame(t.app, hosts[2]!, gameBody(sport, now, 25, { title: 'Joined late' }));
    for (const game of [plain, quorum]) {
      const joined = await t.app.inject({ method: 'POST', url: `/api/v1/games/${game.id}/participants`, headers: player.auth, payload: {} });
      assert.equal(joined.statusCode, 201, joined.body);
    }
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addCookies([{ name: 'access_token', value: player.accessToken, url: base, httpOnly: true, sameSite: 'Strict' }]);
    page = await context.newPage();
    await page.clock.install({ time: clock.now() });
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  /** Moves the service's and the browser's clocks on together; the browser fires the timers that came due. */
  async function jumpTo(instant: number) {
    const by = instant - clock.now().getTime();
    clock.offset += by;
    await page.clock.fastForward(by);
  }

  async function accessible(what: string) {
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    assert.deepEqual(
      bad.map((violation) => violation.id),
      [],
      `${what}: accessibility violations`,
    );
  }

  const leaveButton = () => page.getByRole('button', { name: 'Leave game' });
  const deadline = () => new Date(plain.startTime).getTime() - 24 * HOUR;

  it('a player with a place sees until when leaving is open, and can leave and rejoin just before it closes', async () => {
    await page.goto(`${base}/app/games/${plain.id}`);
    await page.getByRole('heading', { name: 'Plain game' }).waitFor();
    await page.getByText(/^You can leave until .*, 24 hours before the start; after that your place is fixed\.$/).waitFor();
    assert.equal(await leaveButton().isEnabled(), true);
    await accessible('game, leave open');

    await jumpTo(deadline() - 30_000);
    assert.equal(await leaveButton().isEnabled(), true, 'half a minute before the deadline leaving is open');
    await leaveButton().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Leave game' }).click();
    await page.getByRole('button', { name: 'Join game' }).click();
    await page.getByText(/^You can leave until /).waitFor();
  });

  it('the page closes leaving the moment the service would refuse it, without a reload', async () => {
    await jumpTo(deadline() + 1_000);
    await page.getByText('Leaving is closed: players cannot leave within 24 hours of the start.', { exact: false }).waitFor();
    assert.equal(await leaveButton().isDisabled(), true);
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/v1/games/${plain.id}/participants/me`, headers: player.auth });
    assert.equal(refused.statusCode, 409);
    assert.equal(refused.json().code, 'leave_window_closed');
    await accessible('game, leave closed');
  });

  it('a visitor is told before joining that a place inside the window cannot be given up', async () => {
    await page.goto(`${base}/app/games/${later.id}`);
    await page.getByText('This game starts within 24 hours: once you have a place you cannot leave it.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Join game' }).click();
    await page.getByText('Leaving is closed', { exact: false }).waitFor();
    assert.equal(await leaveButton().isDisabled(), true);
  });

  it('a quorum game still waiting for its decision can be left inside the window, as the service allows', async () => {
    await page.goto(`${base}/app/games/${quorum.id}`);
    await page.getByText(/^You can leave at any time until the go \/ no-go decision at /).waitFor();
    assert.equal(await leaveButton().isEnabled(), true);
    await leaveButton().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Leave game' }).click();
    await page.getByRole('button', { name: 'Join game' }).waitFor();
    await page.getByText(/^This game is on only if enough players join; it is decided at /).waitFor();
    const players = await t.app.inject({ method: 'GET', url: `/api/v1/games/${quorum.id}/participants`, headers: player.auth });
    assert.ok(!players.json().data.some((row: { userId: string }) => row.userId === player.id), 'the service let the player go');
  });
});
