import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const chromiumMissing = !existsSync(CHROMIUM) && `needs Debian's chromium at ${CHROMIUM} (.ci/run installs it)`;

/**
 * Where the run's shared Chromium listens (test/browser/global-setup.ts sets it for `npm test`); a
 * file run on its own has none and launches a Chromium of its own.
 */
export const SHARED_BROWSER_ENV = 'TEST_BROWSER_WS_ENDPOINT';

/** Debian's Chromium, headless, with the flags this closed network needs. */
export const LAUNCH_OPTIONS = {
  executablePath: CHROMIUM,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * A browser for one test file: a connection to the run's shared Chromium when there is one (the
 * contexts a file makes close with its connection), else a Chromium of its own. Either way the
 * caller closes what it gets.
 */
export async function launchBrowser(): Promise<Browser> {
  const shared = process.env[SHARED_BROWSER_ENV];
  if (shared) {
    try {
      return await chromium.connect(shared, { timeout: 30_000 });
    } catch {
      // the shared Chromium is gone (crashed, or the run is ending): this file launches its own
    }
  }
  return chromium.launch(LAUNCH_OPTIONS);
}
