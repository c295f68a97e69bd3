import type { ByteMeter } from './cache-budget.ts';

/**
 * A Map bounded in bytes: each entry is counted as its caller says (its JSON, mostly), and the
 * oldest entries (a Map keeps insertion order) make room for a new one. An entry larger than the
 * whole budget is not kept. The meter always holds what the entries add up to.
 */
export class BoundedMap<K, V> {
  readonly #meter: ByteMeter;
  readonly #entries = new Map<K, { value: V; bytes: number }>();

  constructor(meter: ByteMeter) {
    this.#meter = meter;
  }

  get(key: K): V | undefined {
    return this.#entries.get(key)?.value;
  }

  set(key: K, value: V, bytes: number): void {
    this.delete(key);
    if (bytes > this.#meter.maxBytes) return;
    for (const [oldest, old] of this.#entries) {
      if (this.#meter.bytes + bytes <= this.#meter.maxBytes) break;
      this.#entries.delete(oldest);
      this.#meter.bytes -= old.bytes;
    }
    this.#entries.set(key, { value, bytes });
    this.#meter.bytes += bytes;
  }

  delete(key: K): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#meter.bytes -= entry.bytes;
  }

  clear(): void {
    this.#entries.clear();
    this.#meter.bytes = 0;
  }

  get size(): number {
    return this.#entries.size;
  }
}
