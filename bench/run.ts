import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { Redis } from 'ioredis';
import { openDatabase, type DatabaseHandle } from '../src/platform/db/index.ts';
import type { LoadPlan } from './load.ts';
import { joinLeavePgbench } from './joins.ts';
import { bumpGenerations, missPaths } from './listing-misses.ts';
import { listingStatement, pgbench } from './pgbench.ts';
import { LIKE_FOR_LIKE, median, renderMarkdown, summarise, type Report, type Scenario } from './report.ts';
import { MAIN, analyze, clearGames, joinPairs, publicGameIds, seedAll, seedGames, slotViolations, userIdOf, type Shape } from './seed.ts';
import { cpuSeconds, createBenchDatabase, freePort, mintTokens, runLoad, spawnHealthy, startService, type Service } from './service.ts';
import { twoInstances } from './scale.ts';

/**
 * `npm run bench [-- --quick] [-- --skip=postgres,scale,embedded,startup,growth]`: seeds, starts the service as
 * its own process, drives it from another (bench/load.ts) and appends a table to BENCHMARKS.md.
 * DATABASE_URL is an admin connection to a PostgreSQL server (default postgres@127.0.0.1:5432):
 * each phase creates a database bench_<random>_<phase> on it and drops it afterwards.
 * REDIS_URL (default redis://127.0.0.1:6379) backs the PostgreSQL configuration.
 */
const ROOT = path.join(import.meta.dirname, '..');
const quick = process.argv.includes('--quick');
const skip = new Set(
  process.argv
    .find((arg) => arg.startsWith('--skip='))
    ?.slice(7)
    .split(',') ?? [],
);
/** `--only=b′,i,…`: run just these scenarios (a shared machine); the phases still seed and start what they need. */
const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice(7)
  .split(',');
const wanted = (id: string) => !only || only.includes(id);
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PLAN = quick ? { connections: 32, warmupSeconds: 1, rounds: 2, roundSeconds: 2 } : { connections: 32, warmupSeconds: 5, rounds: 3, roundSeconds: 5 };
const GROWTH = quick ? [10_000, 100_000] : [10_000, 1_000_000];
const DEPTH = 50_000;
const TIME_ZONE = 'Asia/Singapore';
const RUN_ID = randomBytes(4).toString('hex');

const startedAt = new Date();
const scratch = mkdtempSync(path.join(tmpdir(), 'bench-run-'));
const cleanups: Array<() => Promise<void> | void> = [];
const scenarios: Scenario[] = [];
const report: Report = {
  mode: quick ? 'quick' : 'full',
  startedAt: startedAt.toISOString(),
  wallSeconds: 0,
  machine: machine(),
  loadAverage: { start: os.loadavg()[0]!, end: Number.NaN },
  plan: PLAN,
  scenarios,
  startups: [],
  rssAfterRunMb: {},
  slotViolations: {},
  joinsPerSecond: {},
  phaseSeconds: {},
};

const log = (message: string) => process.stdout.write(`[bench ${((Date.now() - startedAt.getTime()) / 1000).toFixed(0).padStart(4)} s] ${message}\n`);

function machine(): Report['machine'] {
  const version = (command: string, args: string[]) => {
    try {
      return execFileSync(command, args, { encoding: 'utf8' }).trim();
    } catch {
      return 'unknown';
    }
  };
  const autocannon = JSON.parse(readFileSync(path.join(ROOT, 'node_modules', 'autocannon', 'package.json'), 'utf8')) as { version: string };
  return {
    cores: os.availableParallelism(),
    cpu: os.cpus()[0]?.model ?? 'unknown',
    memoryGb: os.totalmem() / 2 ** 30,
    node: process.versions.node,
    postgres: 'unknown',
    redis: 'unknown',
    pgbench: version('pgbench', ['--version']),
    autocannon: autocannon.version,
  };
}

async function scenario(
  id: string,
  title: string,
  config: string,
  plan: Omit<LoadPlan, keyof typeof PLAN>,
  options: { note?: string; tag?: string; pid?: number | number[] } = {},
): Promise<Scenario> {
  if (!wanted(id)) return summarise(id, title, config, [], 'not run');
  log(`(${id}) ${title} — ${config}`);
  // Several serving processes (the two-instance row): their CPU together.
  const cpu = (pid: number | number[]) => [pid].flat().reduce((sum, one) => sum + cpuSeconds(one), 0);
  const before = options.pid ? cpu(options.pid) : Number.NaN;
  const { warmup, rounds } = await runLoad({ ...PLAN, ...plan }, scratch);
  const result = summarise(id, title, config, rounds, options.note, options.tag);
  // The service's own CPU per response (warm-up included): what a request costs it, whatever else runs on the machine.
  const responses = rounds.reduce((sum, r) => sum + r.responses, warmup?.responses ?? 0);
  if (options.pid) result.serviceCpuMsPerRequest = ((cpu(options.pid) - before) * 1000) / responses;
  scenarios.push(result);
  log(
    `    ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms, non-2xx ${result.non2xx}` +
      `${result.serviceCpuMsPerRequest === undefined ? '' : `, service CPU ${result.serviceCpuMsPerRequest.toFixed(2)} ms/request`}`,
  );
  if (result.non2xx > 0) log(`    status codes: ${JSON.stringify(rounds.map((r) => r.statusCodes))}`);
  return result;
}

async function createDatabase(suffix: string): Promise<string> {
  const database = await createBenchDatabase(ADMIN_URL, `bench_${RUN_ID}_${suffix}`);
  cleanups.push(database.drop);
  return database.url;
}

async function start(env: Record<string, string>, options: { localDefaults?: boolean; npmStartFlags?: boolean } = {}): Promise<Service> {
  const service = await startService(env, options);
  cleanups.push(() => service.stop());
  return service;
}

async function mintAccess(url: string, userId: string): Promise<string> {
  return (await mintTokens(url, userId)).accessToken;
}

/** Walks the listing with pages of 100 (the cursor does not depend on the page size) to the page at `depth`. */
async function cursorAt(url: string, depth: number): Promise<string> {
  let cursor: string | null = null;
  for (let seen = 0; seen < depth; seen += 100) {
    const response = await fetch(`${url}/api/v1/games?size=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    const page = (await response.json()) as { data: { nextCursor: string | null } };
    cursor = page.data.nextCursor;
    if (!cursor) throw new Error(`the listing ended before depth ${depth}`);
  }
  return cursor!;
}

interface Fixtures {
  viewerId: string;
  gameIds: string[];
  refreshUserIds: string[];
  pairs: Array<{ userId: string; gameId: string }>;
}

async function fixtures(db: DatabaseHandle): Promise<Fixtures> {
  const connections = PLAN.connections;
  return {
    // A player with a typical history (ten or so games, some bookmarks): the listing's viewer branches do real work.
    viewerId: await userIdOf(db.db, 4_001),
    gameIds: await publicGameIds(db.db, 1_000),
    refreshUserIds: await Promise.all(Array.from({ length: connections }, (_, i) => userIdOf(db.db, 10_001 + i))),
    // (g) takes them round by round from the start; (i) takes the last `connections`, never used by (g).
    pairs: await joinPairs(db.db, connections * (PLAN.rounds + 2)),
  };
}

/** The scenarios (b)–(g) against one running service. */
async function serviceScenarios(service: Service, config: 'postgres' | 'embedded', data: Fixtures) {
  const { url } = service;
  const pid = service.child.pid!;
  const listing = '/api/v1/games?size=20';
  await scenario('b', 'GET /api/v1/games?size=20, anonymous', config, { kind: 'get', url, paths: [listing] }, { pid });
  const token = await mintAccess(url, data.viewerId);
  await scenario('c', 'the same with a bearer token', config, { kind: 'get', url, paths: [listing], headers: { authorization: `Bearer ${token}` } }, { pid });
  const cursor = wanted('d') ? await cursorAt(url, DEPTH) : '';
  await scenario(
    'd',
    `the page at depth ${DEPTH.toLocaleString('en-US')} via its cursor`,
    config,
    { kind: 'get', url, paths: [`${listing}&cursor=${encodeURIComponent(cursor)}`] },
    { pid },
  );
  await scenario(
    'e',
    'GET /api/v1/games/{id} (1,000 ids in turn)',
    config,
    { kind: 'get', url, paths: data.gameIds.map((id) => `/api/v1/games/${id}`) },
    { pid },
  );
  await scenario(
    'f',
    'POST /api/v1/auth/refresh rotation',
    config,
    { kind: 'refresh', url, userIds: data.refreshUserIds },
    { pid, note: config === 'postgres' ? 'Redis store' : 'embedded store' },
  );
  const g = await scenario(
    'g',
    'join + leave pairs on distinct games',
    config,
    { kind: 'join-leave', url, pairs: data.pairs },
    { pid, note: 'req/s counts both halves' },
  );
  if (wanted('g')) report.joinsPerSecond[config] = g.requestsPerSecond / 2;
  report.rssAfterRunMb[config] = await service.collectedRssMb();
}

async function postgresPhase() {
  log('PostgreSQL: seeding 100,000 games, 500 venues, 20,000 users, 200,000 participations');
  const url = await createDatabase('main');
  const db = await openDatabase({ url, dataDir: scratch });
  cleanups.push(() => db.close());
  await seedAll(db.db, MAIN);
  await db.db.execute(sql`VACUUM ANALYZE`);
  const data = await fixtures(db);
  log('PostgreSQL: starting the service');
  const service = await start({ DATABASE_URL: url, REDIS_URL });
  report.startups.push({ config: 'postgres + Redis, seeded database', startupMs: [service.startupMs], medianMs: service.startupMs });

  // (a): the listing's own answer, replayed by a bare Fastify server.
  const recorded = await fetch(`${service.url}/api/v1/games?size=20`);
  const headers = Object.fromEntries(
    [...recorded.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name)),
  );
  const responseFile = path.join(scratch, 'listing-response.json');
  writeFileSync(responseFile, JSON.stringify({ headers, body: Buffer.from(await recorded.arrayBuffer()).toString('base64') }));
  const port = await freePort();
  const ceiling = await spawnHealthy([path.join(ROOT, 'bench', 'ceiling.ts'), responseFile, String(port)], {
    env: {},
    cwd: scratch,
    healthUrl: `http://127.0.0.1:${port}/api/v1/games`,
  });
  cleanups.push(() => ceiling.stop());
  await scenario(
    'a',
    'ceiling: bare Fastify, same bytes from memory',
    'memory',
    { kind: 'get', url: `http://127.0.0.1:${port}`, paths: ['/api/v1/games?size=20'] },
    { pid: ceiling.child.pid! },
  );
  await ceiling.stop();

  await serviceScenarios(service, 'postgres', data);
  const paths = wanted('b′') ? await missPaths(service.url, new Date()) : [];
  const stopBumping = bumpGenerations(db.db);
  try {
    await scenario(
      'b′',
      `the listing with no cache hits (${paths.length.toLocaleString('en-US')} filter/cursor combinations in turn)`,
      'postgres',
      { kind: 'get', url: service.url, paths },
      { pid: service.child.pid! },
    );
  } finally {
    await stopBumping();
  }

  if (report.machine.pgbench === 'unknown') log('(h) skipped: pgbench is not on the PATH (it comes with the PostgreSQL client tools)');
  else if (wanted('h') || wanted('i')) {
    log('(h) pgbench on the listing statement');
    const statement = listingStatement(db.db, TIME_ZONE, new Date());
    const h = await pgbench(url, statement, PLAN);
    scenarios.push(summarise('h', "pgbench -M prepared: the listing page's statement", 'postgres', h.rounds));
    log(`    ${scenarios.at(-1)!.requestsPerSecond.toFixed(0)} tps, p50 ${scenarios.at(-1)!.p50.toFixed(2)} ms`);
    log('(i) pgbench on the join and the leave as the service sends them');
    const i = await joinLeavePgbench(url, db.db, data.pairs.slice(-PLAN.connections), PLAN);
    scenarios.push(summarise('i', 'pgbench -M prepared: join + leave as the service sends them', 'postgres', i.rounds, 'tps counts pairs'));
    log(`    ${scenarios.at(-1)!.requestsPerSecond.toFixed(0)} join + leave pairs/s, p50 ${scenarios.at(-1)!.p50.toFixed(2)} ms`);
  }
  report.slotViolations.postgres = await slotViolations(db.db);
  await service.stop();
  if (skip.has('scale')) return;
  const began = Date.now();
  await twoInstances({ databaseUrl: url, redisUrl: REDIS_URL, scratch, data, start: (env) => start(env), scenario, mint: mintAccess });
  report.phaseSeconds.scale = (Date.now() - began) / 1000;
}

async function embeddedPhase() {
  log('Embedded: seeding the same data set into a fresh DATA_DIR');
  const dataDir = path.join(scratch, 'embedded-data');
  mkdirSync(dataDir);
  const db = await openDatabase({ url: undefined, dataDir });
  await seedAll(db.db, MAIN);
  await analyze(db.db);
  const data = await fixtures(db);
  await db.close();
  log('Embedded: starting the service as `npm start` does');
  const service = await start({ DATA_DIR: dataDir }, { localDefaults: true });
  report.startups.push({ config: 'embedded, seeded DATA_DIR (npm start, as loaded below)', startupMs: [service.startupMs], medianMs: service.startupMs });
  await serviceScenarios(service, 'embedded', data);
  await service.stop();
  // The embedded database belongs to one process at a time: checked once the service is gone.
  const after = await openDatabase({ url: undefined, dataDir });
  report.slotViolations.embedded = await slotViolations(after.db);
  await after.close();
}

/**
 * Cold starts: `npm start` on an empty DATA_DIR, and PostgreSQL on a fresh database (migrations included).
 * `npm start` also writes the sample data and loads the local sign-in providers, which the PostgreSQL
 * start does not; the embedded database started as the PostgreSQL one is shows what the database alone costs.
 */
async function startupPhase() {
  const runs = quick ? 1 : 3;
  const embedded: number[] = [];
  const again: number[] = [];
  let idleRss = Number.NaN;
  let againRss = Number.NaN;
  const likeForLike: number[] = [];
  let likeRss = Number.NaN;
  for (let i = 0; i < runs; i++) {
    const dataDir = path.join(scratch, `cold-${i}`);
    const first = await start({ DATA_DIR: dataDir }, { localDefaults: true });
    embedded.push(first.startupMs);
    idleRss = await first.collectedRssMb();
    await first.stop();
    // The next `npm start` finds the database made (and the sample data loaded) by the first.
    const second = await start({ DATA_DIR: dataDir }, { localDefaults: true });
    again.push(second.startupMs);
    againRss = await second.collectedRssMb();
    await second.stop();
    // Configured as the PostgreSQL start below is (no sample data, no local sign-in providers), with npm start's node flags.
    const like = await start({ DATA_DIR: path.join(scratch, `like-${i}`) }, { npmStartFlags: true });
    likeForLike.push(like.startupMs);
    likeRss = await like.collectedRssMb();
    await like.stop();
  }
  report.startups.push({ config: 'embedded, empty DATA_DIR (first npm start)', startupMs: embedded, medianMs: median(embedded), rssMb: idleRss });
  report.startups.push({ config: 'embedded, existing DATA_DIR (next npm start)', startupMs: again, medianMs: median(again), rssMb: againRss });
  report.startups.push({ config: LIKE_FOR_LIKE, startupMs: likeForLike, medianMs: median(likeForLike), rssMb: likeRss });
  const postgres: number[] = [];
  for (let i = 0; i < runs; i++) {
    const url = await createDatabase(`cold${i}`);
    const service = await start({ DATABASE_URL: url, REDIS_URL });
    postgres.push(service.startupMs);
    idleRss = await service.collectedRssMb();
    await service.stop();
  }
  report.startups.push({ config: 'postgres + Redis, fresh database', startupMs: postgres, medianMs: median(postgres), rssMb: idleRss });
  log(`start-up: embedded ${median(embedded).toFixed(0)} ms (again ${median(again).toFixed(0)} ms), postgres ${median(postgres).toFixed(0)} ms`);
}

/** The listing at two sizes of the same shape of data (the large one seeded with generate_series). */
async function growthPhase() {
  const url = await createDatabase('growth');
  const db = await openDatabase({ url, dataDir: scratch });
  cleanups.push(() => db.close());
  const service = await start({ DATABASE_URL: url, REDIS_URL });
  for (const games of GROWTH) {
    const shape: Shape = { ...MAIN, games, hosts: Math.min(MAIN.users, Math.max(MAIN.hosts, games / 50)) };
    log(`growth: seeding ${games.toLocaleString('en-US')} games`);
    // The anonymous listing reads games, share links and reference data only: participations
    // (and bookmarks) would triple the seeding time of the large set and change nothing here.
    if (games === GROWTH[0]) await seedAll(db.db, shape, { players: false });
    else {
      await clearGames(db.db);
      await seedGames(db.db, shape, { players: false });
    }
    await db.db.execute(sql`VACUUM ANALYZE`);
    const small = games === GROWTH[0];
    await scenario(
      'b',
      'GET /api/v1/games?size=20, anonymous',
      `postgres, ${games.toLocaleString('en-US')} games`,
      { kind: 'get', url: service.url, paths: ['/api/v1/games?size=20'] },
      { pid: service.child.pid!, tag: small ? 'growth-small' : 'growth-large' },
    );
  }
  await service.stop();
}

async function cleanup() {
  for (const step of cleanups.reverse()) {
    try {
      await step();
    } catch {
      // best effort: the rest still runs
    }
  }
  cleanups.length = 0;
  rmSync(scratch, { recursive: true, force: true });
}

process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));
process.on('SIGTERM', () => void cleanup().then(() => process.exit(143)));

let failed: unknown;
try {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  report.machine.redis = /redis_version:(\S+)/.exec(await redis.info('server'))?.[1] ?? 'unknown';
  redis.disconnect();
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  report.machine.postgres = `PostgreSQL ${(await admin.query<{ v: string }>(`SELECT current_setting('server_version') AS v`)).rows[0]!.v}`;
  await admin.end();
  log(`${quick ? 'quick' : 'full'} run on ${report.machine.cores} cores; PostgreSQL at ${new URL(ADMIN_URL).host}, Redis at ${new URL(REDIS_URL).host}`);
  const phase = async (name: string, run: () => Promise<void>) => {
    if (skip.has(name)) return;
    const began = Date.now();
    await run();
    report.phaseSeconds[name] = (Date.now() - began) / 1000;
  };
  await phase('postgres', postgresPhase);
  await phase('embedded', embeddedPhase);
  await phase('startup', startupPhase);
  await phase('growth', growthPhase);
} catch (error) {
  failed = error;
} finally {
  await cleanup();
}

report.wallSeconds = (Date.now() - startedAt.getTime()) / 1000;
report.loadAverage.end = os.loadavg()[0]!;
const markdown = renderMarkdown(report);
process.stdout.write(`\n${markdown}\n`);
const resultsDir = path.join(ROOT, 'bench', 'results');
mkdirSync(resultsDir, { recursive: true });
const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
// Quick runs and failed runs are scratch (*.tmp is ignored by git); a full run is the record.
const record = !quick && !failed;
writeFileSync(path.join(resultsDir, `${stamp}${record ? '.json' : '.json.tmp'}`), `${JSON.stringify(report, null, 2)}\n`);
if (record) {
  const file = path.join(ROOT, 'BENCHMARKS.md');
  if (!existsSync(file)) writeFileSync(file, '# Benchmarks\n\nEach `npm run bench` appends a section; see docs/performance.md.\n\n');
  appendFileSync(file, `${markdown}\n`);
}
log(`done in ${(report.wallSeconds / 60).toFixed(1)} min${record ? '; BENCHMARKS.md appended' : ''}`);
if (failed) {
  process.stderr.write(`${(failed as Error).stack ?? String(failed)}\n`);
  process.exit(1);
}
