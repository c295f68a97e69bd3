import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppOverrides as ServiceOverrides } from './app-overrides.ts';
import { composeAuth, markRecentWriters, type Infrastructure } from './app-parts.ts';
import type { Config } from './config/index.ts';
import { systemClock } from './platform/clock.ts';
import { CacheBudget } from './platform/cache/cache-budget.ts';
import { openDatabase } from './platform/db/index.ts';
import { openStore } from './platform/kv/index.ts';
import { httpPlatform } from './platform/http/http.plugin.ts';
import { serverOptions } from './platform/http/server-options.ts';
import { loggerOptions } from './platform/observability/logger.ts';
import { NO_SPANS, type Spans } from './platform/observability/spans.ts';
import { registerOperations } from './platform/observability/operations.ts';
import { accessPlugin, rateLimitsFor } from './modules/access/index.ts';
import { LOGIN_BINDING_COOKIE, authRoutes } from './modules/auth/index.ts';
import { internalRoutes } from './modules/internal/index.ts';
import { ACCESS_COOKIE, EXPIRY_COOKIE, REFRESH_COOKIE, ambiguousCookies, tokensRoutes } from './modules/tokens/index.ts';
import { usersRoutes } from './modules/users/index.ts';
import { activitiesRoutes } from './modules/activities/index.ts';
import { venuesRoutes } from './modules/venues/index.ts';
import { profilesRoutes } from './modules/profiles/index.ts';
import { GameSchema, gamesRoutes } from './modules/games/index.ts';
import { SHARE_CODE_PATHS, shareLinksRoutes } from './modules/share-links/index.ts';
import { bookmarksRoutes } from './modules/bookmarks/index.ts';
import { notificationsRoutes } from './modules/notifications/index.ts';
import { seriesRoutes } from './modules/series/index.ts';
import { invitationsRoutes } from './modules/invitations/index.ts';
import { attendanceRoutes } from './modules/attendance/index.ts';
import { gameDayRoutes } from './modules/game-day/index.ts';
import { skillRoutes } from './modules/skill/index.ts';
import { CALENDAR_TOKEN_PATHS, calendarsRoutes } from './modules/calendars/index.ts';
import { jobsRoutes } from './modules/jobs/index.ts';
import { paymentsRoutes } from './modules/payments/index.ts';
import { chatRoutes } from './modules/chat/index.ts';
import { auditRoutes } from './modules/audit/index.ts';
import { registerDocs } from './api-docs.ts';
import { registerWebApp } from './web-app.ts';
import packageJson from '../package.json' with { type: 'json' };
import { composeServices, type Services } from './app-services.ts';

/**
 * What tests (and only tests) change in the app: the services' overrides (app-overrides.ts), and a
 * look at the services themselves, to change things as a caller other than a route would. The
 * latter is declared here, where the services are known, so the overrides need not import them.
 */
export interface AppOverrides extends ServiceOverrides {
  onServices?: (services: Services) => void;
  /** Another built web app to serve (a test that deploys a new version changes its own copy, not web/dist). */
  webAppDir?: string;
}

/**
 * Builds the whole service without listening; the server entry and the tests both use it. `spans`:
 * the tracing the server entry started (OTEL_EXPORTER_OTLP_ENDPOINT), none otherwise.
 */
export async function buildApp(config: Readonly<Config>, overrides: AppOverrides = {}, spans: Spans = NO_SPANS): Promise<FastifyInstance> {
  const app = Fastify({
    ...serverOptions({ trustProxy: config.trustProxy, traceId: spans.traceId }),
    logger: loggerOptions(config.logLevel, [...SHARE_CODE_PATHS, ...CALENDAR_TOKEN_PATHS], overrides.logStream),
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Outside production a statement sent to the pool inside a transaction fails loudly (it hangs the embedded database).
  const poolInsideTransaction = config.profile === 'production' ? 'allow' : 'refuse';
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, ...config.database, poolInsideTransaction });
  overrides.onDatabase?.(database);
  const storeKeyPrefix = overrides.storeKeyPrefix ?? '';
  const store = await openStore({ redisUrl: config.redisUrl, db: database.db, keyPrefix: storeKeyPrefix });
  app.addHook('onClose', async () => {
    await store.close();
    await database.close();
  });
  const caches = new CacheBudget(config.cacheBytes);
  const infra: Infrastructure = { config, database, store, storeKeyPrefix, clock: overrides.clock ?? systemClock, spans, caches };
  try {
    await assemble(app, infra, overrides);
  } catch (error) {
    // A start that fails part-way (a bad key, say) closes what it opened, so the process can end.
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}

/** Platform plugins, then every module's services and routes, on the open database and store. */
async function assemble(app: FastifyInstance, infra: Infrastructure, overrides: AppOverrides): Promise<void> {
  const { config } = infra;
  const services = await composeServices(app, infra, overrides);
  overrides.onServices?.(services);

  await app.register(httpPlatform);
  await app.register(helmet, { contentSecurityPolicy: false, global: true });
  // Not strict: an OPTIONS request that is not a preflight gets 204, not the plugin's text/plain 400.
  // The plugin's default methods (GET, HEAD, POST) would make browsers refuse every PUT and DELETE.
  await app.register(cors, {
    origin: config.corsAllowedOrigins.length ? config.corsAllowedOrigins : false,
    credentials: true,
    strictPreflight: false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposedHeaders: ['X-Request-Id', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After', 'WWW-Authenticate', 'Location'],
  });
  await app.register(cookie);
  // Before anything reads a cookie: a name sent twice counts as neither.
  await app.register(ambiguousCookies, { names: [ACCESS_COOKIE, REFRESH_COOKIE, EXPIRY_COOKIE, LOGIN_BINDING_COOKIE], secure: config.secureCookies });
  // Before any route: it refuses routes that have no access policy entry.
  await app.register(accessPlugin, {
    tokens: services.tokens,
    users: services.users,
    internalSecret: config.internalSecret,
    limits: rateLimitsFor(config.rateLimits, infra.store.rateLimits, infra.storeKeyPrefix),
    trustedOrigins: [config.baseUrl, config.frontendCallbackUrl, ...config.corsAllowedOrigins].map((url) => new URL(url).origin),
    production: config.profile === 'production',
  });
  markRecentWriters(app, services.reads);
  await registerDocs(app, config);
  await registerWebApp(app, config, overrides.webAppDir);
  await registerOperations(app, {
    database: infra.database,
    store: infra.store,
    caches: infra.caches.meters,
    app: { name: packageJson.name, version: packageJson.version },
    profile: config.profile,
  });

  await app.register(tokensRoutes, { config, tokens: services.tokens, keys: services.keys });
  await app.register(authRoutes, { config, auth: composeAuth(infra, services) });
  await app.register(internalRoutes, { users: services.users });
  await app.register(usersRoutes, { users: services.users });
  await app.register(profilesRoutes, { profiles: services.profiles });
  await app.register(activitiesRoutes, { activities: services.activities });
  await app.register(venuesRoutes, { venues: services.venues });
  await app.register(gamesRoutes, services.games);
  await app.register(seriesRoutes, services.series);
  await app.register(invitationsRoutes, { inbox: services.invitations });
  await app.register(shareLinksRoutes, { config, shareLinks: services.shareLinks });
  await app.register(bookmarksRoutes, { bookmarks: services.bookmarks, gameSchema: GameSchema });
  await app.register(notificationsRoutes, { notifications: services.notifications, streams: services.streams });
  await app.register(attendanceRoutes, services.attendance);
  await app.register(gameDayRoutes, services.gameDay);
  await app.register(skillRoutes, { skill: services.skill });
  await app.register(calendarsRoutes, { calendars: services.calendars });
  await app.register(jobsRoutes, { jobs: services.jobs });
  await app.register(paymentsRoutes, services.payments);
  await app.register(chatRoutes, { chat: services.chat, reports: services.chatReports });
  await app.register(auditRoutes, { audit: services.audit });
}
