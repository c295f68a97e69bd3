import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/platform/db/index.ts';
import { SERVICE_NODE_FLAGS } from '../test/helpers/server-process.ts';
import type { LoadPlan, RoundResult } from './load.ts';
import { bumpGenerations, missPaths } from './listing-misses.ts';
import { MAIN, publicGameIds, seedAll, userIdOf, type Shape } from './seed.ts';
import { BENCH_ENV, freePort, spawnHealthy } from './service.ts';

/**
 * `node bench/profile.ts <b|b′|c|e|f> [seconds] [--full]`: where one scenario's service CPU goes. Seeds
 * (once, kept as database `bench_profile`) the bench's data at a tenth of its size — the listing is a
 * keyset read, so a page costs the same — or, with `--full`, at its size (`bench_profile_full`: (b′)
 * pages filter by date, and a tenth of the games leaves most of its pages short), starts the service on PostgreSQL + Redis under
 * `--cpu-prof`, loads it with the bench's own load generator, and prints the self time by package
 * and the hottest functions. The .cpuprofile file is kept for a closer look (Chrome DevTools).
 */

const ROOT = path.join(import.meta.dirname, '..');
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const full = process.argv.includes('--full');
const DATABASE = full ? 'bench_profile_full' : 'bench_profile';
const SHAPE: Shape = full ? MAIN : { ...MAIN, games: MAIN.games / 10, users: MAIN.users / 10, hosts: MAIN.hosts / 10 };
const args = process.argv.slice(2).filter((arg) => arg !== '--full');
const id = args[0] ?? 'b';
const seconds = Number(args[1] ?? 10);

async function database(): Promise<string> {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DATABASE}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE])).rowCount === 1;
  if (!exists) await admin.query(`CREATE DATABASE ${DATABASE}`);
  await admin.end();
  const db = await openDatabase({ url: url.toString(), dataDir: tmpdir() });
  try {
    // A database made by an earlier run keeps its games: seeding is the slow part.
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM games').finally(() => client.end());
    if (rows[0]!.n === 0) {
      await seedAll(db.db, SHAPE);
      await db.db.execute(sql`VACUUM ANALYZE`);
    }
    return url.toString();
  } finally {
    await db.close();
  }
}

/** `work` on the profile's data, through a connection of its own that is closed afterwards. */
async function withData<T>(databaseUrl: string, work: (db: Database) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ url: databaseUrl, dataDir: tmpdir() });
  return work(handle.db).finally(() => handle.close());
}

async function plan(url: string, databaseUrl: string): Promise<LoadPlan> {
  const base = { url, connections: 32, warmupSeconds: 2, rounds: 1, roundSeconds: seconds, kind: 'get' as const };
  if (id === 'b') return { ...base, paths: ['/api/v1/games?size=20'] };
  if (id === 'e') {
    const ids = await withData(databaseUrl, (db) => publicGameIds(db, 1_000));
    return { ...base, paths: ids.map((gameId) => `/api/v1/games/${gameId}`) };
  }
  if (id === 'c') {
    const viewerId = await withData(databaseUrl, (db) => userIdOf(db, 401));
    const response = await fetch(`${url}/api/v1/auth/dev/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: viewerId }),
    });
    const token = ((await response.json()) as { data: { accessToken: string } }).data.accessToken;
    return { ...base, paths: ['/api/v1/games?size=20'], headers: { authorization: `Bearer ${token}` } };
  }
  if (id === 'b′') return { ...base, paths: await missPaths(url, new Date()) };
  if (id === 'f') {
    // One refresh-token chain per connection, from users the listing scenarios do not use (as the bench does).
    const userIds = await withData(databaseUrl, (db) => Promise.all(Array.from({ length: base.connections }, (_, i) => userIdOf(db, 1_001 + i))));
    return { ...base, kind: 'refresh', userIds };
  }
  throw new Error(`unknown scenario ${id}: b, b′, c, e or f`);
}

/** Asynchronous, so that (b′)'s generation bumps keep running in this process meanwhile. */
async function load(loadPlan: LoadPlan, dir: string): Promise<RoundResult> {
  const file = path.join(dir, 'plan.json');
  writeFileSync(file, JSON.stringify(loadPlan));
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(ROOT, 'bench', 'load.ts'), file], { encoding: 'utf8' });
  return (JSON.parse(stdout) as { rounds: RoundResult[] }).rounds[0]!;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
}

/** Where a frame's code comes from: a package, a folder of ours, or the runtime. */
function origin(url: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  const ours = /\/(src|bench)\/(.*)\/[^/]+$/.exec(url);
  if (ours) return `${ours[1]}/${ours[2]}`;
  if (url.startsWith('node:')) return 'node';
  return url === '' ? '(native)' : url;
}

function summarise(file: string, responses: number) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[]; startTime: number; endTime: number };
  const total = profile.nodes.reduce((sum, node) => sum + node.hitCount, 0);
  const msPerHit = (profile.endTime - profile.startTime) / 1000 / total;
  const byOrigin = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = origin(url);
    byOrigin.set(where, (byOrigin.get(where) ?? 0) + node.hitCount);
    const name = `${functionName || '(anonymous)'} ${where}:${path.basename(url)}:${lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + node.hitCount);
  }
  const busy = total - (byOrigin.get('(native)') ?? 0);
  const top = (map: Map<string, number>, n: number) =>
    [...map.entries()]
      .sort((x, y) => y[1] - x[1])
      .slice(0, n)
      .map(([name, hits]) => `  ${((hits / total) * 100).toFixed(1).padStart(5)} %  ${((hits * msPerHit) / responses).toFixed(3)} ms/req  ${name}`);
  console.log(`samples ${total}, ${((busy * msPerHit) / responses).toFixed(3)} ms of non-idle profile per response (idle and GC are "(native)")`);
  console.log('by origin:');
  console.log(top(byOrigin, 25).join('\n'));
  console.log('hottest functions (self):');
  console.log(top(byFunction, 40).join('\n'));
}

const url = await database();
const dir = mkdtempSync(path.join(tmpdir(), 'bench-profile-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const service = await spawnHealthy(
  [...(process.env.PROFILE_FLAGS === 'dev' ? SERVICE_NODE_FLAGS : []), '--cpu-prof', `--cpu-prof-dir=${dir}`, path.join(ROOT, 'src', 'server.ts')],
  {
    env: { ...BENCH_ENV, DATABASE_URL: url, REDIS_URL, PORT: String(port), BASE_URL: base },
    cwd: dir,
    healthUrl: `${base}/api/v1/public/health`,
  },
);
// (b′): every page misses the cache, as a write would make it.
const bumper = id === 'b′' ? await openDatabase({ url, dataDir: tmpdir() }) : undefined;
const stopBumping = bumper ? bumpGenerations(bumper.db) : undefined;
try {
  const loadPlan = await plan(base, url);
  const result = await load(loadPlan, dir);
  await stopBumping?.();
  await bumper?.close();
  console.log(`(${id}): ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, non-2xx ${result.non2xx}`);
  await service.stop();
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile written:\n${service.output()}`);
  // The warm-up's responses are in the profile too.
  summarise(path.join(dir, file), result.responses * (1 + 2 / seconds));
  console.log(`profile: ${path.join(dir, file)}`);
} finally {
  await service.stop();
}
