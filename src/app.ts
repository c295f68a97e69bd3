import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config/index.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { openDatabase, type DatabaseHandle } from './platform/db/index.ts';
import { openStore, type KeyValueStore } from './platform/kv/index.ts';
import { RedisStore } from './platform/kv/redis-store.ts';
import { httpPlatform } from './platform/http/http.plugin.ts';
import { serverOptions } from './platform/http/server-options.ts';
import { loggerOptions } from './platform/observability/logger.ts';
import { registerMetrics } from './platform/observability/metrics.ts';
import { observabilityRoutes } from './platform/observability/observability.routes.ts';
import { probe } from './platform/observability/health.ts';
import { RateLimit } from './platform/rate-limit/rate-limiter.ts';
import { accessPlugin } from './modules/access/index.ts';
import {
  AuthService, LoginStates, authRoutes, createNationalClient, createSocialClient,
  type IdentityProviderClient, type ProviderName,
} from './modules/auth/index.ts';
import { internalRoutes } from './modules/internal/index.ts';
import { AccessTokens, RefreshTokens, TokensService, loadSigningKeys, tokensRoutes, type SigningKeys } from './modules/tokens/index.ts';
import { UsersService, usersRoutes } from './modules/users/index.ts';
import { ActivitiesService, activitiesRoutes } from './modules/activities/index.ts';
import { VenuesService, loadSampleData, venuesRoutes } from './modules/venues/index.ts';
import { ProfilesService, profilesRoutes } from './modules/profiles/index.ts';
import { GameSchema, GamesService, gamesRoutes, type PresentedGame } from './modules/games/index.ts';
import { ShareLinksService, shareLinksRoutes } from './modules/share-links/index.ts';
import { BookmarksService, bookmarksRoutes } from './modules/bookmarks/index.ts';
import { createNotificationsModule, notificationsRoutes } from './modules/notifications/index.ts';
import { JobsService, jobsRoutes, standardJobs } from './modules/jobs/index.ts';
import { loadSampleGames } from './modules/sample/index.ts';
import { registerDocs } from './api-docs.ts';
import { CursorCodec } from './platform/http/cursor.ts';
import packageJson from '../package.json' with { type: 'json' };

export interface AppOverrides {
  clock?: Clock;
  /** Keeps parallel test apps apart on one Redis. */
  storeKeyPrefix?: string;
  /** Notification stream heartbeat and sweep interval; tests shorten it. */
  streamHeartbeatMs?: number;
}

interface Infrastructure {
  config: Readonly<Config>;
  database: DatabaseHandle;
  store: KeyValueStore;
  storeKeyPrefix: string;
  clock: Clock;
}

/** Builds the whole service without listening; the server entry and the tests both use it. */
export async function buildApp(config: Readonly<Config>, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...serverOptions({ trustProxy: config.trustProxy }),
    logger: loggerOptions(config.logLevel),
  }).withTypeProvider<TypeBoxTypeProvider>();

  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const storeKeyPrefix = overrides.storeKeyPrefix ?? '';
  const store = await openStore({ redisUrl: config.redisUrl, db: database.db, keyPrefix: storeKeyPrefix });
  app.addHook('onClose', async () => {
    await store.close();
    await database.close();
  });
  const infra: Infrastructure = { config, database, store, storeKeyPrefix, clock: overrides.clock ?? systemClock };
  const services = await composeServices(infra);
  const sharing = composeSharing(infra, services);
  const live = await composeNotifications(app, infra, services, overrides.streamHeartbeatMs);
  if (config.sampleGames) await sampleGames(app, infra, services);

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
  // Before any route: it refuses routes that have no access policy entry.
  await app.register(accessPlugin, {
    tokens: services.tokens,
    users: services.users,
    internalSecret: config.internalSecret,
    limits: rateLimits(infra),
  });
  await registerDocs(app, config);
  await registerOperations(app, infra);

  await app.register(tokensRoutes, { config, tokens: services.tokens, keys: services.keys });
  await app.register(authRoutes, { config, auth: composeAuth(infra, services.users, services.tokens) });
  await app.register(internalRoutes, { users: services.users });
  await app.register(usersRoutes, { users: services.users });
  await app.register(profilesRoutes, { profiles: services.profiles });
  await app.register(activitiesRoutes, { activities: services.activities });
  await app.register(venuesRoutes, { venues: services.venues });
  await app.register(gamesRoutes, { games: services.games });
  await app.register(shareLinksRoutes, { config, shareLinks: sharing.shareLinks });
  await app.register(bookmarksRoutes, { bookmarks: sharing.bookmarks, gameSchema: GameSchema });
  await app.register(notificationsRoutes, { notifications: live.notifications, streams: live.streams });
  await app.register(jobsRoutes, { jobs: live.jobs });
  return app;
}

/** The composition root: each module's services, handed what they need. */
async function composeServices(infra: Infrastructure): Promise<{
  keys: SigningKeys; users: UsersService; tokens: TokensService;
  activities: ActivitiesService; venues: VenuesService; profiles: ProfilesService;
  games: GamesService;
}> {
  const { config, database, store, clock } = infra;
  const keys = await loadSigningKeys(config);
  const users = new UsersService(database.db);
  const tokens = new TokensService({
    access: new AccessTokens(keys, config.jwt, clock),
    refresh: new RefreshTokens(store, config.jwt.refreshTokenTtl),
    users,
    config,
  });
  const activities = new ActivitiesService(database.db);
  const venues = new VenuesService(database.db, activities);
  const profiles = new ProfilesService({ db: database.db, users, activities, revokeTokens: (id) => tokens.revokeAll(id) });
  // Only the on-disk embedded database (or SAMPLE_GAMES, which needs the venues) gets sample data by
  // itself, and only while it never had a venue; PostgreSQL otherwise via `npm run db:seed`.
  if (config.databaseUrl === undefined || config.sampleGames) await loadSampleData({ activities, venues });
  const games = new GamesService({
    db: database.db, clock, timeZone: config.timeZone, cursors: new CursorCodec(keys.secretSeed), activities, venues, users, profiles,
  });
  return { keys, users, tokens, activities, venues, profiles, games };
}

/** Share links and bookmarks need games and games need them: the knot is tied here. */
function composeSharing(infra: Infrastructure, services: { games: GamesService; profiles: ProfilesService }) {
  const { games, profiles } = services;
  const shareLinks = new ShareLinksService(infra.database.db, infra.config);
  const bookmarks = new BookmarksService<PresentedGame>(infra.database.db);
  shareLinks.useGames(games);
  bookmarks.useGames({ requireVisible: (id, viewer) => games.get(id, viewer), presentMany: (ids, viewer) => games.presentMany(ids, viewer) });
  games.useShareLinks(shareLinks);
  games.useBookmarks(bookmarks);
  games.onGameRemoved((gameId, executor) => shareLinks.deleteForGame(gameId, executor));
  games.onGameRemoved((gameId, executor) => bookmarks.forgetGame(gameId, executor));
  profiles.onAccountDeletion((userId, executor) => bookmarks.forgetUser(userId, executor));
  return { shareLinks, bookmarks };
}

/**
 * Notifications are written by the games transactions and streamed after commit; the jobs run on
 * a schedule (JOBS_ENABLED) under a cluster-wide lock. Streams end before the server closes (it
 * waits for their connections); the scheduler and listener stop before the database closes.
 */
async function composeNotifications(
  app: FastifyInstance, infra: Infrastructure, services: { games: GamesService; profiles: ProfilesService; users: UsersService }, streamHeartbeatMs?: number,
) {
  const { games, profiles, users } = services;
  const module = await createNotificationsModule({
    database: infra.database, databaseUrl: infra.config.databaseUrl, clock: infra.clock, log: app.log, timeZone: infra.config.timeZone,
    liveUsers: (ids) => users.liveIds(ids), streamHeartbeatMs,
    nameOf: async (id, executor) => (await users.namesOf([id], executor)).get(id),
  });
  const { notifications } = module;
  games.useEvents(notifications);
  games.onGameRemoved((gameId, executor) => notifications.forgetGame(gameId, executor));
  profiles.onAccountDeletion((userId, executor) => notifications.forgetUser(userId, executor));
  const jobs = new JobsService({ jobs: standardJobs({ games, notifications, store: infra.store }), store: infra.store, log: app.log });
  if (infra.config.jobsEnabled) app.addHook('onReady', async () => jobs.start());
  app.addHook('preClose', async () => module.endStreams());
  app.addHook('onClose', async () => {
    await jobs.stop();
    await module.close();
  });
  return { notifications, streams: module.streams, jobs };
}

/** `npm start`: sample people and games (after sharing and notifications are wired, so they get links and notices). */
async function sampleGames(app: FastifyInstance, infra: Infrastructure, services: Awaited<ReturnType<typeof composeServices>>) {
  const result = await loadSampleGames({ ...services, clock: infra.clock, timeZone: infra.config.timeZone });
  if (result.skipped) app.log.warn(`sample games skipped: ${result.skipped}`);
  else app.log.info({ created: result.created }, 'sample games ready');
  const [shareUrl] = result.privateShareUrls;
  if (shareUrl) app.log.info({ shareUrl }, `sample private game: ${shareUrl}`);
}

/** Sign-in: a client per configured provider; an unconfigured one answers 503 at login. */
function composeAuth(infra: Infrastructure, users: UsersService, tokens: TokensService): AuthService {
  const { national, social } = infra.config;
  const clients: Partial<Record<ProviderName, IdentityProviderClient>> = {
    ...(national.issuer && national.clientId && national.clientJwks ? { national: createNationalClient(national) } : {}),
    ...(social.issuer && social.clientId && social.clientSecret ? { social: createSocialClient(social) } : {}),
  };
  const states = new LoginStates(infra.store, infra.config.loginStateTtl);
  return new AuthService({ config: infra.config, clock: infra.clock, clients, states, users, tokens });
}

function rateLimits(infra: Infrastructure) {
  const { config, store, storeKeyPrefix } = infra;
  const redis = store instanceof RedisStore ? store.client : undefined;
  const limit = (name: string, points: number) => new RateLimit({ name, points, redis, keyPrefix: storeKeyPrefix });
  const share = limit('share', config.rateLimits.shareResolve);
  return {
    'public-read': { anonymous: limit('public-anon', config.rateLimits.publicAnon), user: limit('public-user', config.rateLimits.publicUser) },
    'share-resolve': { anonymous: share, user: share },
  };
}

async function registerOperations(app: FastifyInstance, infra: Infrastructure) {
  const { database, store, config } = infra;
  const registry = registerMetrics(app, {
    pool: database.stats,
    storeUp: async () => (await probe(() => store.ping())) === 'UP',
  });
  await app.register(observabilityRoutes, {
    registry,
    checks: { db: database.ping, store: () => store.ping() },
    info: { app: { name: packageJson.name, version: packageJson.version }, runtime: { node: process.versions.node }, profile: config.profile },
  });
}
