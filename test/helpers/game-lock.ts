import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type DatabaseHandle, rowsOf } from '../../src/platform/db/index.ts';

/** Runs work in the context a test captured (AsyncLocalStorage.snapshot()) before any transaction opened. */
export type Outside = <R>(work: () => R) => R;

/**
 * The organiser's edit (PUT), started from the test's `outside` context while a participation
 * change holds the game's row lock: answers once the edit waits for the lock (PostgreSQL shows it
 * waiting; the embedded database runs one transaction at a time, so it waits by construction),
 * with the edit's answer to come. Fails when the edit goes through instead.
 */
export async function editWhileLocked(
  place: { app: FastifyInstance; database: DatabaseHandle; outside: Outside },
  edit: { gameId: string; auth: Record<string, string>; payload: Record<string, unknown> },
): Promise<{ answered: Promise<{ statusCode: number }> }> {
  let settled = false;
  // inject sends the request when first awaited: `then` here, in the test's context.
  const answered = place.outside(() =>
    place.app.inject({ method: 'PUT', url: `/api/v1/games/${edit.gameId}`, headers: edit.auth, payload: edit.payload }).then((answer) => answer),
  );
  void answered.finally(() => (settled = true));
  const lockWaits = () =>
    place.outside(() => rowsOf<{ n: number }>(place.database.db, sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'`));
  const waiting = async () => place.database.kind === 'embedded' || (await lockWaits())[0]!.n > 0;
  while (!(await waiting())) {
    assert.ok(!settled, 'the edit went through while a participation change held the game');
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { answered };
}
