/**
 * The bundled web app (/app/) in Debian's Chromium over the real service, started as `npm start`
 * starts it (--local-defaults: local providers, sample games, the app's callback page). Three
 * people in their own browser contexts: Alice (national, sample organiser, desktop width) hosts and
 * administers; Sam (social, a new account, phone width) and Bob (national, phone width) play.
 * The access token lives 20 s, so the sessions refresh themselves along the way. Every page is
 * checked with axe for serious or critical violations.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { freePort, startServer, STARTUP_WAIT_MS, waitHealthy, type ServerProcess } from '../helpers/server-process.ts';
import { chromiumMissing, launchBrowser } from './browser.ts';
import { buildWebApp } from '../../scripts/web-build.ts';

// The service closes a keep-alive socket after 10 s idle; a read sent on it at that moment meets
// ECONNRESET (these GETs follow waits of up to 30 s). Playwright retries that error only, once.
const AFTER_IDLE = { maxRetries: 1 };

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const INTERNAL_SECRET = 'web-app-test-internal-secret-0123456789';

/** No serious or critical accessibility violation on the page as it is now. */
async function accessible(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  assert.deepEqual(
    bad.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    [],
    `${what}: accessibility violations`,
  );
}

/** At phone width nothing sticks out sideways. */
async function fitsWidth(page: Page) {
  const width = await page.evaluate<number>('document.documentElement.scrollWidth');
  assert.ok(width <= page.viewportSize()!.width, `page is ${width}px wide`);
}

describe('the web app at /app/, as npm start serves it', { skip: chromiumMissing }, () => {
  let server: ServerProcess;
  let browser: Browser;
  let base: string;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'svc-web-'));
  const people: Record<'alice' | 'sam' | 'bob', { context: BrowserContext; page: Page }> = {} as never;
  let gameUrl = '';
  let firstExpiry = '';

  before(async () => {
    if (!existsSync(path.join(import.meta.dirname, '..', '..', 'web', 'dist', 'index.html'))) await buildWebApp();
    const port = await freePort();
    base = `http://localhost:${port}`;
    server = startServer({ PORT: String(port), DATA_DIR: dataDir, JOBS_ENABLED: 'false', ACCESS_TOKEN_TTL: '20', INTERNAL_SECRET }, ['--local-defaults']);
    // Three times the usual wait: the sample data and three people make this the heaviest start.
    await waitHealthy(base, 3 * STARTUP_WAIT_MS).catch((error: Error) => {
      throw new Error(`${error.message}\n${server.output()}`);
    });
    browser = await launchBrowser();
    for (const [name, viewport] of [
      ['alice', DESKTOP],
      ['sam', PHONE],
      ['bob', PHONE],
    ] as const) {
      // Alice's browser may tell its location (set per test below); the picker also works without it.
      const context = await browser.newContext({
        viewport,
        ...(name === 'alice' && { permissions: ['geolocation'], geolocation: { latitude: 0, longitude: 0 } }),
      });
      const page = await context.newPage();
      page.on('dialog', (dialog) => void dialog.accept());
      people[name] = { context, page };
    }
  });
  after(async () => {
    await browser?.close();
    server?.child.kill('SIGTERM');
    await server?.exited();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** From the home page through the provider's form; lands back on the app signed in. */
  async function signIn(page: Page, provider: 'national ID' | 'Google', username: string) {
    await page.goto(`${base}/app/`);
    const landed = page.waitForResponse((response) => new URL(response.url()).pathname === '/app/auth/callback');
    await page
      .getByRole('link', { name: `Sign in with ${provider}` })
      .first()
      .click();
    await page.getByLabel('Username').fill(username);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    assert.equal((await landed).status(), 200);
  }

  it('signs in with each local provider from the home page; a new account is onboarded with field messages', async () => {
    const { page: alice } = people.alice;
    await alice.goto(`${base}/app/`);
    await alice.getByRole('heading', { name: 'Find a game' }).waitFor();
    await accessible(alice, 'home, signed out');
    await signIn(alice, 'national ID', 'alice');
    await alice.getByRole('button', { name: 'Sign out' }).waitFor();
    assert.equal(new URL(alice.url()).pathname, '/app/');
    firstExpiry = (await people.alice.context.cookies(base)).find((cookie) => cookie.name === 'token_expiry')?.value ?? '';
    assert.ok(firstExpiry, 'token_expiry is set');

    const { page: sam } = people.sam;
    await signIn(sam, 'Google', 'sam');
    await sam.getByRole('heading', { name: /Welcome/ }).waitFor();
    assert.equal(new URL(sam.url()).pathname, '/app/onboarding');
    await sam.getByLabel('Name', { exact: true }).fill(' ');
    await sam.getByRole('button', { name: 'Finish signing up' }).click();
    await sam.getByText('Your name must not be blank.').waitFor();
    await sam.getByText('Enter a phone number or username for this contact method.').waitFor();
    await accessible(sam, 'onboarding with errors');
    await fitsWidth(sam);
    await sam.getByLabel('Name', { exact: true }).fill('Sam Social');
    await sam.getByLabel('Number or username 1').fill('+6590001111');
    await sam.getByRole('button', { name: 'Finish signing up' }).click();
    await sam.getByRole('heading', { name: 'Find a game' }).waitFor();
    await sam.getByRole('button', { name: 'Sign out' }).waitFor();

    await signIn(people.bob.page, 'national ID', 'bob');
    await people.bob.page.getByRole('button', { name: 'Sign out' }).waitFor();
  });

  it('hosts a game with rules shown as one types, edits it, and finds it with two filters', async () => {
    const { page } = people.alice;
    await page.getByRole('link', { name: 'Host', exact: true }).click();
    await page.getByRole('heading', { name: 'Host a game' }).waitFor();
    await page.getByLabel('Activity').selectOption({ label: 'Badminton' });
    await page.getByLabel('Slots').fill('0');
    await page.getByText('Slots must be a whole number from 1 to 100.').waitFor();
    await accessible(page, 'host a game');
    const venue = page.getByLabel('Venue');
    await venue.locator('option').nth(1).waitFor({ state: 'attached' });
    await venue.selectOption({ index: 1 });
    const venueName = (await venue.locator('option:checked').textContent())!.split(' — ')[0]!;
    await page.getByLabel('Lowest level').selectOption({ index: 1 });
    await page.getByLabel('Highest level').selectOption({ index: 2 });
    // Early in the morning, when none of Alice's sample games is on.
    const day = new Date(Date.now() + 4 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    await page.getByLabel('Starts').fill(`${day}T06:00`);
    await page.getByLabel('Ends').fill(`${day}T05:00`);
    await page.getByText('The end must be after the start.').waitFor();
    await page.getByLabel('Ends').fill(`${day}T07:30`);
    await page.getByLabel('Slots').fill('2');
    await page.getByLabel('Price').fill('5');
    await page.getByLabel('Title (optional)').fill('Web test game');
    await page.getByRole('button', { name: 'Host this game' }).click();
    await page.getByRole('heading', { name: 'Web test game' }).waitFor();
    gameUrl = page.url();
    assert.match(new URL(gameUrl).pathname, /^\/app\/games\/[0-9a-f-]{36}$/);
    await accessible(page, 'game, organiser');

    await page.getByRole('link', { name: 'Edit game' }).click();
    await page.getByRole('heading', { name: 'Edit game' }).waitFor();
    await page.getByLabel('Title (optional)').fill('Web test game, edited');
    await accessible(page, 'edit game');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { name: 'Web test game, edited' }).waitFor();

    await page.getByRole('link', { name: 'Find', exact: true }).click();
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Activity').selectOption({ label: 'Badminton' });
    await page.getByLabel('Venue', { exact: true }).locator('option', { hasText: venueName }).waitFor({ state: 'attached' });
    await page.getByLabel('Venue', { exact: true }).selectOption({ label: venueName });
    const cards = page.locator('li.find-card');
    await page
      .getByRole('link', { name: /Web test game, edited/ })
      .first()
      .waitFor();
    assert.ok(
      (await cards.allTextContents()).every((text) => text.includes(venueName)),
      'every card is at the chosen venue',
    );
    await accessible(page, 'find with filters');

    // Near a point: the device's location (standing at the venue), then a typed centre far away.
    const venues = await (await page.request.get(`${base}/api/v1/venues?size=100`, AFTER_IDLE)).json();
    const here = venues.data.content.find((candidate: { name: string }) => candidate.name === venueName);
    await people.alice.context.setGeolocation({ latitude: here.latitude, longitude: here.longitude });
    await page.getByRole('button', { name: 'Use my location' }).click();
    await page.getByText('Using your location.').waitFor();
    assert.equal(await page.getByLabel('Within (km)').inputValue(), '5');
    await page.getByLabel('Within (km)').fill('1');
    await page.waitForURL((url) => url.searchParams.get('radiusKm') === '1' && url.searchParams.has('lat'));
    await page
      .getByRole('link', { name: /Web test game, edited/ })
      .first()
      .waitFor();
    await page.getByLabel('Latitude').fill('95');
    await page.getByText('Latitude must be from -90 to 90.').waitFor();
    await page.waitForURL((url) => !url.searchParams.has('lat'));
    await accessible(page, 'find with a wrong latitude');
    await page.getByLabel('Latitude').fill(String(here.latitude + 1));
    await page.getByText('No games match', { exact: false }).waitFor();
    await page.getByLabel('Or around a venue').selectOption({ label: venueName });
    await page
      .getByRole('link', { name: /Web test game, edited/ })
      .first()
      .waitFor();
  });

  it('shares, joins, waitlists, and promotes the waiting player live when a place frees up; notifications are read', async () => {
    const alice = people.alice.page;
    await alice.goto(gameUrl);
    await alice.getByRole('button', { name: 'Copy share link' }).click();
    const copied = await alice.getByText(/Link copied: |Copy this link: /).textContent();
    const shareUrl = copied!.replace(/^.*?: /, '');
    assert.match(shareUrl, new RegExp(`^${base}/games/`));
    // The preview is read from the share page itself: its chat card and what the page shows.
    const preview = alice.getByRole('region', { name: 'What people see' });
    await preview.getByRole('figure', { name: 'The shared page' }).getByText('View on the web').waitFor();
    assert.equal(await preview.getByRole('figure', { name: 'In a chat or post' }).locator('.share-card-title').textContent(), 'Web test game, edited');
    const previewedTitle = await preview.locator('.share-page-title').textContent();
    await accessible(alice, 'game with the share preview');

    // Sam opens the link in his own browser: the share page, then the game in the app.
    const sam = people.sam.page;
    await sam.goto(shareUrl);
    assert.equal(await sam.locator('h1').textContent(), previewedTitle, 'the page is what the preview showed');
    await sam.getByRole('link', { name: 'View on the web' }).click();
    await sam.getByRole('heading', { name: 'Web test game, edited' }).waitFor();
    await sam.getByText(/^Once you have a place you can leave until .*, 24 hours before the start\./).waitFor();
    await accessible(sam, 'game, visitor');
    await fitsWidth(sam);
    await sam.getByRole('button', { name: 'Join game' }).click();
    await sam.getByText(/You can leave until .*, 24 hours before the start/).waitFor();

    const bob = people.bob.page;
    await bob.goto(gameUrl);
    await bob.getByRole('button', { name: 'Join the waitlist' }).click();
    await bob.getByText('You are number 1 on the waitlist.', { exact: false }).waitFor();
    await fitsWidth(bob);

    // Sam leaves; Bob's open page shows him promoted without a reload (the notification stream).
    await sam.getByRole('button', { name: 'Leave game' }).click();
    await sam.getByRole('dialog').getByRole('button', { name: 'Leave game' }).click();
    await sam.getByRole('button', { name: 'Join the waitlist' }).waitFor();
    await bob.getByRole('button', { name: 'Leave game' }).waitFor();
    assert.equal(await bob.getByText('You are number 1 on the waitlist.', { exact: false }).count(), 0);
    const unread = bob.getByTestId('unread-count');
    await assert.doesNotReject(async () => {
      for (let i = 0; i < 50 && (await unread.textContent()) === '0'; i++) await bob.waitForTimeout(100);
    });
    assert.notEqual(await unread.textContent(), '0', 'the promotion is counted as unread');

    await bob.getByRole('link', { name: /Notifications/ }).click();
    await bob.getByRole('list', { name: 'Notifications' }).getByRole('listitem').first().waitFor();
    await accessible(bob, 'notifications');
    await fitsWidth(bob);
    await bob.getByRole('button', { name: 'Mark all as read' }).click();
    // Polled from the test, not evaluated in the page: the app's CSP allows no eval.
    for (let i = 0; i < 50 && (await unread.textContent()) !== '0'; i++) await bob.waitForTimeout(100);
    assert.equal(await unread.textContent(), '0', 'all read');

    await bob.getByRole('link', { name: 'My games' }).click();
    await bob.getByRole('link', { name: /Web test game, edited/ }).waitFor();
    await accessible(bob, 'my games');
    await fitsWidth(bob);
  });

  it('the host removes a player and cancels; the session has refreshed itself on the way', async () => {
    const alice = people.alice.page;
    await alice.goto(gameUrl);
    await alice.getByRole('button', { name: /^Remove / }).click();
    await alice
      .getByRole('dialog')
      .getByRole('button', { name: /^Remove / })
      .click();
    await alice.getByText('1 of 2').waitFor();
    await alice.getByRole('button', { name: 'Cancel game' }).click();
    await alice.getByRole('dialog').getByRole('button', { name: 'Cancel game' }).click();
    await alice.getByText('Cancelled', { exact: true }).waitFor();

    // The 20-second token has been renewed silently (a new token_expiry), and requests still pass.
    const context = people.alice.context;
    let expiry = firstExpiry;
    for (let i = 0; i < 300 && expiry === firstExpiry; i++) {
      await alice.waitForTimeout(100);
      expiry = (await context.cookies(base)).find((cookie) => cookie.name === 'token_expiry')?.value ?? firstExpiry;
    }
    assert.ok(Number(expiry) > Number(firstExpiry), 'token_expiry moved on');
    await alice.getByRole('link', { name: 'My games' }).click();
    await alice.getByRole('tab', { name: 'Past' }).click();
    await alice.getByRole('heading', { name: 'My games' }).waitFor();
    assert.equal(await alice.getByRole('heading', { name: 'Sign in' }).count(), 0);
  });

  it('an admin imports venues; the one bad row is shown in a table and nothing is imported', async () => {
    const alice = people.alice.page;
    const me = await (await alice.request.get(`${base}/api/v1/me`, AFTER_IDLE)).json();
    const granted = await fetch(`${base}/api/v1/internal/users/${me.data.userId}/roles`, {
      method: 'PUT',
      headers: { 'X-Internal-Secret': INTERNAL_SECRET, 'Content-Type': 'application/json' },
      body: JSON.stringify({ roles: ['ADMIN'] }),
    });
    assert.equal(granted.status, 200);
    await alice.goto(`${base}/app/`);
    await alice.getByRole('link', { name: 'Admin', exact: true }).click();
    await alice.getByRole('heading', { name: 'Administration' }).waitFor();
    await alice.getByRole('list', { name: 'Users and roles' }).getByRole('listitem').first().waitFor();
    await accessible(alice, 'admin users');
    await alice.getByRole('link', { name: 'Activities' }).click();
    await alice
      .getByText(/Badminton/)
      .first()
      .waitFor();
    await accessible(alice, 'admin activities');

    // A new activity, then its ladder edited: a rule shown while typing, a level renamed, one added and moved.
    await alice.getByLabel('Name', { exact: true }).fill('Web Pickleball');
    await alice.getByRole('button', { name: 'Add activity' }).click();
    await alice.getByRole('button', { name: 'Edit Web Pickleball' }).click();
    const editor = alice.getByRole('form', { name: 'Edit Web Pickleball' });
    await editor.getByLabel('Level 2', { exact: true }).fill('beginner');
    await editor.getByText('Level 2 has the same name as level 1.').waitFor();
    await accessible(alice, 'admin ladder editor with an error');
    await editor.getByLabel('Level 2', { exact: true }).fill('Improver');
    await editor.getByRole('button', { name: 'Add a level' }).click();
    await editor.getByLabel('Level 4', { exact: true }).fill('Expert');
    await editor.getByRole('button', { name: 'Move level 4 up' }).click();
    await editor.getByLabel('Activity name').fill('Web Pickleball Club');
    await editor.getByRole('button', { name: 'Save Web Pickleball' }).click();
    await alice.getByText('Web Pickleball Club: Beginner → Improver → Expert → Advanced').waitFor();
    const saved = (await (await alice.request.get(`${base}/api/v1/activities?size=100`, AFTER_IDLE)).json()).data.content.find(
      (activity: { name: string }) => activity.name === 'Web Pickleball Club',
    );
    assert.deepEqual(
      saved.skillLevels.map((level: { name: string }) => level.name),
      ['Beginner', 'Improver', 'Expert', 'Advanced'],
    );
    await alice.getByRole('link', { name: 'Venues', exact: true }).click();
    const activities = await (await alice.request.get(`${base}/api/v1/activities`, AFTER_IDLE)).json();
    const badminton = activities.data.content.find((activity: { name: string }) => activity.name === 'Badminton').id;
    const csv = [
      'sourceId,name,address,postalCode,latitude,longitude,activityIds,stations',
      `web-1,Web Hall One,1 Test Road,100001,1.30,103.80,${badminton},`,
      `web-2,Web Hall Two,2 Test Road,100002,north,103.81,${badminton},`,
    ].join('\n');
    await alice.getByLabel('Venue file (CSV or JSON)').setInputFiles({ name: 'venues.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    // The upload is held until its progress bar has been seen: no sleeping, however fast the machine.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await alice.route('**/api/v1/admin/venues/import', async (route) => {
      await held;
      await route.continue();
    });
    await alice.getByRole('button', { name: 'Import' }).click();
    await alice.getByRole('progressbar', { name: 'Uploading' }).waitFor();
    release();
    const table = alice.getByRole('table', { name: 'Rows with errors' });
    await table.waitFor();
    const rows = await table.getByRole('row').allTextContents();
    assert.equal(rows.length, 2, 'a header and one bad row');
    assert.match(rows[1]!, /Row 2\s*latitude/);
    await accessible(alice, 'admin venues with import errors');
  });

  it('a player edits the profile and deletes the account with a confirmation', async () => {
    const sam = people.sam.page;
    await sam.goto(`${base}/app/`);
    await sam.getByRole('link', { name: 'Profile' }).click();
    await sam.getByText('Sam Social').waitFor();
    await accessible(sam, 'profile');
    await fitsWidth(sam);
    await sam.getByRole('button', { name: 'Edit profile' }).click();
    await sam.getByLabel('Name', { exact: true }).fill('Samuel Social');
    await sam.getByRole('button', { name: 'Save profile' }).click();
    await sam.getByText('Samuel Social').waitFor();

    await sam.getByRole('button', { name: 'Delete my account' }).click();
    await sam.getByRole('dialog', { name: 'Delete your account?' }).getByRole('button', { name: 'Delete account' }).click();
    await sam.getByRole('heading', { name: 'Your account is deleted' }).waitFor();
    await accessible(sam, 'signed out');
    assert.equal((await sam.request.get(`${base}/api/v1/me`, AFTER_IDLE)).status(), 401);
  });
  /** Each page opened afresh at Bob's 390 px: no serious axe finding, nothing sticking out sideways. */
  async function atPhoneWidth(pages: ReadonlyArray<readonly [string, string]>) {
    const bob = people.bob.page;
    for (const [where, heading] of pages) {
      await bob.goto(`${base}${where}`);
      await bob.getByRole('heading', { name: heading, exact: true }).waitFor();
      await bob.getByRole('status').filter({ hasText: 'Loading' }).waitFor({ state: 'detached' });
      await accessible(bob, `${where} at 390 px`);
      await fitsWidth(bob);
    }
  }

  // Two halves, so neither comes near the per-test time limit on a loaded machine.
  it('every player page works at phone width and passes the accessibility check: finding, a game, hosting, my games, notifications', () =>
    atPhoneWidth([
      ['/app/', 'Find a game'],
      [new URL(gameUrl).pathname, 'Web test game, edited'],
      ['/app/host', 'Host a game'],
      ['/app/my-games', 'My games'],
      ['/app/notifications', 'Notifications'],
    ]));

  it('every player page works at phone width and passes the accessibility check: profile, sign-in, and the error pages', () =>
    atPhoneWidth([
      ['/app/profile', 'Profile'],
      ['/app/admin', 'Not available'],
      ['/app/sign-in', 'Sign in'],
      ['/app/auth/callback?error=access_denied', 'Sign-in did not finish'],
      ['/app/no-such-page', 'Page not found'],
    ]));

  it('an expired access token is renewed on the next request; when the refresh fails too, the app asks to sign in again', async () => {
    const { page: bob, context } = people.bob;
    await bob.goto(`${base}/app/`);
    await bob.getByRole('button', { name: 'Sign out' }).waitFor();
    // The browser drops the access cookie when it lapses (its max-age is the token's lifetime).
    await context.clearCookies({ name: 'access_token' });
    await bob.getByRole('link', { name: /Notifications/ }).click();
    await bob.getByRole('list', { name: 'Notifications' }).getByRole('listitem').first().waitFor();
    assert.ok(
      (await context.cookies(base)).some((cookie) => cookie.name === 'access_token'),
      'a new access token was set',
    );

    await context.clearCookies({ name: 'access_token' });
    await context.clearCookies({ name: 'refresh_token' });
    await bob.getByRole('link', { name: 'My games' }).click();
    await bob.getByText('Your session has ended. Please sign in again.').waitFor();
    await bob.getByRole('link', { name: 'Sign in with national ID' }).waitFor();
    await accessible(bob, 'session ended');
    await fitsWidth(bob);
  });
});
