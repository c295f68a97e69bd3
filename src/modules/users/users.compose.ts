import type { FastifyBaseLogger } from 'fastify';
import type { CacheBudget } from '../../platform/cache/cache-budget.ts';
import { SignalledCache } from '../../platform/cache/signalled-cache.ts';
import type { Clock } from '../../platform/clock.ts';
import type { DatabaseHandle } from '../../platform/db/index.ts';
import { ACCESS_CHANNEL, type AccessUser } from './users.repository.ts';
import { UsersService } from './users.service.ts';
import type { AuditTrail } from '../audit/index.ts';

export interface UsersModule {
  users: UsersService;
  /**
   * Calls `handler` with each user id the access signal names (a role change, a deletion, a
   * logout), from any instance; `null` when the listener was lost and is back (anything may have been missed).
   */
  onAccessChange(handler: (userId: string | null) => void): void;
  /** Stops listening: before the database closes. */
  close(): Promise<void>;
}

/**
 * The users service with its access cache, and the listener that keeps the cache honest: a role
 * change or an account deletion on any instance sends the user's id at commit, and every instance
 * forgets that user before its next request. A listener that lost its connection forgets
 * everything when it is back.
 */
export async function createUsersModule(deps: {
  database: DatabaseHandle;
  clock: Clock;
  log: FastifyBaseLogger;
  accessCacheMs: number;
  audit: AuditTrail;
  /** A counter every write to users bumps in its transaction (page_generations): see SignalledCache's `version`. */
  version?: () => Promise<string>;
  /** CACHE_MB: the access cache takes its `accessUsers` share. */
  caches?: CacheBudget;
}): Promise<UsersModule> {
  const cache = new SignalledCache<AccessUser>({
    clock: deps.clock,
    ttlMs: deps.accessCacheMs,
    version: deps.version,
    meter: deps.caches?.meter('accessUsers'),
  });
  const handlers: Array<(userId: string | null) => void> = [];
  const unlisten = await deps.database.listen(
    ACCESS_CHANNEL,
    (id) => {
      if (id === null) cache.signalAll();
      else cache.signal(id);
      for (const handler of handlers) handler(id);
    },
    deps.log,
  );
  return {
    users: new UsersService(deps.database.db, deps.audit, cache),
    onAccessChange: (handler) => {
      handlers.push(handler);
    },
    close: unlisten,
  };
}
