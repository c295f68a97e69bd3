import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle, ListenHandler, Unlisten } from '../db/index.ts';
import { generationReader } from './page-cache.ts';

/** The channel the generation triggers notify on where `app.generation_signal` is on (the embedded database only). */
export const GENERATION_CHANNEL = 'page_generation';

/**
 * The page generation of a database only this process writes (the embedded one), kept in memory.
 *
 * Every bump notifies at commit, and PGlite hands the notification to its listener (a microtask
 * queued while the committing statement runs, synchronously, in WebAssembly) before that
 * statement's promise settles: by the time a write is acknowledged to a client, the bump is
 * counted here, and the next request reads the generation again. Between bumps a cache hit costs
 * no statement on the database, which runs on the request's own thread.
 *
 * `read` is the database read (`generationReader`); what it answers is kept with the count of
 * bumps seen before it was sent, so a bump that lands during the read makes the next call read again.
 */
export async function localGenerationReader(
  read: () => Promise<string>,
  listen: (channel: string, handler: ListenHandler) => Promise<Unlisten>,
): Promise<() => Promise<string>> {
  let bumps = 0;
  let known: { bumps: number; value: string } | undefined;
  // A null payload (a listener that lost its connection) means anything may have moved: the same as a bump.
  await listen(GENERATION_CHANNEL, () => {
    bumps += 1;
  });
  return async () => {
    if (known?.bumps === bumps) return known.value;
    const before = bumps;
    const value = await read();
    if (!known || known.bumps <= before) known = { bumps: before, value };
    return value;
  };
}

/**
 * The page generation of the primary: kept in memory on the embedded database, which has one
 * writer (this process); read from the database on PostgreSQL, where other instances write too.
 */
export async function generationOf(database: DatabaseHandle, log: FastifyBaseLogger): Promise<() => Promise<string>> {
  const read = generationReader(database.db);
  if (database.kind !== 'embedded') return read;
  return localGenerationReader(read, (channel, handler) => database.listen(channel, handler, log));
}
