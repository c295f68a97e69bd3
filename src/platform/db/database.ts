import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import { prepareSnapshot, startPglite } from './embedded.ts';
import { listenOnPglite, listenOnPostgres, type ListenHandler, type Unlisten } from './listen.ts';
import { drainOnClose } from './pglite-drain.ts';
import { dropStatementNames } from './statements.ts';
import { GuardedDatabase, guardedPglite, guardedPool, TransactionGuard } from './transaction-guard.ts';

export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or an open transaction: repositories accept both. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  readonly db: Database;
  /**
   * Where reads that may lag go: the streaming replica of `DATABASE_READ_URL`, else `db` itself.
   * Never for a read that decides a write; see read-route.ts for whose reads may lag.
   */
  readonly reader: Database;
  /** True when `reader` is a replica (reads on it may miss the latest commits). */
  readonly replicated: boolean;
  readonly kind: 'postgres' | 'embedded';
  ping(): Promise<void>;
  /**
   * Calls `handler` with each NOTIFY payload on `channel`, from every instance that shares the
   * database. On PostgreSQL a dedicated connection holds the LISTEN; when it was lost and is back,
   * `handler(null)` says that anything may have been missed. Answers the way to stop.
   */
  listen(channel: string, handler: ListenHandler, log: FastifyBaseLogger): Promise<Unlisten>;
  /**
   * Runs `work` while holding the lock named `name` across every instance that shares the
   * database (a session-level advisory lock on a direct connection of its own, so through a pooler
   * too); another instance calling it with the same name waits. The embedded database has one
   * process only: `work` just runs.
   */
  exclusively<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** Pool figures for the metrics endpoint. */
  stats(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

const MIGRATIONS = fileURLToPath(new URL('../../../drizzle', import.meta.url));
// Any constant works; it only has to be the same for every instance.
const MIGRATION_LOCK = 7_310_001;

export interface DatabaseOptions {
  /** `postgres://…`, `memory://`, or undefined for the embedded database in `dataDir`. */
  url: string | undefined;
  dataDir: string;
  poolSize?: number;
  /** A connection with a session of its own (LISTEN, the migration lock) when `url` goes through a pooler. */
  directUrl?: string;
  /** `unnamed`: every statement goes without a name, for poolers that cannot keep them. */
  preparedStatements?: 'named' | 'unnamed';
  /** A streaming replica for reads that may lag (no migrations, no writes). */
  readUrl?: string;
  /**
   * `refuse` (the default): a statement sent to the pool from inside an open transaction fails
   * (transaction-guard.ts). `allow` lets it take a second connection on PostgreSQL (production);
   * the embedded database refuses it always, as it would otherwise wait for ever.
   */
  poolInsideTransaction?: 'refuse' | 'allow';
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url?.startsWith('postgres')) return openPostgres(options.url, options);
  return openEmbedded(options.url === 'memory://' ? undefined : path.join(options.dataDir, 'pglite'));
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const { drizzle, NodePgSession } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const directUrl = options.directUrl ?? url;
  const guard = new TransactionGuard();
  const openPool = (connectionString: string, guarded = false) => {
    const config = { connectionString, max: options.poolSize ?? 10, connectionTimeoutMillis: 3000, idleTimeoutMillis: 30_000 };
    const opened = guarded ? guardedPool(pg.Pool, guard, config) : new pg.Pool(config);
    opened.on('error', () => {
      // An idle client lost its connection; the pool replaces it and queries report the outage.
    });
    opened.on('connect', (client) => {
      // The pool listens for errors only on idle clients. A connection that dies while checked out
      // (PostgreSQL restarted between two statements of a transaction) would otherwise emit an
      // unhandled 'error' and end the process; the statements fail on their own and the pool drops
      // the broken client when it is released.
      client.on('error', () => undefined);
      if (options.preparedStatements === 'unnamed') dropStatementNames(client);
    });
    return opened;
  };
  const pool = openPool(url, options.poolInsideTransaction !== 'allow');
  const replicaPool = options.readUrl ? openPool(options.readUrl) : undefined;
  // Migrations and their session-level lock need one session from start to end: the direct connection.
  const client = new pg.Client({ connectionString: directUrl, connectionTimeoutMillis: 3000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
  const dialect = new PgDialect();
  const db: Database = new GuardedDatabase(dialect, new NodePgSession(pool, dialect, undefined), guard, pool);
  return {
    db,
    reader: replicaPool ? drizzle({ client: replicaPool }) : db,
    replicated: replicaPool !== undefined,
    kind: 'postgres',
    ping: async () => {
      await pool.query('SELECT 1');
      await replicaPool?.query('SELECT 1');
    },
    listen: (channel, handler, log) => listenOnPostgres(directUrl, channel, handler, log),
    exclusively: async (name, work) => {
      const session = new pg.Client({ connectionString: directUrl, connectionTimeoutMillis: 3000 });
      session.on('error', () => undefined);
      await session.connect();
      try {
        await session.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [name]);
        return await work();
      } finally {
        // Ending the session releases its lock, also when the unlock could not be sent.
        await session.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [name]).catch(() => undefined);
        await session.end().catch(() => undefined);
      }
    },
    stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      await Promise.all([pool.end(), replicaPool?.end()]);
    },
  };
}

/** Applies drizzle/'s migrations to an embedded database (those not applied yet). */
async function embeddedMigrator(): Promise<(client: PGlite) => Promise<void>> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  return (client) => migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS });
}

/**
 * Makes the embedded database's migrated snapshot (embedded.ts) unless this machine has it already;
 * scripts/db-template.ts runs it before `npm start`. `cache`: another directory than the default.
 */
export async function prepareEmbeddedSnapshot(cache?: string): Promise<{ file: string; made: boolean }> {
  return prepareSnapshot(MIGRATIONS, await embeddedMigrator(), cache);
}

async function openEmbedded(directory: string | undefined): Promise<DatabaseHandle> {
  const { PgliteSession } = await import('drizzle-orm/pglite');
  const migrateClient = await embeddedMigrator();
  const client = drainOnClose(await startPglite(directory, MIGRATIONS, migrateClient));
  // Refused inside a transaction always: here the statement would wait for ever for the one connection.
  const guard = new TransactionGuard();
  const dialect = new PgDialect();
  const guarded = guardedPglite(client, guard);
  const db: Database = new GuardedDatabase(dialect, new PgliteSession(guarded, dialect, undefined), guard, guarded);
  // A no-op on a database made from the snapshot; brings an older data directory up to date.
  await migrateClient(client);
  let closed = false;
  return {
    db,
    reader: db,
    replicated: false,
    kind: 'embedded',
    ping: async () => {
      if (closed) throw Object.assign(new Error('Connection is closed'), { code: 'DB_UNAVAILABLE' });
      await db.execute(sql`SELECT 1`);
    },
    listen: (channel, handler) => listenOnPglite(client, channel, handler),
    exclusively: (_name, work) => work(),
    stats: () => ({ total: 1, idle: 1, waiting: 0 }),
    close: async () => {
      closed = true;
      await client.close();
    },
  };
}
