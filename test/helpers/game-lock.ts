import assert from 'node:assert/strict';
import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AuditTrail } from '../../src/modules/audit/index.ts';
import { GameParticipation, type GameEvents } from '../../src/modules/games/index.ts';
import { type DatabaseHandle, rowsOf } from '../../src/platform/db/index.ts';
import type { Backend } from './backends.ts';
import { appSuite, type Suite } from './suite.ts';

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

type ParticipationDeps = ConstructorParameters<typeof GameParticipation>[0];

/** A suite whose tests race participation changes against the organiser's edits of one game. */
export interface RaceSuite extends Suite {
  /** The app's own database (the services under test write through it). */
  database: DatabaseHandle;
  /** The test's own context: an edit started from inside a change's transaction must not count as part of it. */
  outside: Outside;
  /**
   * The participation service on the app's database and clock, whose notification texts carry the
   * title the change went through with and who made it (`joined: Title (actor id)`); `parts`
   * replaces what the race needs to pause in.
   */
  participation(parts: Partial<ParticipationDeps>): GameParticipation;
  /** The host's edit of the game, made while a change holds its lock (see editWhileLocked). */
  editWhileJudging(gameId: string, payload: Record<string, unknown>): Promise<{ answered: Promise<{ statusCode: number }> }>;
}

/** Called in a describe: an app on a TestClock at 2031-05-05 09:00 UTC, with a sport and its host (Host Ong). */
export function raceSuite(backend: Backend): RaceSuite {
  const outside = AsyncLocalStorage.snapshot();
  const suite: RaceSuite = Object.assign(
    appSuite(backend, {
      startsAt: '2031-05-05T09:00:00Z',
      sport: 'Table tennis',
      host: 'Host Ong',
      overrides: { onDatabase: (handle: DatabaseHandle) => (suite.database = handle) },
    }),
    {
      database: undefined as unknown as DatabaseHandle,
      outside,
      participation: (parts: Partial<ParticipationDeps>) => new GameParticipation({ ...participationDeps(suite), ...parts }),
      editWhileJudging: (gameId: string, payload: Record<string, unknown>) =>
        editWhileLocked({ app: suite.app, database: suite.database, outside }, { gameId, auth: suite.host.auth, payload }),
    },
  );
  return suite;
}

function participationDeps(suite: RaceSuite): ParticipationDeps {
  const events: Pick<GameEvents, 'prepare'> = {
    prepare: async (actorId) => (title, wanted) => ({
      texts: Object.fromEntries(Object.keys(wanted).map((key) => [key, [`${key}: ${title} (${actorId})`, `${key}: ${title}`]])),
      minute: 600,
      windowSeconds: 0,
    }),
  };
  return {
    db: suite.database.db,
    clock: suite.clock,
    events: events as GameEvents,
    activities: { find: async () => undefined },
    levels: { levelIn: async () => undefined },
    waitlist: { quietHours: undefined, timeZone: 'UTC' },
    audit: new AuditTrail(suite.clock),
  };
}
