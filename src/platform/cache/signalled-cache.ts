import type { Clock } from '../clock.ts';
import { BoundedMap } from './bounded-map.ts';
import { type ByteMeter, entryBytes, unbudgeted } from './cache-budget.ts';

export interface SignalledCacheOptions {
  clock: Clock;
  /** How long an entry may be served without a signal; 0 turns the cache off (every read loads). */
  ttlMs: number;
  /** This cache's share of CACHE_MB, counted in bytes of each entry's id and JSON. */
  meter?: ByteMeter;
  /**
   * The longest this instance bypasses an id it is writing, and a writer waits, when no signal
   * comes (a rolled-back write sends none; a lost listener hears none).
   */
  holdMs?: number;
  /**
   * A counter that every change to these records bumps in its own transaction, read fresh for
   * each request (`freshRead`). An entry is served only at the version it was loaded at, so a
   * change committed before a request arrived counts for it on every instance, whether or not its
   * signal has reached this one yet; the signals then only spare the reads between changes.
   */
  version?: () => Promise<string>;
}

/** A load in flight; its identity in `#flights` is the per-id version that decides whether it may store. */
interface Flight<V> {
  promise: Promise<V | undefined>;
  version: string;
}

/** Every writer waiting on one id is released by its next signal (or the hold's end). */
interface Hold {
  waiters: Array<() => void>;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/**
 * Records by id kept in memory for a few seconds, that every instance drops as soon as the
 * database signals a change to them: the writer sends the id on a NOTIFY channel inside its
 * transaction, so the signal reaches every instance's listener at commit, and `signal(id)` forgets it.
 *
 * A load that started before a signal must not store what it read, or the old value would come
 * back after the revocation: each id's load in flight is its version, and a signal retires it, so
 * only a load still current when it finishes stores (and callers after the signal start a fresh
 * one instead of joining it). Ids the loader does not find are never remembered.
 *
 * The writing instance must not serve the old value between its write and its own signal:
 * `hold(id)` before the write makes it read `id` from the database until the signal comes back (or
 * `holdMs` passes), and answers a promise the writer may await before it answers its client.
 */
export class SignalledCache<V> {
  readonly #clock: Clock;
  readonly #ttlMs: number;
  readonly #holdMs: number;
  readonly #version: (() => Promise<string>) | undefined;
  /** Bounded memory whatever the ids: the oldest entries make room. */
  readonly #entries: BoundedMap<string, { value: V; expiresAt: number; version: string }>;
  readonly #flights = new Map<string, Flight<V>>();
  readonly #holds = new Map<string, Hold>();

  constructor(options: SignalledCacheOptions) {
    this.#clock = options.clock;
    this.#ttlMs = options.ttlMs;
    this.#entries = new BoundedMap(options.meter ?? unbudgeted('signalled'));
    this.#holdMs = options.holdMs ?? 2_000;
    this.#version = options.version;
  }

  /** The value of `id`: remembered, joined to a load in flight, or loaded (and remembered). */
  async get(id: string, load: (id: string) => Promise<V | undefined>): Promise<V | undefined> {
    if (this.#ttlMs <= 0 || this.#holds.has(id)) return load(id);
    const version = this.#version ? await this.#version() : '';
    const now = this.#clock.now().getTime();
    const entry = this.#entries.get(id);
    if (entry && entry.expiresAt > now && entry.version === version) return entry.value;
    const running = this.#flights.get(id);
    if (running && running.version === version) return running.promise;
    const flight = { version } as Flight<V>;
    flight.promise = (async () => {
      try {
        const value = await load(id);
        if (value !== undefined && this.#flights.get(id) === flight) {
          this.#entries.set(id, { value, expiresAt: this.#clock.now().getTime() + this.#ttlMs, version }, entryBytes(id, value));
        }
        return value;
      } finally {
        if (this.#flights.get(id) === flight) this.#flights.delete(id);
      }
    })();
    this.#flights.set(id, flight);
    return flight.promise;
  }

  /**
   * This instance is about to change `id`: read it from the database until the change's signal
   * arrives. Answers a promise that settles then (or when the hold runs out), for a writer that
   * wants the signal to have gone round before it answers.
   */
  hold(id: string): Promise<void> {
    this.#forget(id);
    const hold = this.#holds.get(id) ?? { waiters: [], timer: undefined };
    clearTimeout(hold.timer);
    // A network wait, not a rule of the service's time: real time, whatever the clock says.
    hold.timer = setTimeout(() => this.#release(id), this.#holdMs);
    hold.timer.unref();
    this.#holds.set(id, hold);
    return new Promise<void>((resolve) => hold.waiters.push(resolve));
  }

  /** A change to `id` committed somewhere: forget it, and end this instance's hold on it. */
  signal(id: string): void {
    this.#forget(id);
    this.#release(id);
  }

  /** Signals may have been missed (the listener reconnected): forget everything. */
  signalAll(): void {
    this.#entries.clear();
    this.#flights.clear();
  }

  #forget(id: string): void {
    this.#entries.delete(id);
    this.#flights.delete(id);
  }

  #release(id: string): void {
    const hold = this.#holds.get(id);
    if (!hold) return;
    this.#holds.delete(id);
    clearTimeout(hold.timer);
    for (const waiter of hold.waiters) waiter();
  }
}
