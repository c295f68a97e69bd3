import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { HEARTBEAT_MS } from '../src/modules/notifications/notifications.stream.ts';
import { openDatabase } from '../src/platform/db/index.ts';
import { generateSigningJwk } from '../src/modules/tokens/signing-keys.ts';
import { median } from './report.ts';
import { publicGameIds, seedAll, userIdsOf } from './seed.ts';
import { cpuSeconds, createBenchDatabase, freePort, numberOption, publish, rssMb, spawnHealthy, startService, teardown, type Service } from './service.ts';
import { fileLimit, mintAll, openStreams, type Clients } from './stream-pool.ts';

/**
 * `npm run bench:streams [-- --streams 10000] [-- --fanouts 10] [-- --per-worker 2500] [-- --storm-seconds 10] [-- --topologies 1,2] [-- --cache-mb N] [-- --cpu-prof DIR] [-- --no-write]`
 * (issue #36, target 5): that many notification streams held open against one instance, then against
 * two behind bench/balancer.ts (sharing PostgreSQL and Redis), by load-generating processes of their
 * own (bench/stream-clients.ts). Measures the memory the streams take, the idle cost and the
 * heartbeats, the time from a fan-out's commit to its event on every stream, and a reconnect storm
 * (every stream dropped at once and back with Last-Event-ID within `--storm-seconds`, fan-outs
 * written meanwhile): nothing lost or sent twice, the service answering throughout.
 *
 * The fan-out: no route sends one event to thousands (a join tells the organiser; a game holds at
 * most 100), so each fan-out is the join's own notification statement, `notify_game('PLAYER_JOINED', …)`,
 * written in one transaction to every subscriber, as game_join writes it to the organiser.
 */
const STREAMS = numberOption('streams', 10_000);
const PER_WORKER = numberOption('per-worker', 2_500);
const FANOUTS = numberOption('fanouts', 10);
const STORM_MS = numberOption('storm-seconds', 10) * 1000;
const option = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
/** `--topologies 1` measures one instance only (default: one, then two behind the balancer). */
const TOPOLOGIES = (option('topologies') ?? '1,2').split(',').map(Number);
/** `--cpu-prof <dir>`: a V8 CPU profile of each service, one for the fan-outs and one for the storm, written there. */
const CPU_PROF = option('cpu-prof');
/**
 * `--cache-mb <n>`: the services' CACHE_MB (default: the service's own, 32). A sixteenth of it holds
 * checked tokens and another the access check's users: at 32 MB about 2,000 to 3,000 of each, so a
 * reconnecting stream past those checks its token's signature and reads its user again.
 */
const CACHE_MB = option('cache-mb');
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ROOT = path.join(import.meta.dirname, '..');
const TARGET_MS = 1000;

const now = () => performance.timeOrigin + performance.now();
const quantile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! : Number.NaN);
const log = (message: string) => process.stdout.write(`[streams ${((now() - startedAt.getTime()) / 1000).toFixed(0).padStart(4)} s] ${message}\n`);
const startedAt = new Date();
const scratch = mkdtempSync(path.join(tmpdir(), 'bench-streams-'));
const cleanups = teardown(scratch);

interface World {
  databaseUrl: string;
  client: pg.Client;
  gameId: string;
  userIds: string[];
}

/** One fan-out: the join's notification to every subscriber in one transaction; its clock starts as COMMIT is sent. */
async function fanOut(world: World, marker: number): Promise<{ committedAt: number; writeMs: number }> {
  await world.client.query('BEGIN');
  const began = now();
  await world.client.query(`SELECT notify_game('PLAYER_JOINED', $1::uuid, $2::uuid[], $3, 'A player joined a game you follow', now(), 0)`, [
    world.gameId,
    world.userIds,
    `Fan-out ${marker}`,
  ]);
  const committedAt = now();
  await world.client.query('COMMIT');
  return { committedAt, writeMs: committedAt - began };
}

async function prepare(): Promise<World> {
  const database = await createBenchDatabase(ADMIN_URL, `bench_${randomBytes(4).toString('hex')}_streams`);
  cleanups.add(database.drop);
  const handle = await openDatabase({ url: database.url, dataDir: scratch });
  try {
    await seedAll(handle.db, { games: 50, users: STREAMS, venues: 5, hosts: 5 });
    const [gameId] = await publicGameIds(handle.db, 1);
    const userIds = await userIdsOf(handle.db, STREAMS);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    cleanups.add(() => client.end());
    return { databaseUrl: database.url, client, gameId: gameId!, userIds };
  } finally {
    await handle.close();
  }
}

/** The instances (and, for two, as many balancer processes sharing one port as the file limit asks for): the URL the clients use. */
async function startTopology(world: World, instances: number): Promise<{ url: string; services: Service[] }> {
  const env = {
    DATABASE_URL: world.databaseUrl,
    REDIS_URL,
    // The defaults (2,000 per instance, 20 per address) are sized for a small deployment; raised, not off.
    STREAMS_MAX_PER_INSTANCE: String(STREAMS + 100),
    STREAMS_MAX_PER_ADDRESS: String(STREAMS),
    JWT_SIGNING_KEYS: JSON.stringify({ keys: [await generateSigningJwk()] }),
    ...(CACHE_MB ? { CACHE_MB } : {}),
  };
  const services: Service[] = [];
  for (let i = 0; i < instances; i++) {
    const service = await startService(env);
    cleanups.add(() => service.stop());
    services.push(service);
  }
  if (instances === 1) return { url: services[0]!.url, services };
  const port = await freePort();
  // Each stream is two sockets in a balancer (client side and instance side).
  const balancers = Math.ceil((2 * STREAMS) / Math.max(1, Math.min(fileLimit(), 1_000_000) - 1000));
  for (let i = 0; i < balancers; i++) {
    const args = [path.join(ROOT, 'bench', 'balancer.ts'), String(port), ...services.map((s) => new URL(s.url).port)];
    const balancer = await spawnHealthy(args, { env: {}, cwd: scratch, healthUrl: `http://127.0.0.1:${port}/api/v1/public/health` });
    while (!balancer.output().includes('listening')) await sleep(10);
    cleanups.add(() => balancer.stop());
  }
  return { url: `http://127.0.0.1:${port}`, services };
}

/** Every worker's arrival times of fan-out `marker`, as milliseconds after its commit (missing: not arrived in time). */
async function deliveries(workers: Clients[], marker: number, committedAt: number, timeoutMs = 60_000) {
  const replies = await Promise.all(workers.map((w) => w.ask<'arrivals'>({ op: 'await', marker, timeoutMs })));
  const times = replies.flatMap((r) => r.times);
  const arrived = times.filter((t): t is number => t !== null).map((t) => t - committedAt);
  return { latencies: arrived.sort((a, b) => a - b), missing: times.length - arrived.length };
}

/** The services' warning and error lines since `from` (their output's length then) by message: a stream that could not read is a delivery at risk. */
function serviceWarnings(services: Service[], from: number[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [i, service] of services.entries())
    for (const line of service.output().slice(from[i]).split('\n')) {
      const message = /"msg":"([^"]*)"/.exec(line)?.[1];
      if (!message || !/"level":(40|50|60)/.test(line)) continue;
      if (!counts[message]) log(`  first "${message}": ${line.slice(0, 400)}`);
      counts[message] = (counts[message] ?? 0) + 1;
    }
  return counts;
}

/** Refusals summed over the client processes, by status or, with no answer at all, the connection's error code. */
function byStatus(counts: Array<Record<string, number>>): { total: number; text: string } {
  const sum: Record<string, number> = {};
  for (const count of counts) for (const [status, n] of Object.entries(count)) sum[status] = (sum[status] ?? 0) + n;
  const total = Object.values(sum).reduce((a, b) => a + b, 0);
  const text = Object.entries(sum)
    .map(([status, n]) => `${n}× ${status}`)
    .join(', ');
  return { total, text: total === 0 ? '0' : text };
}

/** Profiles the services (through their inspectors) until the answer is called; writes `<phase>-<instances>-<i>.cpuprofile` into CPU_PROF. */
async function profile(services: Service[], phase: string): Promise<() => Promise<void>> {
  if (!CPU_PROF) return async () => undefined;
  const sessions = await Promise.all(
    services.map(async (service) => {
      const url = /Debugger listening on (ws:\/\/\S+)/.exec(service.output())?.[1];
      const socket = new WebSocket(url!);
      await new Promise((resolve) => socket.addEventListener('open', resolve, { once: true }));
      let next = 0;
      const pending = new Map<number, (result: Record<string, unknown>) => void>();
      socket.addEventListener('message', (event) => {
        const message = JSON.parse(String(event.data)) as { id?: number; result?: Record<string, unknown> };
        if (message.id !== undefined) pending.get(message.id)?.(message.result ?? {});
      });
      const call = (method: string) =>
        new Promise<Record<string, unknown>>((resolve) => {
          pending.set(++next, resolve);
          socket.send(JSON.stringify({ id: next, method }));
        });
      await call('Profiler.enable');
      await call('Profiler.start');
      return { socket, call };
    }),
  );
  return async () => {
    for (const [i, { socket, call }] of sessions.entries()) {
      const { profile: taken } = await call('Profiler.stop');
      writeFileSync(path.join(CPU_PROF, `${phase}-${services.length}-${i}.cpuprofile`), JSON.stringify(taken));
      socket.close();
    }
  };
}

const sumOver = (services: Service[], measure: (pid: number) => number) => services.reduce((sum, s) => sum + measure(s.child.pid!), 0);

/** Health answers during the storm: the slowest and the ones that were not 200. */
function probeHealth(url: string) {
  const seen = { probes: 0, failed: 0, slowestMs: 0 };
  let running = true;
  const done = (async () => {
    while (running) {
      const began = now();
      const status = await fetch(`${url}/api/v1/public/health`, { signal: AbortSignal.timeout(10_000) }).then(
        (r) => r.status,
        () => 0,
      );
      seen.probes++;
      if (status !== 200) seen.failed++;
      seen.slowestMs = Math.max(seen.slowestMs, now() - began);
      await sleep(250);
    }
  })();
  return async () => {
    running = false;
    await done;
    return seen;
  };
}

async function topology(world: World, instances: number) {
  log(`${instances} instance${instances > 1 ? 's' : ''}: starting`);
  const { url, services } = await startTopology(world, instances);
  // Start-up's own warnings (development keys and the like) are not the streams'.
  const logFrom = services.map((s) => s.output().length);
  const subscribers = await mintAll(url, world.userIds);
  const rssBefore = sumOver(services, rssMb);
  const { workers, opened } = await openStreams(url, subscribers, PER_WORKER, instances);
  cleanups.add(() => workers.forEach((w) => w.kill()));
  const openMs = Math.max(...opened.map((o) => o.ms));
  log(`  ${STREAMS} streams open in ${(openMs / 1000).toFixed(1)} s`);

  // Idle for a heartbeat and a bit: what holding the streams costs, and that every one of them beats.
  const idleFrom = now();
  const cpuIdle = sumOver(services, cpuSeconds);
  await sleep(HEARTBEAT_MS + 2000);
  const idleSeconds = (now() - idleFrom) / 1000;
  const idleCpu = (sumOver(services, cpuSeconds) - cpuIdle) / idleSeconds;
  const beats = await Promise.all(workers.map((w) => w.ask<'heartbeats'>({ op: 'heartbeats', since: idleFrom })));
  const rssAfter = sumOver(services, rssMb);
  log(`  memory ${rssBefore.toFixed(0)} → ${rssAfter.toFixed(0)} MB; idle CPU ${(idleCpu * 100).toFixed(1)} % of a core`);

  const fanOutsProfiled = await profile(services, 'fan-outs');
  const lasts: number[] = [];
  const all: number[] = [];
  const writes: number[] = [];
  let missing = 0;
  for (let marker = 1; marker <= FANOUTS; marker++) {
    const { committedAt, writeMs } = await fanOut(world, marker);
    const got = await deliveries(workers, marker, committedAt);
    lasts.push(got.latencies.at(-1) ?? Number.NaN);
    all.push(...got.latencies);
    writes.push(writeMs);
    missing += got.missing;
    log(`  fan-out ${marker}: last of ${got.latencies.length} after ${got.latencies.at(-1)?.toFixed(0)} ms (written in ${writeMs.toFixed(0)} ms)`);
    await sleep(1000);
  }

  await fanOutsProfiled();
  const stormProfiled = await profile(services, 'storm');
  // The storm: every stream dropped at once and back within STORM_MS with Last-Event-ID; two fan-outs written meanwhile.
  const health = probeHealth(url);
  const storm = Promise.all(workers.map((w) => w.ask<'reconnected'>({ op: 'reconnect', withinMs: STORM_MS })));
  await sleep(500);
  const during = await fanOut(world, FANOUTS + 1);
  await sleep(STORM_MS / 2);
  const late = await fanOut(world, FANOUTS + 2);
  const reconnected = await storm;
  await stormProfiled();
  const afterStorm = [await deliveries(workers, FANOUTS + 1, during.committedAt), await deliveries(workers, FANOUTS + 2, late.committedAt)];
  const probes = await health();
  const markers = Array.from({ length: FANOUTS + 2 }, (_, i) => i + 1);
  const tallies = await Promise.all(workers.map((w) => w.ask<'tally'>({ op: 'tally', markers })));
  const alive = services.every((s) => s.child.exitCode === null && s.child.signalCode === null);
  const healthAfter = await fetch(`${url}/api/v1/public/health`).then(
    (r) => r.status,
    () => 0,
  );
  const refusedInStorm = byStatus(reconnected.map((r) => r.refused));
  const stormWaits = reconnected.flatMap((r) => r.waits).sort((a, b) => a - b);
  log(
    `  storm: ${reconnected.reduce((s, r) => s + r.ok, 0)} back in ${(Math.max(...reconnected.map((r) => r.ms)) / 1000).toFixed(1)} s; health ${healthAfter}`,
  );

  await Promise.all(workers.map((w) => w.ask<'closed'>({ op: 'close' })));
  for (const service of services) await service.stop();
  const warnings = serviceWarnings(services, logFrom);
  if (Object.keys(warnings).length > 0) log(`  service warnings: ${JSON.stringify(warnings)}`);
  all.sort((a, b) => a - b);
  lasts.sort((a, b) => a - b);
  return {
    instances,
    openSeconds: openMs / 1000,
    refusedOnOpen: byStatus(opened.map((o) => o.refused)),
    rssBefore,
    rssAfter,
    mbPerThousand: (rssAfter - rssBefore) / (STREAMS / 1000),
    idleCpu,
    streamsWithBeat: beats.reduce((sum, b) => sum + b.withBeat, 0),
    idleSeconds,
    writeMs: median(writes),
    lastP50: quantile(lasts, 0.5),
    lastP99: quantile(lasts, 0.99),
    deliveryP50: quantile(all, 0.5),
    deliveryP99: quantile(all, 0.99),
    missing,
    stormSeconds: Math.max(...reconnected.map((r) => r.ms)) / 1000,
    refusedInStorm,
    stormWaitP50: quantile(stormWaits, 0.5),
    stormWaitP99: quantile(stormWaits, 0.99),
    lostInStorm: afterStorm.reduce((sum, d) => sum + d.missing, 0),
    duplicates: tallies.reduce((sum, t) => sum + t.duplicates, 0),
    endedByServer: tallies.reduce((sum, t) => sum + t.endedByServer, 0),
    probes,
    warnings: Object.values(warnings).reduce((a, b) => a + b, 0),
    healthy: alive && healthAfter === 200,
  };
}

type Result = Awaited<ReturnType<typeof topology>>;

function markdown(results: Result[], load: number): string {
  const n = STREAMS.toLocaleString('en');
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  const row = (label: string, cell: (r: Result) => string) => `| ${label} | ${results.map(cell).join(' | ')} |`;
  const met = (r: Result) => (r.lastP99 <= TARGET_MS && r.missing === 0 ? 'yes' : '**no**');
  return [
    '',
    `## Live streams at scale (${n} streams) — ${startedAt.toISOString()}`,
    '',
    `\`npm run bench:streams -- --streams ${STREAMS} --fanouts ${FANOUTS} --storm-seconds ${STORM_MS / 1000}\` (issue #36, target 5): ${n} notification streams, one user each, held by ${Math.ceil(STREAMS / PER_WORKER)} client processes of plain \`http\` requests (one socket per stream, a loopback source address per process), against one instance and then two behind the round-robin balancer, on PostgreSQL + Redis.`,
    `A fan-out is the join's notification statement (\`notify_game('PLAYER_JOINED', …)\`) to all ${n} in one transaction (no route fans one join out that far); delivery is from the moment its COMMIT is sent to the event's arrival on each stream. The storm drops every stream at once and brings each back with \`Last-Event-ID\` at a random moment within ${STORM_MS / 1000} s, with two fan-outs written meanwhile.`,
    `${CACHE_MB ? `CACHE_MB=${CACHE_MB} (the default is 32). ` : ''}Node ${process.version} on ${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? 'unknown'}), one-minute load average ${load.toFixed(2)} at the start; the clients, the balancer, PostgreSQL and Redis share the machine with the service.`,
    '',
    `| | ${results.map((r) => (r.instances === 1 ? 'one instance' : `${r.instances} instances, balancer`)).join(' | ')} |`,
    `|---|${results.map(() => '--:').join('|')}|`,
    row('streams opened (refusals retried)', (r) => `${n} in ${r.openSeconds.toFixed(1)} s (${r.refusedOnOpen.text})`),
    row('service memory, before → with the streams', (r) => `${r.rssBefore.toFixed(0)} → ${r.rssAfter.toFixed(0)} MB`),
    row('memory per 1,000 streams', (r) => `${r.mbPerThousand.toFixed(1)} MB`),
    row(`idle CPU with the streams open (${HEARTBEAT_MS / 1000} s heartbeats)`, (r) => `${(r.idleCpu * 100).toFixed(1)} % of a core`),
    row(`streams that got a heartbeat in ${results[0]?.idleSeconds.toFixed(0)} s idle`, (r) => r.streamsWithBeat.toLocaleString('en')),
    row(`fan-out statement (${n} rows written), median`, (r) => ms(r.writeMs)),
    row(`commit → last of ${n} streams, p50 over ${FANOUTS} fan-outs`, (r) => ms(r.lastP50)),
    row(`commit → last of ${n} streams, p99`, (r) => ms(r.lastP99)),
    row('commit → each stream, p50 / p99', (r) => `${ms(r.deliveryP50)} / ${ms(r.deliveryP99)}`),
    row('events not delivered within 60 s', (r) => String(r.missing)),
    row('storm: all back within', (r) => `${r.stormSeconds.toFixed(1)} s (refused: ${r.refusedInStorm.text})`),
    row('storm: each stream from its moment to its answer, p50 / p99', (r) => `${ms(r.stormWaitP50)} / ${ms(r.stormWaitP99)}`),
    row('storm: events lost / sent twice', (r) => `${r.lostInStorm} / ${r.duplicates}`),
    row('storm: health probes failed, slowest', (r) => `${r.probes.failed} of ${r.probes.probes}, ${ms(r.probes.slowestMs)}`),
    row('streams ended by the service', (r) => String(r.endedByServer)),
    row('service warnings and errors logged', (r) => String(r.warnings)),
    row('healthy after', (r) => (r.healthy ? 'yes' : '**no**')),
    row(`target: last delivery p99 ≤ ${TARGET_MS} ms, none lost`, met),
    '',
    '',
  ].join('\n');
}

const load = os.loadavg()[0]!;
if (fileLimit() < STREAMS + 1000) throw new Error(`one instance holds ${STREAMS} sockets, but the hard limit on open files is ${fileLimit()}: lower --streams`);
try {
  const world = await prepare();
  const results: Result[] = [];
  for (const instances of TOPOLOGIES) results.push(await topology(world, instances));
  const text = markdown(results, load);
  publish(text);
  log(`done in ${((now() - startedAt.getTime()) / 60_000).toFixed(1)} min`);
} finally {
  await cleanups.run();
}
