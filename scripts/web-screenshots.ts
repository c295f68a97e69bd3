/**
 * `npm run web:screenshots`: starts the service as `npm start` does (a throw-away data folder, sample
 * data), signs in as the sample organiser Alice (made an admin) and photographs every screen of the app
 * listed in SCREENS at phone (390x844) and desktop (1280x800) width, in light and dark. Writes
 * docs/screenshots/app/<screen>-<width>-<scheme>.jpg, the gallery between the markers in docs/app.md,
 * and the README's two pictures (docs/screenshots/web-phone.png, web-desktop.png).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../test/browser/browser.ts';
import { freePort, startServer, STARTUP_WAIT_MS, waitHealthy } from '../test/helpers/server-process.ts';
import { buildWebApp } from './web-build.ts';
import { SCREENS, type Screen } from './web-screens.ts';

const ROOT = path.join(import.meta.dirname, '..');
const shots = path.join(ROOT, 'docs', 'screenshots');
const gallery = path.join(shots, 'app');
const APP_DOC = path.join(ROOT, 'docs', 'app.md');
const START = '<!-- gallery: made by npm run web:screenshots -->';
const END = '<!-- gallery end -->';
const SECRET = 'screenshots-internal-secret-0123456789abcdef';
const WIDTHS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

if (!existsSync(path.join(ROOT, 'web', 'dist', 'index.html'))) await buildWebApp();
const dataDir = mkdtempSync(path.join(tmpdir(), 'svc-screenshots-'));
const port = await freePort();
const base = `http://localhost:${port}`;
const server = startServer({ PORT: String(port), DATA_DIR: dataDir, JOBS_ENABLED: 'false', INTERNAL_SECRET: SECRET }, ['--local-defaults']);
const browser = await launchBrowser();

async function signIn(page: Page) {
  await page.goto(`${base}/app/`);
  await page.getByRole('link', { name: 'Sign in with national ID' }).first().click();
  await page.getByLabel('Username').fill('alice');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
  const me = await (await page.request.get(`${base}/api/v1/me`)).json();
  const granted = await fetch(`${base}/api/v1/internal/users/${me.data.userId}/roles`, {
    method: 'PUT',
    headers: { 'X-Internal-Secret': SECRET, 'Content-Type': 'application/json' },
    body: JSON.stringify({ roles: ['ADMIN'] }),
  });
  if (!granted.ok) throw new Error(`could not make Alice an admin: ${granted.status}`);
}

async function shoot(page: Page, screen: Screen, address: string) {
  const files: string[] = [];
  for (const [width, viewport] of Object.entries(WIDTHS)) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`${base}/app${address}`);
      await screen.ready(page);
      const file = `${screen.name}-${width}-${scheme}.jpg`;
      await page.screenshot({ path: path.join(gallery, file), type: 'jpeg', quality: 70 });
      files.push(file);
    }
  }
  return files;
}

try {
  await waitHealthy(base, 3 * STARTUP_WAIT_MS);
  mkdirSync(gallery, { recursive: true });
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page);
  const rows: string[] = [];
  for (const screen of SCREENS) {
    // A screen that needs data the sample has none of (a series, say) is left out and said so.
    const address = await screen.path(page, base).catch((error: Error) => {
      console.log(`${screen.name}: left out (${error.message})`);
      return undefined;
    });
    if (address === undefined) continue;
    const files = await shoot(page, screen, address);
    rows.push(
      `### ${screen.title}\n\n${screen.caption}\n\n${files
        .map(
          (file) =>
            `![${screen.title}, ${file
              .replace(/\.jpg$/, '')
              .split('-')
              .slice(-2)
              .join(', ')}](screenshots/app/${file})`,
        )
        .join(' ')}\n`,
    );
    console.log(`${screen.name}: ${files.length} pictures`);
  }
  const doc = readFileSync(APP_DOC, 'utf8');
  const at = doc.indexOf(START);
  const section = `${START}\n\n${rows.join('\n')}\n${END}`;
  writeFileSync(
    APP_DOC,
    at < 0 ? `${doc.trimEnd()}\n\n## Every screen\n\n${section}\n` : doc.slice(0, at) + section + doc.slice(doc.indexOf(END) + END.length),
  );

  // The README's two: finding games on a desktop, a game on a phone.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(WIDTHS.desktop);
  await page.goto(`${base}/app/`);
  await SCREENS[0]!.ready(page);
  await page.screenshot({ path: path.join(shots, 'web-desktop.png') });
  const game = SCREENS.find((screen) => screen.name === 'game')!;
  await page.setViewportSize(WIDTHS.phone);
  await page.goto(`${base}/app${await game.path(page, base)}`);
  await game.ready(page);
  await page.screenshot({ path: path.join(shots, 'web-phone.png') });
  console.log(`wrote docs/screenshots/app/ (${rows.length * 4} pictures), docs/app.md's gallery and the README's two`);
} finally {
  await browser.close();
  server.child.kill('SIGTERM');
  await server.exited();
  rmSync(dataDir, { recursive: true, force: true });
}
