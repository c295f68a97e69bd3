/**
 * `npm run bench:tracing-off [-- --pairs=N]`: what tracing costs when it is off. Seeds the bench's
 * data set (bench/seed.ts MAIN: 100,000 games) into a new PostgreSQL database, then runs the bench's
 * scenario (b) (GET /api/v1/games?size=20, anonymous; bench/run.ts's plan: 32 connections, 5 s
 * warm-up, 3 rounds of 5 s) against src/server.ts with OTEL_EXPORTER_OTLP_ENDPOINT unset and against
 * bench/server-untraced.ts (the same entry with no tracing code), alternating which goes first in
 * each of N pairs (default 3) so that a load change on a shared machine falls on both alike.
 * DATABASE_URL is an admin connection (default postgres@127.0.0.1:5432), REDIS_URL the store.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/platform/db/index.ts';
import { median, summarise } from './report.ts';
import { MAIN, seedAll } from './seed.ts';
import { cpuSeconds, runLoad, startService } from './service.ts';

const ROOT = path.join(import.meta.dirname, '..');
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const pairsArg = process.argv.find((arg) => arg.startsWith('--pairs='));
const PAIRS = pairsArg ? Number(pairsArg.slice(8)) : 3;
const PLAN = { connections: 32, warmupSeconds: 5, rounds: 3, roundSeconds: 5 };
const VARIANTS = {
  'tracing unset': path.join(ROOT, 'src', 'server.ts'),
  'no tracing code': path.join(ROOT, 'bench', 'server-untraced.ts'),
} as const;
type Variant = keyof typeof VARIANTS;

const scratch = mkdtempSync(path.join(tmpdir(), 'bench-tracing-off-'));
const name = `bench_${randomBytes(4).toString('hex')}_tracing`;

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

interface Run {
  variant: Variant;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  cpuMsPerRequest: number;
  load: number;
}

async function measure(variant: Variant, databaseUrl: string): Promise<Run> {
  if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) throw new Error('OTEL_EXPORTER_OTLP_ENDPOINT is set: this compares runs without it');
  const service = await startService({ DATABASE_URL: databaseUrl, REDIS_URL }, { entry: VARIANTS[variant] });
  try {
    const pid = service.child.pid!;
    const before = cpuSeconds(pid);
    const { warmup, rounds } = await runLoad({ ...PLAN, kind: 'get', url: service.url, paths: ['/api/v1/games?size=20'] }, scratch);
    const result = summarise('b', variant, 'postgres', rounds);
    const responses = rounds.reduce((sum, round) => sum + round.responses, warmup?.responses ?? 0);
    const run = {
      variant,
      requestsPerSecond: result.requestsPerSecond,
      p50: result.p50,
      p99: result.p99,
      cpuMsPerRequest: ((cpuSeconds(pid) - before) * 1000) / responses,
      load: os.loadavg()[0]!,
    };
    process.stdout.write(
      `${variant}: ${run.requestsPerSecond.toFixed(0)} req/s, p50 ${run.p50.toFixed(2)} ms, p99 ${run.p99.toFixed(2)} ms, ` +
        `service CPU ${run.cpuMsPerRequest.toFixed(3)} ms/request, load ${run.load.toFixed(1)}\n`,
    );
    return run;
  } finally {
    await service.stop();
  }
}

try {
  await admin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const seedStarted = performance.now();
  const database = await openDatabase({ url: url.toString(), dataDir: scratch });
  try {
    await seedAll(database.db, MAIN);
    await database.db.execute(sql`VACUUM ANALYZE`);
  } finally {
    await database.close();
  }
  process.stdout.write(`seeded ${MAIN.games} games in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s; load ${os.loadavg()[0]!.toFixed(1)}\n`);
  const runs: Run[] = [];
  const order = Object.keys(VARIANTS) as Variant[];
  for (let pair = 0; pair < PAIRS; pair += 1) {
    for (const variant of pair % 2 === 0 ? order : [...order].reverse()) runs.push(await measure(variant, url.toString()));
  }
  for (const variant of order) {
    const mine = runs.filter((run) => run.variant === variant);
    const of = (field: 'requestsPerSecond' | 'p50' | 'p99' | 'cpuMsPerRequest') => median(mine.map((run) => run[field]));
    process.stdout.write(
      `median of ${mine.length}, ${variant}: ${of('requestsPerSecond').toFixed(0)} req/s, p50 ${of('p50').toFixed(2)} ms, ` +
        `p99 ${of('p99').toFixed(2)} ms, service CPU ${of('cpuMsPerRequest').toFixed(3)} ms/request\n`,
    );
  }
} finally {
  await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).catch(() => undefined);
  rmSync(scratch, { recursive: true, force: true });
}
