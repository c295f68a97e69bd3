import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { backends } from '../helpers/backends.ts';
import { createGame, createSport, gameBody, onboardedUser } from '../helpers/games.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { createUser } from '../helpers/users.ts';
import { chromiumMissing, launchBrowser } from './browser.ts';

describe('the share fallback page in a real browser', { skip: chromiumMissing }, () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let code: string;

  before(async () => {
    t = await buildTestApp(backends[0]!);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await createUser(t.app, { admin: true });
    const sport = await createSport(t.app, admin, { name: 'Badminton' });
    const host = await onboardedUser(t.app);
    code = (await createGame(t.app, host, gameBody(sport, new Date(), 48, { title: '<script>alert(1)</script>' }))).shareLink!.code;
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  it('shows a script-like title as text, runs nothing, and carries og:title', async () => {
    const page = await browser.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const response = await page.goto(`${base}/games/${code}`);
    assert.equal(response?.status(), 200);
    assert.equal(await page.locator('h1').textContent(), '<script>alert(1)</script>');
    assert.equal(await page.title(), '<script>alert(1)</script>');
    assert.equal(await page.locator('meta[property="og:title"]').getAttribute('content'), '<script>alert(1)</script>');
    assert.equal(await page.locator('script').count(), 0);
    assert.match((await page.getByRole('link', { name: 'Open in the app' }).getAttribute('href')) ?? '', /^service:\/\/games\//);
    assert.deepEqual(dialogs, []);
    await page.close();
  });

  it('shows the 404 page for an unknown code', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${base}/games/Zz9Zz9Zz`);
    assert.equal(response?.status(), 404);
    assert.equal(await page.locator('h1').textContent(), 'Game not found');
    await page.close();
  });
});
