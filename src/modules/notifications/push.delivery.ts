import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import { NO_SPANS, type Spans } from '../../platform/observability/spans.ts';
import type { PushGateway, PushResult } from './push.ts';
import { PushRepository, type ClaimedPush } from './push.repository.ts';
import { describeError } from '../../platform/http/error-facts.ts';

/** A claimed row is this sender's for this long; a sender that died gives it back when it lapses. Far above a send's 10 s timeout. */
const LEASE_MS = 60_000;
const BATCH = 20;
const MAX_ATTEMPTS = 12;
const BASE_DELAY_MS = 2_000;
const MAX_DELAY_MS = 60 * 60_000;

export interface PushDeliveryDeps {
  db: Database;
  clock: Clock;
  gateway: PushGateway;
  log: FastifyBaseLogger;
  /** How often due rows (retries, rows a dead sender left) are looked for between signals. */
  pollMs?: number;
  /** [0, 1); jitter of the retry delays. */
  random?: () => number;
  /** Each send is a trace of its own when tracing is on. */
  spans?: Spans;
}

/**
 * Empties the push outbox: claims due rows (at most one sender per row across instances), hands
 * each to the gateway, and settles it: sent → gone; busy or down → back with a later attempt
 * (exponential backoff with jitter, never sooner than Retry-After); dead token → the device goes;
 * refused → dropped. Woken by the notification signal after commit, and by a poll for retries.
 */
export class PushDelivery {
  readonly #deps: PushDeliveryDeps;
  #timer: ReturnType<typeof setInterval> | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = false;
  /** Rows sent whose deletion failed (the database was away): deleted on the next pass, long before their lease lapses. */
  readonly #unrecorded = new Set<number>();

  constructor(deps: PushDeliveryDeps) {
    this.#deps = deps;
  }

  start(): void {
    if (this.#timer || this.#stopped) return;
    this.#timer = setInterval(() => this.wake(), this.#deps.pollMs ?? 2_000);
    this.#timer.unref();
    this.wake();
  }

  /**
   * Looks for due rows now; a wake during a pass makes one more pass after it. Not before start:
   * the service is still being assembled (on first start, writing its sample games, each join a
   * wake), and start's own pass finds whatever was queued meanwhile.
   */
  wake(): void {
    if (this.#stopped || !this.#timer) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#loop().finally(() => {
      this.#running = undefined;
    });
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running;
  }

  async #loop(): Promise<void> {
    do {
      this.#again = false;
      try {
        await this.drain();
      } catch (error) {
        this.#deps.log.warn({ err: describeError(error) }, 'push delivery pass failed; retrying on the next poll');
      }
    } while (this.#again && !this.#stopped);
  }

  /** One pass: sends every due row; answers how many were settled. */
  async drain(): Promise<number> {
    const repository = new PushRepository(this.#deps.db);
    let settled = 0;
    let ready = false;
    await this.#recordSent(repository);
    while (!this.#stopped) {
      if (!ready && (await repository.pending()) > 0) {
        await this.#deps.gateway.ready?.();
        ready = true;
      }
      const now = this.#deps.clock.now();
      const claimed = await repository.claim(now, new Date(now.getTime() + LEASE_MS), BATCH);
      if (claimed.length === 0) break;
      const spans = this.#deps.spans ?? NO_SPANS;
      const results = await Promise.allSettled(
        claimed.map((push) =>
          spans.run('push send', { 'push.platform': push.platform, 'notification.type': push.type }, () => this.#deliver(repository, push)),
        ),
      );
      const failed = results.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
      settled += claimed.length;
    }
    return settled;
  }

  async #recordSent(repository: PushRepository): Promise<void> {
    for (const id of [...this.#unrecorded]) {
      await repository.done(id);
      this.#unrecorded.delete(id);
    }
  }

  async #deliver(repository: PushRepository, push: ClaimedPush): Promise<void> {
    // Re-registered by someone else, or removed, since it was queued: not this user's phone any more.
    const device = await repository.deviceOf(push.deviceToken, push.userId);
    if (!device) return repository.done(push.id);
    // Neither FCM nor a web push service can be asked whether it took the first send; the same collapse id or tag makes the device replace it.
    if (push.outcomeUnknown)
      this.#deps.log.warn(
        { notificationType: push.type, platform: push.platform, attempts: push.attempts },
        'push: sending again, the outcome of the last attempt is unknown (its lease lapsed)',
      );
    const result = await this.#deps.gateway.send(push, { deviceToken: push.deviceToken, platform: push.platform, ...device });
    await this.#settle(repository, push, result);
  }

  async #settle(repository: PushRepository, push: ClaimedPush, result: PushResult): Promise<void> {
    const log = { notificationType: push.type, platform: push.platform, attempts: push.attempts };
    switch (result.outcome) {
      case 'sent':
        // Sent: forgetting it now would send it again once the lease lapses, so a failed delete is kept and retried.
        this.#unrecorded.add(push.id);
        await repository.done(push.id);
        this.#unrecorded.delete(push.id);
        return;
      case 'dead-token':
        this.#deps.log.info({ ...log, reason: result.reason }, 'push: device token no longer valid; removed');
        return repository.dropDevice(push.deviceToken);
      case 'failed':
        this.#deps.log.warn({ ...log, reason: result.reason }, 'push refused; dropped');
        return repository.done(push.id);
      case 'retry': {
        if (push.attempts >= MAX_ATTEMPTS) {
          this.#deps.log.warn({ ...log, reason: result.reason }, 'push failed too often; dropped');
          return repository.done(push.id);
        }
        const at = new Date(this.#deps.clock.now().getTime() + this.retryDelay(push.attempts, result.afterMs));
        return repository.retryAt(push.id, at);
      }
    }
  }

  /** Exponential from 2 s, capped at an hour, with jitter (half to all of it); never under Retry-After. */
  retryDelay(attempts: number, retryAfterMs: number | undefined): number {
    const exponential = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1));
    const jittered = exponential * (0.5 + 0.5 * (this.#deps.random ?? Math.random)());
    return Math.max(jittered, retryAfterMs ?? 0);
  }

  pending(): Promise<number> {
    return new PushRepository(this.#deps.db).pending();
  }
}
