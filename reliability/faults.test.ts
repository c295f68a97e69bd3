import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { startFakeFcm } from '../test/helpers/fake-fcm.ts';
import { checkData } from './harness/checks.ts';
import { startEnvironment, type Environment } from './harness/environment.ts';
import { createFixtures } from './harness/fixtures.ts';
import { Ledger, LoadDriver, recheckUsedTokens } from './harness/load.ts';
import { checkPushes } from './harness/pushes.ts';
import { transportStats } from './harness/http.ts';
import { judge, Recorder, type FaultWindow } from './harness/stats.ts';
import { reliabilityMode, writePartReport } from './report.ts';

/**
 * Faults under load: two instances, 50 virtual users, and while they run: Redis restarted,
 * PostgreSQL restarted (pg_ctlcluster … restart), one instance killed with SIGKILL. During a fault
 * only 503 problem details may fail; 10 s after it everything succeeds again; afterwards the
 * database holds every acknowledged join, no game is overfilled and no refresh token works twice,
 * and every notification written shows exactly once on each of its recipient's devices (the fake
 * FCM models the screens: none lost, none shown twice; messages sent again are counted apart).
 */

type Fault =
  | { kind: 'redis-restart'; downMs: number }
  | { kind: 'pg-restart' }
  | { kind: 'pg-outage'; downMs: number }
  | { kind: 'kill'; instance: number; restartAfterMs: number };

const mode = reliabilityMode();
const GRACE_MS = 10_000;
const PLAN =
  mode === 'short'
    ? {
        warmupMs: 8_000,
        observeMs: 12_000,
        games: 10,
        slots: 3,
        faults: [{ kind: 'redis-restart', downMs: 2_000 }, { kind: 'pg-restart' }, { kind: 'kill', instance: 1, restartAfterMs: 2_000 }] as Fault[],
      }
    : {
        warmupMs: 10_000,
        observeMs: 12_000,
        games: 12,
        slots: 3,
        faults: [
          { kind: 'redis-restart', downMs: 5_000 },
          { kind: 'pg-restart' },
          { kind: 'kill', instance: 1, restartAfterMs: 5_000 },
          { kind: 'pg-outage', downMs: 5_000 },
          { kind: 'kill', instance: 0, restartAfterMs: 3_000 },
        ] as Fault[],
      };
const VUS = 50;

function describe(fault: Fault, env: Environment): string {
  switch (fault.kind) {
    case 'redis-restart':
      return `Redis restart (down ${fault.downMs / 1000} s)`;
    case 'pg-restart':
      return `PostgreSQL restart (pg_ctlcluster ${env.pg.version} ${env.pg.cluster} restart)`;
    case 'pg-outage':
      return `PostgreSQL stopped for ${fault.downMs / 1000} s`;
    case 'kill':
      return `kill -9 instance ${env.instances[fault.instance]!.name}`;
  }
}

/** When each kill -9 happened (ms since the epoch): a push in flight at that instant may be sent again. */
const kills: number[] = [];
/** Rows a killed sender had claimed come back when their lease (60 s) lapses. */
const PUSH_DRAIN_MS = 90_000;

async function inject(fault: Fault, env: Environment, recorder: Recorder, observeMs: number): Promise<FaultWindow> {
  const name = describe(fault, env);
  console.log(`# ${new Date().toISOString()} fault: ${name}`);
  const start = recorder.now();
  const window: FaultWindow = { name, start, end: start, observedUntil: start };
  switch (fault.kind) {
    case 'redis-restart':
      await env.redis.restart(fault.downMs);
      window.end = recorder.now();
      break;
    case 'pg-restart':
      await env.pg.restart();
      window.end = recorder.now();
      break;
    case 'pg-outage':
      await env.pg.stop();
      await sleep(fault.downMs);
      await env.pg.start();
      window.end = recorder.now();
      break;
    case 'kill': {
      const victim = env.instances[fault.instance]!;
      window.killed = victim.name;
      kills.push(Date.now());
      await victim.kill9();
      // For the surviving instance the fault is over at once; the victim comes back as a supervisor would start it.
      window.end = recorder.now();
      await sleep(fault.restartAfterMs);
      await victim.start();
      window.nodeBack = recorder.now();
      break;
    }
  }
  await sleep(observeMs);
  window.observedUntil = recorder.now();
  return window;
}

test('faults under load: Redis restart, PostgreSQL restart, kill -9 of an instance', async () => {
  const started = Date.now();
  const fcm = await startFakeFcm();
  const env = await startEnvironment({ instances: 2, env: { FCM_SERVICE_ACCOUNT_JSON: fcm.serviceAccountJson, FCM_BASE_URL: fcm.url } }).catch(
    async (error: unknown) => {
      await fcm.close();
      throw error;
    },
  );
  const notes: string[] = [];
  let passed = false;
  const facts: Record<string, string | number | boolean> = {};
  try {
    const fixtures = await createFixtures(env.instances[0]!.base, { games: PLAN.games, slots: PLAN.slots, players: VUS, devices: true });
    const recorder = new Recorder();
    const ledger = new Ledger();
    const driver = new LoadDriver({ router: env.router, recorder, ledger, fixtures }, { vus: VUS, thinkMs: [40, 160] });
    const pids = env.instances.map((i) => i.pid);
    const faults: FaultWindow[] = [];
    driver.start();
    try {
      await sleep(PLAN.warmupMs);
      for (const fault of PLAN.faults) faults.push(await inject(fault, env, recorder, PLAN.observeMs));
    } finally {
      await driver.stop();
    }
    const loadSeconds = recorder.now() / 1000;
    const tokens = await recheckUsedTokens(env.router, ledger);
    const data = await checkData(env.pg, env.database.name, ledger);
    const pushes = await checkPushes(env.pg, env.database.name, fcm, kills, PUSH_DRAIN_MS);
    const { failures, verdicts } = judge(recorder, faults, GRACE_MS);
    const killed = new Set(faults.flatMap((f) => (f.killed ? [f.killed] : [])));
    const restartedOthers = env.instances.filter((instance, i) => !killed.has(instance.name) && instance.pid !== pids[i]);
    const survived = faults.filter((fault, i) => verdicts[i]!.recovered && !failures.some((f) => f.t >= fault.start && f.t <= fault.observedUntil));
    const summary = recorder.summary();

    Object.assign(facts, {
      Instances: `${env.instances.length} processes (${env.instances.map((i) => i.name).join(', ')}), PostgreSQL ${env.pg.name}, private Redis`,
      'Virtual users': VUS,
      'Load duration (s)': loadSeconds.toFixed(0),
      'Faults injected': faults.length,
      'Faults survived': survived.length,
      'Requests sent': summary.sent,
      'Throughput (req/s)': (summary.sent / loadSeconds).toFixed(0),
      '2xx': summary['2xx'],
      '4xx (all expected)': summary['4xx'] - summary['unexpected 4xx'],
      'Unexpected 4xx': summary['unexpected 4xx'],
      '503 problem details': summary['503 problem details'],
      'Other 5xx': summary['other 5xx'],
      'Connection errors (killed instance)': summary['connection errors'],
      Timeouts: summary.timeouts,
      'Failures (not tolerated)': failures.length,
      'Latency p50 / p99 (ms)': `${summary['latency p50 ms']} / ${summary['latency p99 ms']}`,
      'Requests re-sent once after a stale keep-alive socket':
        `${transportStats.staleSocketRetries}` + ` (${env.instances.map((i) => `${i.name} ${transportStats.byBase.get(i.base) ?? 0}`).join(', ')})`,
    });
    for (const verdict of verdicts) {
      facts[`${verdict.name}: duration / recovery (ms)`] =
        `${verdict.durationMs} / ${verdict.recoveryMs} (503 during ${verdict.unavailableDuring}, after ${verdict.unavailableAfter}` +
        `${verdict.connectionErrorsToKilled ? `, connection errors to the killed instance ${verdict.connectionErrorsToKilled}` : ''})` +
        `${
          Object.keys(verdict.unavailableByOp).length
            ? `; 503 by operation: ${Object.entries(verdict.unavailableByOp)
                .map(([op, n]) => `${op} ${n}`)
                .join(', ')}`
            : ''
        }`;
    }
    Object.assign(facts, {
      'Joins answered 201': ledger.joins201,
      'Leaves answered 204': ledger.leaves204,
      'Acknowledged joins verified in the database': `${data.joinedPairs - data.missingJoins} of ${data.joinedPairs}`,
      'Acknowledged joins missing': data.missingJoins,
      'Participants present after an acknowledged leave': data.ghostParticipants,
      'Pairs left unsettled by a lost answer (not checked)': data.unsettledPairs,
      'Games over their slots': data.slotViolations,
      'Counter mismatches / stuck waitlists': `${data.counterMismatches} / ${data.stuckWaitlists}`,
      'Contradicting answers': data.contradictions,
      'Refresh rotations (200)': ledger.refreshes200,
      'Refresh races (same token to both instances)': `${ledger.racedPairs} pairs, ${ledger.racedWins} wins`,
      'Refresh tokens used twice (while running)': ledger.doubleSpends,
      'Used refresh tokens presented again': tokens.checked,
      'Refresh tokens usable twice (after the run)': tokens.reusable,
      'Re-sign-ins after a lost refresh answer': ledger.refreshesUnsettled,
      'Surviving instances restarted': restartedOthers.length,
      'Notifications written': pushes.notifications,
      'Pushes expected (notification × recipient device)': pushes.expected,
      'Pushes accepted by the fake FCM (resends included)': pushes.delivered,
      'Pushes lost (not shown on the device)': pushes.lost,
      'Notifications shown twice on a device': pushes.shownTwice,
      'Pushes sent again, replaced on the device (sender killed in flight) / otherwise': `${pushes.resentAtKill} / ${pushes.resentOtherwise}`,
      'Pushes without a notification / left in the outbox / refused by FCM': `${pushes.unexpected} / ${pushes.leftInOutbox} / ${pushes.rejected}`,
      'Wall time (s)': ((Date.now() - started) / 1000).toFixed(0),
    });
    notes.push(
      "Tolerated: 503 problem details (application/problem+json with a code) from a fault's start until 10 s after its end; " +
        'connection errors only from the SIGKILLed instance until it answered health again. Everything else counts as a failure.',
      'The client is its own load balancer: round robin over the instances it believes are up; a connection error takes an ' +
        'instance out of rotation and a health prober (every 250 ms) puts it back. Requests are never retried.',
      'A fault ends when the dependency is back (Redis answers PING, PostgreSQL accepts connections); for kill -9 it ends at the ' +
        'kill (the survivor must not notice), and the victim is started again like a supervisor would, then rejoins the rotation.',
      'Redis is a private redis-server; its restart is SHUTDOWN SAVE, a pause, and a new process loading the dump (as a stock Redis restart).',
      'Recovery time: from the end of the fault to the last failed answer of the service (0 when nothing failed after the end).',
      'A request that fails on a reused keep-alive socket before any answer (the server closed the idle socket as it went out, or ' +
        "the instance was just killed) is sent once more on a new connection, as Node's documentation advises; the count is shown above.",
    );
    for (const failure of failures.slice(0, 10))
      notes.push(
        `Failure at ${(failure.t / 1000).toFixed(1)} s: ${failure.op} on ${failure.node} → ${failure.status ?? failure.outcome} ${failure.code ?? ''}`,
      );
    notes.push(...data.details.slice(0, 10), ...pushes.details.slice(0, 10));
    notes.push(
      'Push: one device per organiser and player; the fake FCM (in the test process) checks the OAuth assertion, the bearer token ' +
        'and the message shape, and keeps what each device shows: a message replaces the one shown under the same collapse identity ' +
        '(the notification id), as a phone does. A push goes out again only when its sender is killed after FCM accepted it and before ' +
        'the row was deleted (FCM cannot be asked whether it took a message); such resends are counted apart, only when the first ' +
        'delivery was within a second of a kill, and must replace the first on the device.',
    );

    assert.equal(failures.length, 0, `answers outside the tolerated failures: ${JSON.stringify(failures.slice(0, 20))}`);
    for (const verdict of verdicts) assert.ok(verdict.recovered, `${verdict.name}: recovery took ${verdict.recoveryMs} ms`);
    assert.equal(data.missingJoins, 0, 'acknowledged joins missing');
    assert.equal(data.ghostParticipants, 0, 'participants present after acknowledged leaves');
    assert.equal(data.slotViolations, 0, 'games over their slots');
    assert.equal(data.counterMismatches, 0, 'counters disagree with participant rows');
    assert.equal(data.stuckWaitlists, 0, 'waitlisted players with free slots');
    assert.equal(data.contradictions, 0, `contradicting answers: ${ledger.contradictions.slice(0, 5).join('; ')}`);
    assert.equal(ledger.doubleSpends, 0, 'a refresh token rotated twice');
    assert.equal(tokens.reusable, 0, 'used refresh tokens accepted again');
    assert.equal(tokens.errors, 0, 'used refresh tokens answered other than 401 invalid_refresh_token');
    assert.equal(restartedOthers.length, 0, 'a surviving instance was restarted');
    assert.ok(ledger.joins201 > 0 && ledger.refreshes200 > 0, 'the load did joins and refreshes');
    assert.ok(pushes.expected > 0, 'the load caused pushes');
    assert.equal(pushes.lost, 0, 'pushes lost');
    assert.equal(pushes.shownTwice, 0, 'notifications shown twice on a device');
    assert.equal(pushes.resentOtherwise, 0, 'pushes sent again without a kill to explain it');
    assert.equal(pushes.unexpected, 0, 'pushes without a notification');
    assert.equal(pushes.leftInOutbox, 0, 'pushes left in the outbox');
    assert.equal(pushes.rejected, 0, 'requests the fake FCM refused');
    passed = true;
  } catch (error) {
    for (const instance of env.instances) notes.push(`${instance.name} output (tail): ${instance.output().slice(-1500).replace(/\n/g, ' | ')}`);
    throw error;
  } finally {
    for (const [label, value] of Object.entries(facts)) console.log(`# ${label}: ${value}`);
    writePartReport({ part: 'faults', title: 'Faults under load', passed, facts, notes });
    await env.close();
    await fcm.close();
    await env.pg.ensureRunning();
  }
});
