import type { FastifyBaseLogger } from 'fastify';
import { notFound } from '../../platform/http/errors.ts';
import type { KeyValueStore } from '../../platform/kv/index.ts';
import { NO_SPANS, type Spans } from '../../platform/observability/spans.ts';
import { describeError } from '../../platform/http/error-facts.ts';

/** A job does its work and answers how many items it handled. */
export type Job = () => Promise<number>;

/** Longer than any run should take; if a holder dies, the next minute's run takes over after this. */
const LOCK_TTL_MS = 5 * 60 * 1000;
const INTERVAL_MS = 60 * 1000;

export interface JobsServiceDeps {
  jobs: Record<string, Job>;
  /** Its lock is cluster-wide: Redis, or the shared database for the embedded store. */
  store: KeyValueStore;
  log: FastifyBaseLogger;
  /** Each run is a trace of its own when tracing is on (its lock, its queries). */
  spans?: Spans;
}

export class JobsService {
  readonly #jobs: Map<string, Job>;
  readonly #store: KeyValueStore;
  readonly #log: FastifyBaseLogger;
  readonly #spans: Spans;
  #timer: ReturnType<typeof setInterval> | undefined;
  #tick: Promise<void> | undefined;

  constructor(deps: JobsServiceDeps) {
    this.#jobs = new Map(Object.entries(deps.jobs));
    this.#store = deps.store;
    this.#log = deps.log;
    this.#spans = deps.spans ?? NO_SPANS;
  }

  get names(): string[] {
    return [...this.#jobs.keys()];
  }

  /**
   * Runs one job while holding its cluster-wide lock, so one instance does the work at a time.
   * When another instance holds it, nothing is done here (processed 0): that run covers it.
   */
  async run(name: string): Promise<{ name: string; processed: number; ran: boolean }> {
    const job = this.#jobs.get(name);
    if (!job) throw notFound(`There is no job named ${JSON.stringify(name)}.`, 'job_not_found');
    return this.#spans.run(`job ${name}`, { 'job.name': name }, () => this.#runLocked(name, job));
  }

  async #runLocked(name: string, job: Job): Promise<{ name: string; processed: number; ran: boolean }> {
    const token = await this.#store.acquireLock(`jobs:${name}`, LOCK_TTL_MS);
    if (token === null) return { name, processed: 0, ran: false };
    const started = Date.now();
    try {
      const processed = await job();
      // Every minute per job: only runs that did something are worth an info line.
      const level = processed > 0 ? 'info' : 'debug';
      this.#log[level]({ job: name, processed, durationMs: Date.now() - started }, 'job finished');
      return { name, processed, ran: true };
    } finally {
      await this.#store.releaseLock(`jobs:${name}`, token).catch(() => undefined);
    }
  }

  /** Every minute, each job in turn; failures are logged and retried next minute. */
  start(intervalMs = INTERVAL_MS): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => {
      if (this.#tick) return; // The previous round is still going.
      this.#tick = this.#runAll().finally(() => {
        this.#tick = undefined;
      });
    }, intervalMs);
    // The scheduler must not keep a process (or a test run) alive on its own.
    this.#timer.unref();
  }

  /** Stops the schedule and waits for a round in progress, so it does not outlive the database. */
  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#tick;
  }

  async #runAll(): Promise<void> {
    for (const name of this.#jobs.keys()) {
      if (!this.#timer) return;
      try {
        await this.run(name);
      } catch (error) {
        this.#log.error({ job: name, err: describeError(error, { stack: true }) }, 'job failed');
      }
    }
  }
}
