/**
 * A new version of the app reaches an open page only when the person says so: with the page under the
 * worker, a changed worker is deployed (the built sw.js with a line added, as a new build changes it)
 * and the page checks for it (registration.update(), as the browser does on its own); the new worker
 * waits, the app offers "A new version is ready" with Reload, nothing changes until Reload, and after
 * it the page runs under the new worker.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { WEB_APP_DIR } from '../../src/web-app.ts';
import { chromiumMissing } from './browser.ts';
import { checkScreen, startJourney, type Journey, type Person } from './journey.ts';

/**
 * The built app copied for this file alone: the journeys running beside it serve web/dist, and a
 * worker deployed there would offer them the update too (its prompt then covers their buttons).
 */
const APP_COPY = mkdtempSync(path.join(tmpdir(), 'pwa-update-'));
const WORKER = path.join(APP_COPY, 'sw.js');
/** What the second version adds: it answers which version it is, which the first never does. */
const SECOND = `\n;self.addEventListener('message', (event) => { if (event.data && event.data.type === 'VERSION') event.ports[0].postMessage('second'); });\n`;

/** Replaces the served worker in one step: other journeys may fetch it meanwhile, and must never read half a file. */
function deploy(text: string): void {
  const next = `${WORKER}.${process.pid}.next`;
  writeFileSync(next, text);
  renameSync(next, WORKER);
}

/** The page's globals used here (the tests are type-checked without the DOM library). */
interface Registration {
  update(): Promise<unknown>;
  waiting: object | null;
}
interface Port {
  onmessage: ((event: { data: unknown }) => void) | null;
}
interface BrowserGlobals {
  navigator: {
    serviceWorker: {
      controller: { postMessage(message: unknown, transfer: unknown[]): void } | null;
      getRegistration(): Promise<Registration | undefined>;
    };
  };
  MessageChannel: new () => { port1: Port; port2: unknown };
}

/** The version the worker in control says it is, or null when it does not answer (the first one). */
const controllerVersion = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const { navigator, MessageChannel } = globalThis as unknown as BrowserGlobals;
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(String(event.data));
        navigator.serviceWorker.controller!.postMessage({ type: 'VERSION' }, [channel.port2]);
        setTimeout(() => resolve(null), 1_000);
      }),
  );

describe('the update prompt', { skip: chromiumMissing }, () => {
  let journey: Journey;
  let pat: Person;
  let first: string;

  before(async () => {
    cpSync(WEB_APP_DIR, APP_COPY, { recursive: true });
    journey = await startJourney({}, undefined, { webAppDir: APP_COPY });
    pat = await journey.person('Pat Player');
    first = readFileSync(WORKER, 'utf8');
  });
  after(async () => {
    await journey?.close();
    rmSync(APP_COPY, { recursive: true, force: true });
  });

  it('offers a waiting version, keeps the page as it is until Reload, and runs the new worker after it', async () => {
    const { page } = pat;
    await page.goto('/app/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForFunction(() => !!(globalThis as unknown as BrowserGlobals).navigator.serviceWorker.controller, undefined, { timeout: 20_000 });
    assert.equal(await page.getByText('A new version is ready.').count(), 0, 'no prompt without a new version');
    assert.equal(await controllerVersion(page), null);

    try {
      deploy(first + SECOND);
      await page.evaluate(async () => {
        const registration = await (globalThis as unknown as BrowserGlobals).navigator.serviceWorker.getRegistration();
        await registration!.update();
      });
      const prompt = page.getByRole('status').filter({ hasText: 'A new version is ready.' });
      await prompt.waitFor({ timeout: 20_000 });
      await checkScreen(page, 'the update prompt');
      // Waiting, not in control: the page still runs the first version.
      assert.equal(
        await page.evaluate(async () => !!(await (globalThis as unknown as BrowserGlobals).navigator.serviceWorker.getRegistration())?.waiting),
        true,
      );
      assert.equal(await controllerVersion(page), null);

      await Promise.all([page.waitForEvent('load', { timeout: 20_000 }), prompt.getByRole('button', { name: 'Reload' }).click()]);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      assert.equal(await controllerVersion(page), 'second', 'after Reload the new worker controls the page');
      assert.equal(await page.getByText('A new version is ready.').count(), 0, 'the prompt is gone');
      assert.equal(
        await page.evaluate(async () => (await (globalThis as unknown as BrowserGlobals).navigator.serviceWorker.getRegistration())?.waiting ?? null),
        null,
      );
    } finally {
      deploy(first);
    }
  });
});
