/**
 * For journeys of the app's optimistic changes (web/src/api/optimistic.ts): a switch clicked and
 * waited for, and a write whose answer is held back so the page is seen before it lands.
 */
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';

/**
 * Click a switch and wait until it shows `to`. Not check()/uncheck(): the box follows the kept
 * data, which settles a task after the click, and those give up when the state has not changed by
 * the time the click returns.
 */
export async function flip(box: Locator, to: boolean) {
  await box.click();
  for (let i = 0; i < 100 && (await box.isChecked()) !== to; i++) await box.page().waitForTimeout(20);
  assert.equal(await box.isChecked(), to);
}

/**
 * Holds back the answer to the first `method` request to `url` (later ones pass); the returned
 * call waits until that request was made, then lets its answer through.
 */
export async function holdFirstAnswer(page: Page, url: string, method = 'PUT'): Promise<() => Promise<void>> {
  let release: (() => void) | undefined;
  let held = false;
  await page.route(url, async (route) => {
    if (held || route.request().method() !== method) return route.continue();
    held = true;
    const response = await route.fetch();
    await new Promise<void>((resolve) => (release = resolve));
    await route.fulfill({ response });
  });
  return async () => {
    while (!release) await page.waitForTimeout(10);
    release();
  };
}
