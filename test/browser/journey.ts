/**
 * A harness for the app's journeys: the whole service in this process on a clock the test moves,
 * listening on a free port and serving the built app at /app/, and Debian's Chromium with one
 * browser context per person. People are made through the internal API and signed in by their
 * session cookies (the sign-in flow itself has its own tests), already onboarded unless asked not
 * to be. Every screen can be checked with axe in light and dark, and for sideways overflow.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildWebApp } from '../../scripts/web-build.ts';
import type { AppOverrides } from '../../src/app.ts';
import { backends, type Backend } from '../helpers/backends.ts';
import { TestClock } from '../helpers/clock.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { freePort } from '../helpers/server-process.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { launchBrowser } from './browser.ts';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

export interface Person extends TestUser {
  name: string;
  context: BrowserContext;
  page: Page;
}

export interface Journey {
  base: string;
  clock: TestClock;
  service: TestApp;
  browser: Browser;
  /** A signed-in person with a browser of their own (phone-sized unless told). */
  person(name: string, options?: { viewport?: { width: number; height: number }; admin?: boolean; onboarded?: boolean }): Promise<Person>;
  /** The API as this person, with their bearer token (for setting up what the journey starts from). */
  api<T = unknown>(who: TestUser, method: string, url: string, body?: unknown): Promise<{ status: number; data: T }>;
  close(): Promise<void>;
}

/** Journeys run on the first backend (the embedded one); the API's own tests cover both. */
export async function startJourney(env: Record<string, string> = {}, backend: Backend = backends[0]!, overrides: AppOverrides = {}): Promise<Journey> {
  if (!existsSync(path.join(import.meta.dirname, '..', '..', 'web', 'dist', 'index.html'))) await buildWebApp();
  const clock = new TestClock();
  // The service knows its own address: the app's writes (cookies, Origin) come from it, and links point into it.
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const own = { BASE_URL: origin, FRONTEND_CALLBACK_URL: `${origin}/app/auth/callback` };
  // A day-long access token: the journey moves the clock by hours, and token renewal has its own tests.
  const service = await buildTestApp(backend, { ACCESS_TOKEN_TTL: '86400', ...own, ...env }, { clock, ...overrides });
  const base = await service.app.listen({ port, host: '127.0.0.1' });
  const browser = await launchBrowser();
  const api: Journey['api'] = async (who, method, url, body) => {
    const response = await service.app.inject({ method: method as 'GET', url, headers: who.auth, ...(body !== undefined && { payload: body as object }) });
    return { status: response.statusCode, data: response.body ? response.json().data : undefined };
  };
  return {
    base,
    clock,
    service,
    browser,
    api,
    async person(name, options = {}) {
      const user = await createUser(service.app, { name, admin: options.admin });
      if (options.onboarded !== false) {
        const onboarded = await api(user, 'POST', '/api/v1/me', { name, contactMethods: [{ name: 'WHATSAPP', value: '+65 9000 0000' }] });
        assert.ok(onboarded.status < 300, `onboarding ${name}: ${onboarded.status}`);
      }
      const context = await browser.newContext({ viewport: options.viewport ?? PHONE, baseURL: base });
      const host = new URL(base).hostname;
      await context.addCookies([
        { name: 'access_token', value: user.accessToken, domain: host, path: '/', httpOnly: true, sameSite: 'Strict' },
        { name: 'refresh_token', value: user.refreshToken, domain: host, path: '/api/v1/auth', httpOnly: true, sameSite: 'Strict' },
      ]);
      const page = await context.newPage();
      return { ...user, name, context, page };
    },
    async close() {
      await browser.close();
      await service.close();
    },
  };
}

/** No accessibility violation of any impact, in light and in dark. */
export async function accessible(page: Page, what: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const results = await new AxeBuilder({ page }).analyze();
    assert.deepEqual(
      results.violations.map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
      [],
      `${what} (${colorScheme}): accessibility violations`,
    );
  }
  await page.emulateMedia({ colorScheme: null });
}

/** Nothing sticks out sideways at this width. */
export async function fitsWidth(page: Page) {
  const width = await page.evaluate<number>('document.documentElement.scrollWidth');
  assert.ok(width <= page.viewportSize()!.width, `page is ${width}px wide at ${page.viewportSize()!.width}`);
}

/** A screen as a person meets it: at their width, then at the other, each checked for overflow and axe. */
export async function checkScreen(page: Page, what: string) {
  const own = page.viewportSize()!;
  for (const viewport of [own, own.width === PHONE.width ? DESKTOP : PHONE]) {
    await page.setViewportSize(viewport);
    await fitsWidth(page);
    await accessible(page, `${what} at ${viewport.width}`);
  }
  await page.setViewportSize(own);
}
