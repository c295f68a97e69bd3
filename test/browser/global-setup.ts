/**
 * `npm test`'s global setup (`--test-global-setup`): one Chromium for the whole run, started in the
 * runner's process before any test file. Each browser test file runs in a process of its own and
 * connects to it through the endpoint put in its environment (launchBrowser, browser.ts); starting
 * a Chromium per file cost each file a launch. Contexts stay per person, so files do not see each
 * other's cookies, storage or service workers.
 */
import { chromium, type BrowserServer } from 'playwright-core';
import { chromiumMissing, LAUNCH_OPTIONS, SHARED_BROWSER_ENV } from './browser.ts';

let server: BrowserServer | undefined;

export async function globalSetup(): Promise<void> {
  if (chromiumMissing) return;
  server = await chromium.launchServer(LAUNCH_OPTIONS);
  process.env[SHARED_BROWSER_ENV] = server.wsEndpoint();
}

export async function globalTeardown(): Promise<void> {
  delete process.env[SHARED_BROWSER_ENV];
  await server?.close();
}
