import { parseRedisUrl, RedisUrlError } from '../platform/kv/redis-url.ts';
import { checkedWith } from './checked.ts';
import { ConfigError, type Reader } from './reader.ts';

export interface DatabaseTopology {
  /**
   * A direct connection (not through a transaction-mode pooler) for what needs a session of its
   * own: LISTEN, the migration lock, migrations. `DATABASE_DIRECT_URL`, else `DATABASE_URL`.
   */
  directUrl: string | undefined;
  /** `unnamed` drops statement names, for poolers that cannot keep named statements (PgBouncer before 1.21 in transaction mode). */
  preparedStatements: 'named' | 'unnamed';
  /** A streaming replica for listings and public reads (`DATABASE_READ_URL`); undefined: every read on the primary. */
  readUrl: string | undefined;
  /** How long a user's reads stay on the primary after their last write (`DATABASE_READ_AFTER_WRITE_SECONDS`). */
  readAfterWriteSeconds: number;
}

const POSTGRES = ['postgres:', 'postgresql:'];

export function parseDatabaseTopology(read: Reader, databaseUrl: string | undefined): DatabaseTopology {
  const onPostgres = databaseUrl !== undefined && POSTGRES.includes(new URL(databaseUrl).protocol);
  const directUrl = read.url('DATABASE_DIRECT_URL', undefined, POSTGRES);
  if (directUrl !== undefined && !onPostgres) throw new ConfigError('DATABASE_DIRECT_URL', 'needs DATABASE_URL to be a postgres:// URL');
  // A separate direct URL says DATABASE_URL goes through a pooler, which may not keep named statements.
  const pooled = directUrl !== undefined && directUrl !== databaseUrl;
  const readUrl = read.url('DATABASE_READ_URL', undefined, POSTGRES);
  if (readUrl !== undefined && !onPostgres) throw new ConfigError('DATABASE_READ_URL', 'needs DATABASE_URL to be a postgres:// URL');
  return {
    directUrl: onPostgres ? (directUrl ?? databaseUrl) : undefined,
    preparedStatements: read.oneOf('DATABASE_PREPARED_STATEMENTS', pooled ? 'unnamed' : 'named', ['named', 'unnamed']),
    readUrl,
    readAfterWriteSeconds: read.integer('DATABASE_READ_AFTER_WRITE_SECONDS', 5, 1, 3600),
  };
}

/** `REDIS_URL` in any of its three forms (see redis-url.ts); kept as written, checked now. */
export function parseRedisTarget(value: string | undefined): string | undefined {
  return checkedWith('REDIS_URL', value, parseRedisUrl, RedisUrlError);
}
