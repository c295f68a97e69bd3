import { createHistogram } from 'node:perf_hooks';

/**
 * How one request ended, from the client's side:
 * - ok: 2xx; expected4xx: a 4xx the operation allows (409 already_joined, 404 not_participant, …);
 * - unavailable: 503 as a problem detail with a `code` (allowed during a fault and 10 s after it);
 * - unexpected4xx, other5xx: always failures;
 * - connection, timeout: no HTTP answer (allowed only from a killed instance while it is down).
 */
export type Outcome = 'ok' | 'expected4xx' | 'unavailable' | 'unexpected4xx' | 'other5xx' | 'connection' | 'timeout';

export const OUTCOMES: Outcome[] = ['ok', 'expected4xx', 'unavailable', 'unexpected4xx', 'other5xx', 'connection', 'timeout'];

export interface RequestEvent {
  /** ms since the recorder started, when the answer (or the error) arrived */
  t: number;
  node: string;
  op: string;
  outcome: Outcome;
  status?: number;
  code?: string;
}

const zero = (): Record<Outcome, number> => ({ ok: 0, expected4xx: 0, unavailable: 0, unexpected4xx: 0, other5xx: 0, connection: 0, timeout: 0 });

/** Every answer is counted; everything that is not a success is kept individually (they are few). */
export class Recorder {
  readonly startedAt = Date.now();
  sent = 0;
  readonly outcomes = zero();
  readonly statuses = new Map<number, number>();
  readonly perNode = new Map<string, Record<Outcome, number>>();
  readonly perOp = new Map<string, number>();
  readonly unusual: RequestEvent[] = [];
  readonly latency = createHistogram();

  now(): number {
    return Date.now() - this.startedAt;
  }

  record(event: Omit<RequestEvent, 't'>, latencyMs: number): void {
    this.sent++;
    this.outcomes[event.outcome]++;
    if (event.status !== undefined) this.statuses.set(event.status, (this.statuses.get(event.status) ?? 0) + 1);
    let node = this.perNode.get(event.node);
    if (!node) this.perNode.set(event.node, (node = zero()));
    node[event.outcome]++;
    this.perOp.set(event.op, (this.perOp.get(event.op) ?? 0) + 1);
    if (latencyMs >= 1) this.latency.record(Math.round(latencyMs));
    if (event.outcome !== 'ok' && event.outcome !== 'expected4xx') this.unusual.push({ ...event, t: this.now() });
  }

  count(predicate: (status: number) => boolean): number {
    let total = 0;
    for (const [status, n] of this.statuses) if (predicate(status)) total += n;
    return total;
  }

  summary() {
    return {
      sent: this.sent,
      '2xx': this.count((s) => s >= 200 && s < 300),
      '4xx': this.count((s) => s >= 400 && s < 500),
      '503 problem details': this.outcomes.unavailable,
      'other 5xx': this.outcomes.other5xx,
      'unexpected 4xx': this.outcomes.unexpected4xx,
      'connection errors': this.outcomes.connection,
      timeouts: this.outcomes.timeout,
      'latency p50 ms': this.latency.count ? this.latency.percentile(50) : 0,
      'latency p99 ms': this.latency.count ? this.latency.percentile(99) : 0,
    };
  }
}

/** A fault as the schedule ran it, in recorder time (ms). */
export interface FaultWindow {
  name: string;
  start: number;
  /** the infrastructure is back (Redis answering, PostgreSQL accepting, the instance dead) */
  end: number;
  /** kill -9: the instance that died; its connection errors are the client's view of a dead node */
  killed?: string;
  /** kill -9: when the restarted instance answered health again */
  nodeBack?: number;
  /** end of the observation that follows */
  observedUntil: number;
}

export interface FaultVerdict {
  name: string;
  durationMs: number;
  unavailableDuring: number;
  unavailableAfter: number;
  connectionErrorsToKilled: number;
  /** ms from the end of the fault to the last failed answer of the surviving service (0: none after the end) */
  recoveryMs: number;
  recovered: boolean;
  /** 503 problem details in the fault's window, by operation */
  unavailableByOp: Record<string, number>;
}

/**
 * Judges every unusual answer against the fault windows: 503 problem details are tolerated from a
 * fault's start to `graceMs` after its end; connection errors and timeouts only from a killed
 * instance, between its kill and its return (+1 s for keep-alive sockets the client still held).
 */
export function judge(recorder: Recorder, faults: FaultWindow[], graceMs: number) {
  const failures: RequestEvent[] = [];
  for (const event of recorder.unusual) {
    const tolerated = faults.some((fault) => {
      if (event.outcome === 'unavailable') return event.t >= fault.start && event.t <= fault.end + graceMs;
      if (event.outcome === 'connection' || event.outcome === 'timeout') {
        return fault.killed === event.node && event.t >= fault.start && event.t <= (fault.nodeBack ?? fault.observedUntil) + 1000;
      }
      return false;
    });
    if (!tolerated) failures.push(event);
  }
  const verdicts: FaultVerdict[] = faults.map((fault) => {
    const inWindow = recorder.unusual.filter((e) => e.t >= fault.start && e.t <= fault.observedUntil);
    const survivors = inWindow.filter((e) => !(fault.killed === e.node && (e.outcome === 'connection' || e.outcome === 'timeout')));
    const after = survivors.filter((e) => e.t > fault.end);
    const recoveryMs = after.length ? Math.max(...after.map((e) => e.t)) - fault.end : 0;
    return {
      name: fault.name,
      durationMs: fault.end - fault.start,
      unavailableDuring: survivors.filter((e) => e.t <= fault.end && e.outcome === 'unavailable').length,
      unavailableAfter: after.filter((e) => e.outcome === 'unavailable').length,
      connectionErrorsToKilled: inWindow.length - survivors.length,
      recoveryMs,
      recovered: recoveryMs <= graceMs,
      unavailableByOp: survivors
        .filter((e) => e.outcome === 'unavailable')
        .reduce<Record<string, number>>((acc, e) => {
          acc[e.op] = (acc[e.op] ?? 0) + 1;
          return acc;
        }, {}),
    };
  });
  return { failures, verdicts };
}
