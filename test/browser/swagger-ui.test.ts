import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
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

  // Past 150 tags and operations Swagger UI draws the list virtualised: only what is in view (and five
  // around it) is in the page, so every operation is looked for by scrolling the whole list.
  it('renders every operation with no console error (no CSP violation), and loads nothing from elsewhere', async () => {
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
    assert.equal((await drawnOperations(page)).size, documented);
    assert.deepEqual(errors, []);
    assert.deepEqual(foreign, []);
  });
});

/** The ids of every operation Swagger UI draws, scrolling from the top of the page to its end. */
async function drawnOperations(page: Page): Promise<Set<string>> {
  const seen = new Set<string>();
  await page.evaluate('window.scrollTo(0, 0)');
  for (let step = 0; step < 500; step++) {
    for (const id of await page.locator('.opblock').evaluateAll((blocks) => blocks.map((block) => block.id))) seen.add(id);
    const atEnd = await page.evaluate<boolean>('window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1');
    if (atEnd) break;
    await page.evaluate('window.scrollBy(0, window.innerHeight / 2)');
    await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
  }
  return seen;
}
