import type { FastifyInstance } from 'fastify';
import type { ByteMeter } from '../cache/cache-budget.ts';
import type { DatabaseHandle } from '../db/index.ts';
import type { KeyValueStore } from '../kv/index.ts';
import { probe } from './health.ts';
import { registerMetrics } from './metrics.ts';
import { observabilityRoutes } from './observability.routes.ts';

export interface OperationsOptions {
  database: DatabaseHandle;
  store: KeyValueStore;
  /** What each in-process cache holds and may hold. */
  caches: ByteMeter[];
  app: { name: string; version: string };
  profile: string;
}

/** Metrics, health, readiness and info: what an operator's tooling reads. */
export async function registerOperations(app: FastifyInstance, { database, store, caches, app: about, profile }: OperationsOptions) {
  const registry = registerMetrics(app, {
    pool: database.stats,
    caches,
    storeUp: async () => (await probe(() => store.ping())) === 'UP',
  });
  await app.register(observabilityRoutes, {
    registry,
    checks: { db: database.ping, store: () => store.ping() },
    info: { app: about, runtime: { node: process.versions.node }, profile },
  });
}
