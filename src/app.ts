import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config/index.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { openDatabase, type DatabaseHandle } from './platform/db/index.ts';
import { openStore, type KeyValueStore } from './platform/kv/index.ts';
import { httpPlatform } from './platform/http/http.plugin.ts';
import { serverOptions } from './platform/http/server-options.ts';
import { loggerOptions } from './platform/observability/logger.ts';
import { registerMetrics } from './platform/observability/metrics.ts';
import { observabilityRoutes } from './platform/observability/observability.routes.ts';
import { probe } from './platform/observability/health.ts';
import packageJson from '../package.json' with { type: 'json' };

export interface AppOverrides {
  clock?: Clock;
  /** Keeps parallel test apps apart on one Redis. */
  storeKeyPrefix?: string;
  /** A database opened by the caller (tests share one per file); the app will not close it. */
  database?: DatabaseHandle;
}

export interface AppContext {
  config: Readonly<Config>;
  database: DatabaseHandle;
  store: KeyValueStore;
  clock: Clock;
}

/** Builds the whole service without listening; the server entry and the tests both use it. */
export async function buildApp(config: Readonly<Config>, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...serverOptions({ trustProxy: config.trustProxy }),
    logger: loggerOptions(config.logLevel),
  }).withTypeProvider<TypeBoxTypeProvider>();

  const database = overrides.database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  const store = await openStore({ redisUrl: config.redisUrl, db: database.db, keyPrefix: overrides.storeKeyPrefix });
  const context: AppContext = { config, database, store, clock: overrides.clock ?? systemClock };
  app.addHook('onClose', async () => {
    await store.close();
    if (!overrides.database) await database.close();
  });

  await app.register(httpPlatform);
  await app.register(helmet, { contentSecurityPolicy: false, global: true });
  await app.register(cors, {
    origin: config.corsAllowedOrigins.length ? config.corsAllowedOrigins : false,
    credentials: true,
  });
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Match-organising service', version: packageJson.version },
      servers: [{ url: config.baseUrl }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'access_token' },
          internalSecret: { type: 'apiKey', in: 'header', name: 'X-Internal-Secret' },
        },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/swagger-ui', staticCSP: true });
  app.get('/v3/api-docs', { schema: { hide: true } }, async () => app.swagger());

  const registry = registerMetrics(app, {
    pool: database.stats,
    storeUp: async () => (await probe(() => store.ping())) === 'UP',
  });
  await app.register(observabilityRoutes, {
    registry,
    checks: { db: database.ping, store: () => store.ping() },
    info: { app: { name: packageJson.name, version: packageJson.version }, runtime: { node: process.versions.node }, profile: config.profile },
  });

  await registerModules(app, context);
  return app;
}

async function registerModules(_app: FastifyInstance, _context: AppContext): Promise<void> {
  // Business modules register here, each with the context it needs.
}
