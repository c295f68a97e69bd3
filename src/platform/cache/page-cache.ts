import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/index.ts';
import { BoundedMap } from './bounded-map.ts';
import { ENTRY_OVERHEAD, type ByteMeter, unbudgeted } from './cache-budget.ts';
import { freshRead } from './fresh-read.ts';
import { pageGenerations } from './generation.table.ts';

export interface CachedPage<T> {
  value: T;
  /** A strong entity tag of the value: the same bytes give the same tag on every instance. */
  etag: string;
  /** The size of the value's JSON in UTF-8 bytes (what it was weighed and tagged by). */
  json: number;
}

/** A value this cache answered, as sent: its entity tag and the UTF-8 bytes of its JSON, which the tag is of. */
export interface Tagged {
  etag: string;
  bytes: Buffer;
}

interface Entry {
  generation: string;
  value: unknown;
  tagged: Tagged;
  json: number;
  expiresAt: number;
}

/** Stripes from this one up are bumped by writes to reference data only (activities, levels, venues). */
const REFERENCE_STRIPES = 32;

/**
 * The page generation: the sum of `page_generations`, which every write to what public pages show
 * (and to users) bumps in its own transaction, then `:` and the sum of the reference stripes alone
 * (see `referencesOf`). Requests arriving together share one read, but each only a read sent after
 * it arrived (`freshRead`): whatever committed before a request arrived, its answer counts.
 */
export function generationReader(db: Database): () => Promise<string> {
  const statement = db
    .select({
      value: sql<string>`sum(${pageGenerations.value})::text || ':' || coalesce(sum(${pageGenerations.value}) FILTER (WHERE ${pageGenerations.stripe} >= ${sql.raw(String(REFERENCE_STRIPES))}), 0)::text`,
    })
    .from(pageGenerations)
    .prepare('page_reference_generation');
  return freshRead(async () => (await statement.execute())[0]?.value ?? '0:0');
}

/**
 * The part of a page generation that moves only with reference data: a version for the names
 * each instance keeps in memory, which a join or a new game leaves as they were.
 */
export const referencesOf = (generation: string): string => generation.slice(generation.indexOf(':') + 1);

export interface PageCacheOptions {
  /** `generationReader` over the database the pages are read from. */
  generation: () => Promise<string>;
  clock: Clock;
  /** The budget (the `pages` share of CACHE_MB): an entry counts its value and its JSON, each at the JSON's UTF-8 size; the oldest entries go first past it. */
  meter?: ByteMeter;
}

/**
 * Public pages (the same for every anonymous caller) kept in memory per normalised query.
 *
 * Never stale after a write, on any instance: every write to what public pages show bumps
 * `page_generations` in its own transaction (triggers), and each request reads the generation
 * before anything else. An entry is served only at the generation it was computed at, and it was
 * computed from data at least as new as that generation (the reference data other caches hold is
 * taken at that generation too: `load` is given it); a write acknowledged to a client has
 * committed, so any request that starts after it reads a higher generation and misses. An entry
 * also ends at the time its `load` said its value holds until, and nothing else ends it. Concurrent
 * requests share a read of the generation, but only one sent after each of them arrived
 * (`freshRead`): under load, one statement serves many hits.
 *
 * With a read replica, the generation is read on the replica too, before the page:
 * on a replica that lags, both lag together, so an entry is labelled with a generation its data is
 * at least as new as, and the entry misses as soon as the replica replays the next write. Reading
 * the generation on the primary instead would label old replica data with a new generation and
 * keep serving it after the replica caught up. Anonymous pages are then as fresh as the replica,
 * never older (one replica per DATABASE_READ_URL: two behind one address could answer the
 * generation and the page from different points in time).
 */
export class PageCache {
  readonly #clock: Clock;
  readonly #meter: ByteMeter;
  /** Bounded memory whatever the queries: the oldest entries make room. */
  readonly #entries: BoundedMap<string, Entry>;
  readonly #tags = new WeakMap<object, Tagged>();
  readonly #generation: () => Promise<string>;

  constructor(options: PageCacheOptions) {
    this.#clock = options.clock;
    this.#meter = options.meter ?? unbudgeted('pages');
    this.#entries = new BoundedMap(this.#meter);
    this.#generation = options.generation;
  }

  /**
   * The value of `key` at the current generation: remembered, or computed by `load`, which may
   * answer the time until which its value holds (a game starting changes its status). `load` is
   * given the generation, so what it takes from other caches is at least as new (see ByIdCache).
   */
  async through<T>(key: string, load: (generation: string) => Promise<{ value: T; validUntil?: Date }>): Promise<CachedPage<T>> {
    const generation = await this.#generation();
    const now = this.#clock.now().getTime();
    const entry = this.#entries.get(key);
    if (entry && entry.generation === generation && entry.expiresAt > now) return { value: entry.value as T, etag: entry.tagged.etag, json: entry.json };
    const { value, validUntil } = await load(generation);
    // Serialised once: the tag is of these bytes, and a route sends them (see `taggedOf`).
    const bytes = Buffer.from(JSON.stringify(value));
    const tagged = { etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`, bytes };
    const expiresAt = validUntil?.getTime() ?? Infinity;
    // An entry holds the value and its bytes: both are counted, each at the size of the bytes.
    this.#entries.set(key, { generation, value, tagged, json: bytes.length, expiresAt }, key.length + 2 * bytes.length + ENTRY_OVERHEAD);
    if (typeof value === 'object' && value !== null) this.#tags.set(value, tagged);
    return { value, etag: tagged.etag, json: bytes.length };
  }

  /** What the entries count for (see `meter`): never more than the budget. */
  get bytes(): number {
    return this.#meter.bytes;
  }

  /**
   * The entity tag and JSON of a value this cache answered: a route answers `If-None-Match` with the
   * tag and sends the bytes as they are. They are `JSON.stringify` of the value, so a value kept here
   * has only what its response schema says (its presenter maps field by field).
   */
  taggedOf(value: unknown): Tagged | undefined {
    return typeof value === 'object' && value !== null ? this.#tags.get(value) : undefined;
  }
}

/** A cache key for a query: the same filters in any order, or with lists in any order, give one key. */
export function normalisedKey(scope: string, query: object): string {
  const fields = query as Record<string, unknown>;
  const parts = Object.keys(query)
    .filter((name) => fields[name] !== undefined)
    .sort()
    .map((name) => {
      const value = fields[name];
      return [name, Array.isArray(value) ? [...(value as unknown[])].map(String).sort() : value];
    });
  return `${scope}?${JSON.stringify(parts)}`;
}
