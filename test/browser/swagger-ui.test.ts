import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { backends } from '../helpers/backends.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { chromiumMissing, launchBrowser } from './browser.ts';

describe('the interactive API documentation in a real browser', { skip: chromiumMissing }, () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;

  before(async () => {
    t = await buildTestApp(backends[0]!);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  // Known failure, kept visible as a todo: since game day's routes joined the payments routes, Swagger UI draws the
  // first 6 of 145 operations and stops, with no console error, though /swagger-ui/json holds all of them (cause not found yet).
  it(
    'renders every operation with no console error (no CSP violation), and loads nothing from elsewhere',
    { todo: 'Swagger UI stops drawing after 6 operations' },
    async () => {
      const page = await browser.newPage();
      const errors: string[] = [];
      const foreign: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('request', (request) => {
        if (!request.url().startsWith(base) && !request.url().startsWith('data:')) foreign.push(request.url());
      });
      const response = await page.goto(`${base}/swagger-ui`);
      assert.equal(response?.status(), 200);
      assert.match(String(response?.headers()['content-security-policy']), /script-src 'self';/);
      await page.waitForSelector('.opblock');
      const documented = Object.values((await t.app.inject({ url: '/v3/api-docs' })).json<{ paths: Record<string, object> }>().paths).reduce(
        (sum, operations) => sum + Object.keys(operations).length,
        0,
      );
      assert.equal(await page.locator('.opblock').count(), documented);
      assert.deepEqual(errors, []);
      assert.deepEqual(foreign, []);
    },
  );
});
