/**
 * `npm run bench:lighthouse`: Lighthouse (12.2.3, pinned) in its mobile emulation, on Debian's
 * Chromium, against the main screens of a signed-in player: Find, a game, My games and Host. The
 * whole service runs in this process on an embedded database (as the browser journeys do), with one
 * venue, one game and a player whose session cookie Lighthouse sends. The scores (performance,
 * accessibility, best practices) replace the Lighthouse section of BENCHMARKS.md; the run fails when
 * a page misses a target. A benchmark, not part of `npm test`.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildWebApp } from './web-build.ts';
import { CHROMIUM } from '../test/browser/browser.ts';
import { backends } from '../test/helpers/backends.ts';
import { createGame, createSport, gameBody, onboardedUser } from '../test/helpers/games.ts';
import { freePort } from '../test/helpers/server-process.ts';
import { buildTestApp } from '../test/helpers/test-app.ts';
import { createUser } from '../test/helpers/users.ts';

const ROOT = path.join(import.meta.dirname, '..');
const TARGETS = { performance: 90, accessibility: 100, 'best-practices': 95 } as const;
type Category = keyof typeof TARGETS;
const START = '<!-- lighthouse:start -->';
const startLoad = loadavg()[0]!;
const END = '<!-- lighthouse:end -->';

if (!existsSync(path.join(ROOT, 'web', 'dist', 'index.html')) || process.argv.includes('--build')) await buildWebApp();

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const service = await buildTestApp(backends[0]!, { BASE_URL: origin, FRONTEND_CALLBACK_URL: `${origin}/app/auth/callback`, ACCESS_TOKEN_TTL: '86400' });
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-sync',
  ],
});

/** Runs per page: scores vary from run to run (more on a busy machine), so the median run is recorded. */
const RUNS = 3;

/** One Lighthouse run on `url`, signed in by the session cookie. */
async function audit(url: string, cookie: string) {
  const result = await lighthouse(url, {
    port: chrome.port,
    logLevel: 'error',
    output: 'json',
    onlyCategories: Object.keys(TARGETS),
    extraHeaders: { Cookie: cookie },
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  return result;
}

const rows: Array<{ page: string; scores: Record<Category, number> }> = [];
try {
  await service.app.listen({ port, host: '127.0.0.1' });
  const sport = await createSport(service.app, await createUser(service.app, { admin: true }), { name: 'Badminton' });
  const host = await onboardedUser(service.app, 'Hana Host');
  const player = await onboardedUser(service.app, 'Pat Player');
  const game = await createGame(service.app, host, gameBody(sport, new Date(), 72, { title: 'Evening badminton' }));
  await service.app.inject({ method: 'POST', url: `/api/v1/games/${game.id}/participants`, headers: player.auth });
  const cookie = `access_token=${player.accessToken}`;

  const pages = { Find: '/app/', Game: `/app/games/${game.id}`, 'My games': '/app/my-games', Host: '/app/host' };
  for (const [name, url] of Object.entries(pages)) {
    // A run Lighthouse itself could not record (a lost trace: NO_NAVSTART, NO_FCP) is run again, up to twice as many.
    const runs = [];
    for (let attempt = 0; attempt < RUNS * 2 && runs.length < RUNS; attempt++) {
      const run = await audit(`${origin}${url}`, cookie);
      if (run.lhr.runtimeError) console.log(`${name}: run again after ${run.lhr.runtimeError.code}`);
      else runs.push(run);
    }
    if (!runs.length) throw new Error(`Lighthouse could not record ${name}`);
    // The run with the median performance score stands for the page (Lighthouse's own advice on variance).
    const result = runs.sort((a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0))[Math.floor(runs.length / 2)]!;
    const scores = Object.fromEntries(
      (Object.keys(TARGETS) as Category[]).map((category) => [category, Math.round((result.lhr.categories[category]?.score ?? 0) * 100)]),
    ) as Record<Category, number>;
    rows.push({ page: name, scores });
    // What cost points, so the next run knows where to look.
    const failing = Object.values(result.lhr.audits).filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative');
    const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']
      .map((id) => `${id} ${result.lhr.audits[id]?.displayValue ?? '-'}`)
      .join(', ');
    console.log(`${name}: ${JSON.stringify(scores)} (${metrics})${failing.length ? `; below 90: ${failing.map((audit) => audit.id).join(', ')}` : ''}`);
  }
} finally {
  chrome.kill();
  await service.close();
}

const missed = rows.flatMap(({ page, scores }) =>
  (Object.keys(TARGETS) as Category[]).filter((category) => scores[category] < TARGETS[category]).map((category) => `${page} ${category} ${scores[category]}`),
);
/**
 * The run this one replaces, kept below it as it was written (its time, load and table), so a change
 * meant to make the app faster shows its before and after; only one run back is kept.
 */
function previousRun(section: string): string[] {
  const lines = section.split('\n');
  const cut = lines.findIndex((line) => line.startsWith('### The run before'));
  const own = cut >= 0 ? lines.slice(0, cut) : lines;
  const when = own.find((line) => line.startsWith('## Lighthouse on a phone'))?.replace('## Lighthouse on a phone — ', '');
  const load = /load average at the start: .*? cores/i.exec(own.join(' '))?.[0];
  const table = own.filter((line) => line.startsWith('|'));
  return when && table.length ? ['', `### The run before (${when}${load ? `; ${load.toLowerCase()}` : ''})`, '', ...table] : [];
}

const file = path.join(ROOT, 'BENCHMARKS.md');
const current = readFileSync(file, 'utf8');
const start = current.indexOf(START);
const end = current.indexOf(END);
const before = start >= 0 && end > start ? previousRun(current.slice(start, end)) : [];
const section = [
  START,
  `## Lighthouse on a phone — ${new Date().toISOString()}`,
  '',
  'Written by `npm run bench:lighthouse` (scripts/lighthouse.ts): Lighthouse 12.2.3, mobile emulation with its simulated slow 4G',
  "and 4× CPU slowdown, Debian's Chromium headless, the service in the same process on the embedded database, a signed-in",
  `player; each page ${RUNS} times, the run with the median performance score recorded. Load average at the start: ${startLoad.toFixed(1)} on ${cpus().length} cores.`,
  `Targets: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices ≥ ${TARGETS['best-practices']}.`,
  '',
  '| Page | Performance | Accessibility | Best practices |',
  '| --- | ---: | ---: | ---: |',
  ...rows.map(({ page, scores }) => `| ${page} | ${scores.performance} | ${scores.accessibility} | ${scores['best-practices']} |`),
  '',
  missed.length ? `Below target: ${missed.join('; ')}.` : 'Every page meets every target.',
  ...before,
  END,
].join('\n');

writeFileSync(file, start >= 0 && end > start ? current.slice(0, start) + section + current.slice(end + END.length) : `${current.trimEnd()}\n\n${section}\n`);
console.log(`BENCHMARKS.md: Lighthouse section written${missed.length ? `; below target: ${missed.join('; ')}` : ''}`);
if (missed.length) process.exitCode = 1;
