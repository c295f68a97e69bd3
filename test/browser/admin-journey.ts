/**
 * What the admin journeys share: the app's confirm dialog answered, and a journey whose browsers'
 * writes count as the service's own pages. The harness listens on a port chosen after the service's
 * configuration (and so its trusted origins) is fixed, so the cookie-write origin check would refuse
 * every change the app makes; the app's writes are sent with the configured origin instead.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startJourney, type Journey } from './journey.ts';

export async function startAdminJourney(): Promise<Journey> {
  const journey = await startJourney();
  const origin = new URL(journey.service.config.baseUrl).origin;
  const person = journey.person.bind(journey);
  journey.person = async (name, options) => {
    const made = await person(name, options);
    // Chromium keeps its own Origin on a continued request, so a write is sent from here instead (reads and streams go as they are).
    await made.context.route(
      (url) => url.pathname.startsWith('/api/'),
      async (route) => {
        if (route.request().method() === 'GET') return route.continue();
        return route.fulfill({ response: await route.fetch({ headers: { ...route.request().headers(), origin } }) });
      },
    );
    return made;
  };
  return journey;
}

/** The app's own confirm dialog: what it says checked, then the named button pressed. */
export async function answer(page: Page, title: string, says: RegExp, button: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  assert.match(await dialog.innerText(), says);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}
