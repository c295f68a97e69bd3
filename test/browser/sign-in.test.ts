import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { freePort, startServer, waitHealthy, type ServerProcess } from '../helpers/server-process.ts';
import { chromiumMissing, launchBrowser } from './browser.ts';

describe('web sign-in in a real browser, as npm start sets it up', { skip: chromiumMissing }, () => {
  let server: ServerProcess;
  let browser: Browser;
  let base: string;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'svc-browser-'));

  before(async () => {
    const port = await freePort();
    base = `http://localhost:${port}`;
    // The same flag npm start passes: local providers and development defaults.
    server = startServer({ PORT: String(port), DATA_DIR: dataDir, JOBS_ENABLED: 'false' }, ['--local-defaults']);
    await waitHealthy(base, 15_000);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    server?.child.kill('SIGTERM');
    await server?.exited();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('clicks through the national sign-in and lands on the frontend callback with the cookies set', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // No frontend runs here; answer its callback page so the browser can land on it.
    await page.route('http://localhost:3000/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Signed in</h1>' }));

    await page.goto(`${base}/api/v1/auth/login/national`);
    await page.getByLabel('Username').fill('alice');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/^http:\/\/localhost:3000\/auth\/callback/);

    const landed = new URL(page.url());
    assert.equal(landed.pathname, '/auth/callback');
    assert.equal(landed.searchParams.get('isNewUser'), 'true');
    assert.equal(await page.textContent('h1'), 'Signed in');

    const cookies = Object.fromEntries((await context.cookies(base)).map((c) => [c.name, c]));
    assert.ok(cookies.access_token && cookies.token_expiry, 'access_token and token_expiry are set');
    assert.equal(cookies.access_token.httpOnly, true);
    assert.equal(cookies.access_token.sameSite, 'Strict');
    assert.equal(cookies.token_expiry.httpOnly, false);
    const refresh = (await context.cookies(`${base}/api/v1/auth/refresh`)).find((c) => c.name === 'refresh_token');
    assert.ok(refresh?.httpOnly, 'refresh_token is set for the auth path');

    const me = await page.request.get(`${base}/api/v1/me`);
    assert.equal(me.status(), 200);
    assert.equal((await me.json()).data.authProvider, 'NATIONAL');
    await context.close();
  });
});
