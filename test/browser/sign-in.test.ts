import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { freePort, startServer, STARTUP_WAIT_MS, waitHealthy, type ServerProcess } from '../helpers/server-process.ts';
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
    await waitHealthy(base, STARTUP_WAIT_MS);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    server?.child.kill('SIGTERM');
    await server?.exited();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("clicks through the national sign-in and lands on the web app's callback page with the cookies set", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // npm start points FRONTEND_CALLBACK_URL at the bundled web app; the page itself is not under test here.
    await page.route(`${base}/app/**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Signed in</h1>' }));

    await page.goto(`${base}/api/v1/auth/login/national`);
    await page.getByLabel('Username').fill('alice');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/app/auth/callback');

    const landed = new URL(page.url());
    assert.equal(landed.origin, base);
    // alice is one of the sample people npm start creates: she signs in to her existing account.
    assert.equal(landed.searchParams.get('isNewUser'), null);

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

  it("login CSRF: an attacker's callback URL replayed in a fresh browser is refused, and signs nobody in", async () => {
    // The attacker signs in as themself but stops before the callback, keeping its URL.
    const isFrontend = (url: URL) => url.origin === base && url.pathname.startsWith('/app/');
    const attacker = await browser.newContext();
    const attackerPage = await attacker.newPage();
    // Chromium does not route redirected requests, so the redirects after the login form are
    // followed by hand (same cookie jar) until one points at the callback, which is kept, not opened.
    let callbackUrl = '';
    await attackerPage.route(
      (url) => url.pathname.startsWith('/national/interaction/'),
      async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        let location = (await route.fetch({ maxRedirects: 0 })).headers().location ?? '';
        for (let hop = 0; hop < 5 && location && !location.startsWith(`${base}/callback/`); hop++) {
          location = (await attacker.request.get(location, { maxRedirects: 0 })).headers().location ?? '';
        }
        callbackUrl = location;
        return route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>kept</h1>' });
      },
    );
    await attackerPage.goto(`${base}/api/v1/auth/login/national`);
    await attackerPage.getByLabel('Username').fill('mallory');
    await attackerPage.getByRole('button', { name: 'Sign in', exact: true }).click();
    await attackerPage.getByText('kept').waitFor();
    assert.match(callbackUrl, /\/callback\/national\?.*state=/);

    // The victim's browser opens it (a link, an image, a redirect: a top-level navigation at worst).
    const victim = await browser.newContext();
    const victimPage = await victim.newPage();
    await victimPage.route(isFrontend, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Signed in</h1>' }));
    const refused = await victimPage.goto(callbackUrl);
    assert.equal(refused?.status(), 401);
    assert.equal((await refused.json()).code, 'invalid_state');
    assert.equal(new URL(victimPage.url()).pathname, new URL(callbackUrl).pathname, 'no redirect to the frontend');
    assert.deepEqual(
      (await victim.cookies(base)).map((c) => c.name),
      [],
      "no session cookie in the victim's browser",
    );
    assert.equal((await victimPage.request.get(`${base}/api/v1/me`)).status(), 401);
    await victim.close();

    // Refusing it used nothing up: the browser that started the sign-in still finishes it.
    // (Through the context's own request client and cookie jar: Chromium here does not route the
    // frontend redirect of a second navigation in a page that routed before.)
    const finished = await attacker.request.get(callbackUrl, { maxRedirects: 0 });
    assert.equal(finished.status(), 302);
    assert.ok(finished.headers().location?.startsWith(`${base}/app/auth/callback`));
    const me = await attackerPage.request.get(`${base}/api/v1/me`);
    assert.equal(me.status(), 200);
    await attacker.close();
  });
});
