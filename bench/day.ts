import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { Redis } from 'ioredis';
import { PrivateRedis } from '../reliability/harness/redis.ts';
import { openDatabase } from '../src/platform/db/index.ts';
import { ANONYMOUS_SCREENS, SIGNED_IN_SCREENS, type DayPlan } from './day-mix.ts';
import { activityIds, joinPairs, publicGameIds, seedAll, userIdsOf } from './seed.ts';
import type { CallTail } from './load.ts';
import { cpuSeconds, createBenchDatabase, numberOption, publish, runLoad, startService, teardown } from './service.ts';
import { mintAll, openStreams } from './stream-pool.ts';

/**
 * `npm run bench:day [-- --games 100000] [-- --step-seconds 20] [-- --start-rate 100] [-- --factor 1.5] [-- --streams 200] [-- --no-write]`
 * (issue #36, target 6): the web app's traffic (bench/day-mix.ts: anonymous and signed-in visitors
 * going through its screens, joins and leaves, notification reads, token refreshes) against one
 * instance on PostgreSQL and a Redis of its own, with `--streams` notification streams open, at a
 * fixed rate that rises step by step until p99 passes 100 ms (or the rate is no longer reached).
 * Each step samples the CPU time of the service, of the PostgreSQL backends serving its database
 * and of the Redis server (/proc/<pid>/stat), to say which part saturates first.
 */
const GAMES = numberOption('games', 100_000);
const STEP_SECONDS = numberOption('step-seconds', 20);
const START_RATE = numberOption('start-rate', 100);
const FACTOR = numberOption('factor', 1.5);
const STREAMS = numberOption('streams', 200);
const CONNECTIONS = numberOption('connections', 64);
const MAX_STEPS = numberOption('max-steps', 16);
const P99_LIMIT_MS = 100;
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Half the visitors are signed in. */
const ANONYMOUS = Math.floor(CONNECTIONS / 2);

const startedAt = new Date();
const log = (message: string) => process.stdout.write(`[day ${((Date.now() - startedAt.getTime()) / 1000).toFixed(0).padStart(4)} s] ${message}\n`);
const scratch = mkdtempSync(path.join(tmpdir(), 'bench-day-'));
const cleanups = teardown(scratch);

interface World {
  url: string;
  name: string;
  listings: string[];
  gameIds: string[];
  pairs: Array<{ userId: string; gameId: string }>;
  streamUsers: string[];
}

/** The Find screen's listings: mostly the first page as it opens, else a day of the next two weeks or one activity. */
function listingPaths(activityIds: string[]): string[] {
  const plain = '/api/v1/games?size=20';
  const days = Array.from({ length: 14 }, (_, i) => new Date(Date.now() + i * 86_400_000).toISOString().slice(0, 10));
  return [
    ...Array.from({ length: 14 }, () => plain),
    ...days.map((day) => `${plain}&fromDate=${day}&toDate=${day}`),
    ...activityIds.map((id) => `${plain}&activityId=${id}`),
  ];
}

async function prepare(): Promise<World> {
  const name = `bench_${randomBytes(4).toString('hex')}_day`;
  const database = await createBenchDatabase(ADMIN_URL, name);
  cleanups.add(database.drop);
  const handle = await openDatabase({ url: database.url, dataDir: scratch });
  try {
    log(`seeding ${GAMES.toLocaleString('en')} games`);
    const users = Math.max(1000, GAMES / 5);
    await seedAll(handle.db, { games: GAMES, users, venues: Math.min(500, Math.max(10, GAMES / 200)), hosts: Math.max(50, GAMES / 25) });
    await handle.db.execute(sql`VACUUM ANALYZE`);
    return {
      url: database.url,
      name,
      listings: listingPaths(await activityIds(handle.db)),
      gameIds: await publicGameIds(handle.db, 1000),
      // A fresh (user, game) pair per signed-in connection and step: a step may end between a join and its leave.
      pairs: await joinPairs(handle.db, (CONNECTIONS - ANONYMOUS) * (MAX_STEPS + 1)),
      // Users 1… host games: their streams get the joins' notifications.
      streamUsers: await userIdsOf(handle.db, STREAMS),
    };
  } finally {
    await handle.close();
  }
}

/** Busy and total jiffies of the whole machine (/proc/stat), for context: other work shows here. */
function machineJiffies(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  return { busy: total - fields[3]! - fields[4]!, total };
}

/** CPU seconds of the PostgreSQL backends serving the bench database (its pool and its listener), by pid. */
async function postgresCpu(admin: pg.Client, name: string): Promise<Map<number, number>> {
  const { rows } = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      cpu.set(pid, cpuSeconds(pid));
    } catch {
      // ended between the query and the read
    }
  }
  return cpu;
}

interface Sample {
  service: number;
  postgres: Map<number, number>;
  redis: number;
  machine: { busy: number; total: number };
}

interface Step {
  rate: number;
  achieved: number;
  p50: number;
  p99: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  calls: CallTail[];
  serviceMsPerRequest: number;
  /** Cores each part kept busy at the achieved rate (CPU per request × rate). */
  cores: { service: number; postgres: number; redis: number };
  machineBusy: number;
}

function difference(before: Sample, after: Sample, responses: number, achieved: number): Pick<Step, 'serviceMsPerRequest' | 'cores' | 'machineBusy'> {
  let postgres = 0;
  for (const [pid, seconds] of after.postgres) postgres += seconds - (before.postgres.get(pid) ?? 0);
  const perRequest = (seconds: number) => seconds / Math.max(1, responses);
  return {
    serviceMsPerRequest: perRequest(after.service - before.service) * 1000,
    cores: {
      service: perRequest(after.service - before.service) * achieved,
      postgres: perRequest(postgres) * achieved,
      redis: perRequest(after.redis - before.redis) * achieved,
    },
    machineBusy: (after.machine.busy - before.machine.busy) / Math.max(1, after.machine.total - before.machine.total),
  };
}

/**
 * What runs out first: the service and Redis are one thread each, PostgreSQL has the machine's cores.
 * When none of them is near its limit but the machine is, the cores ran out (other processes included).
 */
function saturated(step: Step): string {
  const shares = [
    { part: 'the service process (one core)', share: step.cores.service },
    { part: `PostgreSQL (${os.availableParallelism()} cores)`, share: step.cores.postgres / os.availableParallelism() },
    { part: 'Redis (one core)', share: step.cores.redis },
  ].sort((a, b) => b.share - a.share);
  const top = `${shares[0]!.part}, at ${(shares[0]!.share * 100).toFixed(0)} % of what it has`;
  if (shares[0]!.share < 0.8 && step.machineBusy >= 0.9)
    return `the machine's cores (${(step.machineBusy * 100).toFixed(0)} % busy, the load generator and other processes included); the busiest part was ${top}`;
  return top;
}

async function run(world: World) {
  const redis = await PrivateRedis.start();
  cleanups.add(() => redis.stop());
  const info = new Redis(redis.url);
  const redisPid = Number(/process_id:(\d+)/.exec(await info.info('server'))![1]);
  info.disconnect();
  const service = await startService({ DATABASE_URL: world.url, REDIS_URL: redis.url, STREAMS_MAX_PER_ADDRESS: String(STREAMS) });
  cleanups.add(() => service.stop());
  const { workers } = await openStreams(service.url, await mintAll(service.url, world.streamUsers), 2500, 9);
  cleanups.add(() => workers.forEach((w) => w.kill()));
  log(`service up, ${STREAMS} streams open`);
  const admin = new pg.Client({ connectionString: world.url });
  await admin.connect();
  cleanups.add(() => admin.end());
  const sample = async (): Promise<Sample> => ({
    service: cpuSeconds(service.child.pid!),
    postgres: await postgresCpu(admin, world.name),
    redis: cpuSeconds(redisPid),
    machine: machineJiffies(),
  });
  const steps: Step[] = [];
  const signedIn = CONNECTIONS - ANONYMOUS;
  // Each step's visitors join and leave games of their own: slice `i` of the pairs (the last is the warm-up's).
  const runStep = (i: number, rate: number) => {
    const day: DayPlan = {
      anonymous: ANONYMOUS,
      listings: world.listings,
      gameIds: world.gameIds,
      sessions: world.pairs.slice(i * signedIn, (i + 1) * signedIn),
    };
    return runLoad(
      { kind: 'day', url: service.url, connections: CONNECTIONS, warmupSeconds: 0, rounds: 1, roundSeconds: STEP_SECONDS, overallRate: rate, day },
      scratch,
    );
  };
  // Not reported: a new process's first requests compile code and fill its caches.
  log(`warm-up: ${START_RATE} req/s for ${STEP_SECONDS} s`);
  await runStep(MAX_STEPS, START_RATE);
  for (let i = 0; i < MAX_STEPS; i++) {
    const rate = Math.round(START_RATE * FACTOR ** i);
    const before = await sample();
    const { rounds } = await runStep(i, rate);
    const round = rounds[0]!;
    const step: Step = {
      rate,
      achieved: round.requestsPerSecond,
      p50: round.p50,
      p99: round.p99,
      non2xx: round.non2xx,
      statusCodes: round.statusCodes,
      calls: round.calls ?? [],
      ...difference(before, await sample(), round.responses, round.requestsPerSecond),
    };
    steps.push(step);
    log(
      `${rate} req/s asked: ${step.achieved.toFixed(0)} done, p50 ${step.p50.toFixed(1)} ms, p99 ${step.p99.toFixed(1)} ms, non-2xx ${step.non2xx}; ` +
        `cores: service ${step.cores.service.toFixed(2)}, PostgreSQL ${step.cores.postgres.toFixed(2)}, Redis ${step.cores.redis.toFixed(2)}; machine ${(step.machineBusy * 100).toFixed(0)} % busy`,
    );
    if (step.non2xx > 0) log(`  status codes: ${JSON.stringify(step.statusCodes)}`);
    if (step.p99 > P99_LIMIT_MS || step.achieved < 0.9 * rate) break;
  }
  await Promise.all(workers.map((w) => w.ask<'closed'>({ op: 'close' })));
  return steps;
}

function markdown(steps: Step[], loadAverage: number): string {
  const ok = steps.filter((s) => s.p99 <= P99_LIMIT_MS && s.achieved >= 0.9 * s.rate);
  const sustained = ok.at(-1);
  const breaking = steps.find((s) => !ok.includes(s)) ?? steps.at(-1)!;
  const share = (screens: readonly string[]) => screens.join(' → ');
  const pct = (v: number) => `${(v * 100).toFixed(0)} %`;
  return [
    '',
    `## A realistic day (one instance) — ${startedAt.toISOString()}`,
    '',
    `\`npm run bench:day -- --games ${GAMES} --step-seconds ${STEP_SECONDS} --start-rate ${START_RATE} --factor ${FACTOR} --streams ${STREAMS}\` (issue #36, target 6): ${CONNECTIONS} visitors (a keep-alive connection each) sent requests at an even pace, open loop (bench/paced.ts: latency counts from the moment a request was due), ${ANONYMOUS} anonymous visitors looping ${share(ANONYMOUS_SCREENS)} and ${CONNECTIONS - ANONYMOUS} signed-in ones looping ${share(SIGNED_IN_SCREENS)}, each screen making the calls the web app makes (bench/day-mix.ts); ${STREAMS} notification streams of hosts open meanwhile. The rate rises ×${FACTOR} every ${STEP_SECONDS} s from ${START_RATE} requests/s until p99 passes ${P99_LIMIT_MS} ms or the rate is not reached.`,
    `PostgreSQL + a Redis of the bench's own; ${GAMES.toLocaleString('en')} games. CPU is per request from /proc/<pid>/stat (the service; the PostgreSQL backends of the bench database; the Redis server), times the rate done: cores kept busy. Node ${process.version} on ${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? 'unknown'}), one-minute load average ${loadAverage.toFixed(2)} at the start.`,
    '',
    '| Asked, req/s | Done, req/s | p50 | p99 | Non-2xx | Service CPU per request | Service, cores | PostgreSQL, cores | Redis, cores | Machine busy |',
    '|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...steps.map(
      (s) =>
        `| ${s.rate} | ${s.achieved.toFixed(0)} | ${s.p50.toFixed(1)} ms | ${s.p99.toFixed(1)} ms | ${s.non2xx} | ${s.serviceMsPerRequest.toFixed(2)} ms | ${s.cores.service.toFixed(2)} | ${s.cores.postgres.toFixed(2)} | ${s.cores.redis.toFixed(2)} | ${pct(s.machineBusy)} |`,
    ),
    '',
    sustained
      ? `Sustainable: **${sustained.achieved.toFixed(0)} requests/s** with p99 ${sustained.p99.toFixed(1)} ms; per core of the service ${(1000 / sustained.serviceMsPerRequest).toFixed(0)} requests/s (its CPU per request), per core of service, PostgreSQL and Redis together ${(sustained.achieved / (sustained.cores.service + sustained.cores.postgres + sustained.cores.redis)).toFixed(0)} requests/s.`
      : `No step kept p99 within ${P99_LIMIT_MS} ms: start lower (\`--start-rate\`).`,
    `Saturates first: ${saturated(breaking)} at the step that broke (${breaking.rate} asked, p99 ${breaking.p99.toFixed(1)} ms).`,
    '',
    `At that step, by kind of call (ids left out): which made the requests slower than its p99.`,
    '',
    '| Call | Requests | p50 | p99 | Of the slowest 1 % |',
    '|---|--:|--:|--:|--:|',
    ...breaking.calls.map((c) => `| \`${c.call}\` | ${c.count} | ${c.p50.toFixed(1)} ms | ${c.p99.toFixed(1)} ms | ${c.slowest} |`),
    '',
    '',
  ].join('\n');
}

const loadAverage = os.loadavg()[0]!;
try {
  const steps = await run(await prepare());
  const text = markdown(steps, loadAverage);
  publish(text);
  log(`done in ${((Date.now() - startedAt.getTime()) / 60_000).toFixed(1)} min`);
} finally {
  await cleanups.run();
}
