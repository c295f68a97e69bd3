/**
 * `npm run web:screenshots`: starts the service as `npm start` does (a throw-away data folder), signs
 * in as the sample organiser Alice and writes the README's two pictures of the web app:
 * docs/screenshots/web-desktop.png (finding games, 1280 px) and web-phone.png (a game, 390 px).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchBrowser } from '../test/browser/browser.ts';
import { freePort, startServer, STARTUP_WAIT_MS, waitHealthy } from '../test/helpers/server-process.ts';
import { buildWebApp } from './web-build.ts';

const out = path.join(import.meta.dirname, '..', 'docs', 'screenshots');
if (!existsSync(path.join(import.meta.dirname, '..', 'web', 'dist', 'index.html'))) await buildWebApp();
const dataDir = mkdtempSync(path.join(tmpdir(), 'svc-screenshots-'));
const port = await freePort();
const base = `http://localhost:${port}`;
const server = startServer({ PORT: String(port), DATA_DIR: dataDir, JOBS_ENABLED: 'false' }, ['--local-defaults']);
const browser = await launchBrowser();
try {
  await waitHealthy(base, 3 * STARTUP_WAIT_MS);
  mkdirSync(out, { recursive: true });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${base}/app/`);
  await page.getByRole('link', { name: 'Sign in with national ID' }).first().click();
  await page.getByLabel('Username').fill('alice');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
  await page.getByRole('list', { name: 'Games' }).getByRole('listitem').nth(5).waitFor();
  await page.screenshot({ path: path.join(out, 'web-desktop.png') });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('list', { name: 'Games' }).getByRole('link').nth(1).click();
  await page.getByRole('heading', { name: 'Players' }).waitFor();
  await page.screenshot({ path: path.join(out, 'web-phone.png') });
  console.log(`wrote ${path.relative(process.cwd(), out)}/web-desktop.png and web-phone.png`);
} finally {
  await browser.close();
  server.child.kill('SIGTERM');
  await server.exited();
  rmSync(dataDir, { recursive: true, force: true });
}
