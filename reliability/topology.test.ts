import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { assertNothingLost, checkData } from './harness/checks.ts';
import { startEnvironment, type Environment } from './harness/environment.ts';
import { createFixtures } from './harness/fixtures.ts';
import { Ledger, LoadDriver, recheckUsedTokens } from './harness/load.ts';
import { PrivatePgBouncer } from '../test/helpers/pgbouncer.ts';
import { PostgresCluster } from './harness/postgres.ts';
import { PrivateRedisCluster, PrivateRedisSentinel } from './harness/redis-topology.ts';
import { judge, Recorder, type FaultWindow } from './harness/stats.ts';
import { reliabilityMode, writePartReport } from './report.ts';

/**
 * The faults-under-load checks (no acknowledged join lost, no game over its slots, no refresh
 * token usable twice) where production runs: through PgBouncer in transaction mode, on a 3-master
 * Redis Cluster, and across a Sentinel failover. Every topology is private to the run (its own
 * processes and folders on free loopback ports); PostgreSQL itself is never restarted here.
 */

const mode = reliabilityMode();
const GRACE_MS = 10_000;
const VUS = 20;
/** Start-up takes seconds on a quiet machine and far longer on a loaded one; the checks are about what happens after. */
const START_WITHIN_MS = 180_000;
const PLAN = mode === 'short' ? { warmupMs: 5_000, observeMs: 8_000 } : { warmupMs: 8_000, observeMs: 12_000 };

interface Fault {
  name: string;
  /** Runs the fault and resolves when the infrastructure is back. */
  run(env: Environment): Promise<{ killed?: string; nodeBack?: () => Promise<void> }>;
}

const killInstance = (index: number, downMs: number): Fault => ({
  name: `kill -9 of an instance (back after ${downMs / 1000} s)`,
  run: async (env) => {
    const victim = env.instances[index]!;
    await victim.kill9();
    return {
      killed: victim.name,
      nodeBack: async () => {
        await sleep(downMs);
        await victim.start(START_WITHIN_MS);
      },
    };
  },
});

const facts: Record<string, string | number | boolean> = {};
const notes: string[] = [
  "Tolerated, as in the faults part: 503 problem details from a fault's start until 10 s after its end; connection errors only " +
    'from a SIGKILLed instance until it answers health again.',
  'PgBouncer: Debian 1.18, pool_mode = transaction, 20 server connections; the service gets DATABASE_URL through it and ' +
    'DATABASE_DIRECT_URL straight to PostgreSQL (LISTEN, the migration lock), so statements go unnamed.',
  'Redis Cluster: three masters, no replicas (redis-cli --cluster create); a master restart is SHUTDOWN SAVE and a new process ' +
    'on the same port and node table, its slots unavailable meanwhile.',
  'Sentinel: a primary, one replica, three Sentinels (quorum 2, down-after 1 s); the failover is a kill -9 of the primary; it ' +
    'comes back after 3 s and the Sentinels make it the new primary’s replica. The fault ends when the new primary has a replica ' +
    'again: until then writes that must survive a failover (WAIT 1) answer 503.',
];
let allPassed = true;

function report(passed: boolean) {
  allPassed &&= passed;
  writePartReport({ part: 'topology', title: 'Topologies: PgBouncer, Redis Cluster, Sentinel failover', passed: allPassed, facts, notes });
}

async function underLoad(label: string, env: Environment, faults: Fault[]): Promise<void> {
  const started = Date.now();
  let passed = false;
  try {
    const fixtures = await createFixtures(env.instances[0]!.base, { games: 10, slots: 3, players: VUS });
    const recorder = new Recorder();
    const ledger = new Ledger();
    const driver = new LoadDriver({ router: env.router, recorder, ledger, fixtures }, { vus: VUS, thinkMs: [40, 160] });
    const windows: FaultWindow[] = [];
    driver.start();
    try {
      await sleep(PLAN.warmupMs);
      for (const fault of faults) {
        console.log(`# ${new Date().toISOString()} ${label}: ${fault.name}`);
        const start = recorder.now();
        const outcome = await fault.run(env);
        const window: FaultWindow = { name: fault.name, start, end: recorder.now(), observedUntil: 0, ...(outcome.killed ? { killed: outcome.killed } : {}) };
        if (outcome.nodeBack) {
          await outcome.nodeBack();
          window.nodeBack = recorder.now();
        }
        await sleep(PLAN.observeMs);
        window.observedUntil = recorder.now();
        windows.push(window);
      }
    } finally {
      await driver.stop();
    }
    const seconds = recorder.now() / 1000;
    const tokens = await recheckUsedTokens(env.router, ledger);
    const data = await checkData(env.pg, env.database.name, ledger);
    const { failures, verdicts } = judge(recorder, windows, GRACE_MS);
    const summary = recorder.summary();
    Object.assign(facts, {
      [`${label}: requests / throughput (req/s)`]: `${summary.sent} / ${(summary.sent / seconds).toFixed(0)}`,
      [`${label}: 503 problem details / other 5xx / failures`]: `${summary['503 problem details']} / ${summary['other 5xx']} / ${failures.length}`,
      [`${label}: joins 201 / verified in the database`]: `${ledger.joins201} / ${data.joinedPairs - data.missingJoins} of ${data.joinedPairs}`,
      [`${label}: games over their slots / counter mismatches`]: `${data.slotViolations} / ${data.counterMismatches}`,
      [`${label}: refresh rotations / used twice / usable again after the run`]: `${ledger.refreshes200} / ${ledger.doubleSpends} / ${tokens.reusable} of ${tokens.checked}`,
      [`${label}: latency p50 / p99 (ms)`]: `${summary['latency p50 ms']} / ${summary['latency p99 ms']}`,
    });
    for (const verdict of verdicts) {
      facts[`${label}: ${verdict.name}: duration / recovery (ms)`] =
        `${verdict.durationMs} / ${verdict.recoveryMs} (503 during ${verdict.unavailableDuring}, after ${verdict.unavailableAfter})`;
    }
    facts[`${label}: wall time (s)`] = ((Date.now() - started) / 1000).toFixed(0);
    for (const failure of failures.slice(0, 5)) {
      notes.push(
        `${label} failure at ${(failure.t / 1000).toFixed(1)} s: ${failure.op} on ${failure.node} → ${failure.status ?? failure.outcome} ${failure.code ?? ''}`,
      );
    }
    notes.push(...data.details.slice(0, 5).map((detail) => `${label}: ${detail}`));

    assertNothingLost({ failures, verdicts }, data, ledger, tokens);
    passed = true;
  } catch (error) {
    for (const instance of env.instances) notes.push(`${label} ${instance.name} output (tail): ${instance.output().slice(-1500).replace(/\n/g, ' | ')}`);
    throw error;
  } finally {
    for (const [key, value] of Object.entries(facts)) if (key.startsWith(label)) console.log(`# ${key}: ${value}`);
    report(passed);
    await env.close();
  }
}

test('through PgBouncer in transaction mode: PgBouncer restart and kill -9 of an instance under load', async () => {
  let bouncer: PrivatePgBouncer | undefined;
  const env = await startEnvironment({
    startWithinMs: START_WITHIN_MS,
    topology: async (database) => {
      bouncer = await PrivatePgBouncer.start({ pgPort: new PostgresCluster().port });
      return { env: { DATABASE_URL: bouncer.url(database.name), DATABASE_DIRECT_URL: database.url }, close: () => bouncer!.close() };
    },
  });
  await underLoad('PgBouncer', env, [
    {
      name: 'PgBouncer restart (kill -9, down 2 s)',
      run: async () => {
        await bouncer!.restart(2000);
        return {};
      },
    },
    killInstance(1, 2000),
  ]);
});

test('on a 3-master Redis Cluster: a master restart and kill -9 of an instance under load', async () => {
  let cluster: PrivateRedisCluster | undefined;
  const env = await startEnvironment({
    startWithinMs: START_WITHIN_MS,
    topology: async () => {
      cluster = await PrivateRedisCluster.start(3);
      return { env: { REDIS_URL: cluster.url }, close: () => cluster!.stop() };
    },
  });
  await underLoad('Redis Cluster', env, [
    {
      name: 'restart of one Cluster master (down 2 s)',
      run: async () => {
        await cluster!.restartMaster(1, 2000);
        return {};
      },
    },
    killInstance(0, 2000),
  ]);
});

test('on Redis Sentinel: failover of the primary (kill -9) under load', async () => {
  let sentinel: PrivateRedisSentinel | undefined;
  const env = await startEnvironment({
    startWithinMs: START_WITHIN_MS,
    topology: async () => {
      sentinel = await PrivateRedisSentinel.start();
      return { env: { REDIS_URL: sentinel.url }, close: () => sentinel!.stop() };
    },
  });
  await underLoad('Sentinel', env, [
    {
      name: 'Sentinel failover (kill -9 of the primary, back as a replica after 3 s)',
      run: async () => {
        const { from, to } = await sentinel!.failover(3000);
        facts['Sentinel: primary before / after the failover (port)'] = `${from} / ${to}`;
        return {};
      },
    },
  ]);
});
