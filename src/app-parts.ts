import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppOverrides } from './app-overrides.ts';
import type { Config } from './config/index.ts';
import type { CacheBudget } from './platform/cache/cache-budget.ts';
import type { Clock } from './platform/clock.ts';
import type { Database, DatabaseHandle } from './platform/db/index.ts';
import type { ReadRoute } from './platform/db/read-route.ts';
import type { KeyValueStore } from './platform/kv/index.ts';
import type { Spans } from './platform/observability/spans.ts';
import {
  AuthService,
  LoginBinding,
  LoginStates,
  createNationalClient,
  createSocialClient,
  type IdentityProviderClient,
  type ProviderName,
} from './modules/auth/index.ts';
import type { SigningKeys, TokensService } from './modules/tokens/index.ts';
import type { UsersService } from './modules/users/index.ts';
import { createNotificationsModule, StreamEvents } from './modules/notifications/index.ts';
import { JobsService, standardJobs, type StandardJobsDeps } from './modules/jobs/index.ts';
import { describeError } from './platform/http/error-facts.ts';
import { ChatService, type ChatPushes } from './modules/chat/index.ts';
import type { GameLookups } from './modules/games/index.ts';
import { CursorCodec } from './platform/http/cursor.ts';
import {
  PaymentReleases,
  PaymentReminders,
  Sealer,
  type PaymentReleasesDeps,
  type PaymentRemindersDeps,
  type PaymentsService,
} from './modules/payments/index.ts';

// The parts of the composition root that tie a module to the app's lifecycle (start and close
// hooks); app.ts calls them in its dependency order, so it still shows every edge.

export interface Infrastructure {
  config: Readonly<Config>;
  database: DatabaseHandle;
  store: KeyValueStore;
  storeKeyPrefix: string;
  clock: Clock;
  /** Tracing's spans for work no request started (jobs, pushes); no-ops without tracing. */
  spans: Spans;
  /** CACHE_MB, split among the in-process caches; the metrics endpoint reads what each holds. */
  caches: CacheBudget;
}

/**
 * Notifications are written by the games transactions and streamed after commit; every instance
 * sends queued pushes (the outbox claim keeps them apart), jobs or not. A user's streams end when
 * the users' access signal names them (logout, deletion, from any instance). Streams end before the
 * server closes (it waits for their connections); the push sender and the listener stop before
 * the database closes.
 */
export async function composeNotifications(
  app: FastifyInstance,
  infra: Infrastructure,
  users: { users: UsersService; onAccessChange(handler: (userId: string | null) => void): void },
  overrides: AppOverrides,
) {
  const module = await createNotificationsModule({
    database: infra.database,
    clock: infra.clock,
    log: app.log,
    timeZone: infra.config.timeZone,
    fcm: infra.config.push.fcm,
    vapid: infra.config.push.vapid,
    webPushLoopback: infra.config.profile === 'test',
    maxDevicesPerUser: infra.config.maxDevicesPerUser,
    coalesceSeconds: infra.config.notificationCoalesceSeconds,
    push: overrides.pushGateway,
    liveUsers: (ids) => users.users.liveIds(ids),
    accessChanges: (handler) => users.onAccessChange(handler),
    streamHeartbeatMs: overrides.streamHeartbeatMs,
    streamLimits: infra.config.streamLimits,
    pushPollMs: overrides.pushPollMs,
    nameOf: async (id, executor) => (await users.users.namesOf([id], executor)).get(id),
    spans: infra.spans,
  });
  app.addHook('onReady', async () => module.startDelivery());
  app.addHook('preClose', async () => module.endStreams());
  app.addHook('onClose', async () => module.close());
  return { notifications: module.notifications, streams: module.streams };
}

/** The jobs run on a schedule (JOBS_ENABLED) under a cluster-wide lock; the scheduler stops before the database closes. */
export function composeJobs(app: FastifyInstance, infra: Infrastructure, parts: Omit<StandardJobsDeps, 'store'>, intervalMs?: number): JobsService {
  const jobs = new JobsService({ jobs: standardJobs({ ...parts, store: infra.store }), store: infra.store, log: app.log, spans: infra.spans });
  if (infra.config.jobsEnabled) app.addHook('onReady', async () => jobs.start(intervalMs));
  app.addHook('onClose', async () => jobs.stop());
  return jobs;
}

/** Sign-in: a client per configured provider; an unconfigured one answers 503 at login. */
export function composeAuth(infra: Infrastructure, services: { users: UsersService; tokens: TokensService; keys: SigningKeys }): AuthService {
  const { users, tokens, keys } = services;
  const { national, social } = infra.config;
  const clients: Partial<Record<ProviderName, IdentityProviderClient>> = {
    ...(national.issuer && national.clientId && national.clientJwks ? { national: createNationalClient(national) } : {}),
    ...(social.issuer && social.clientId && social.clientSecret ? { social: createSocialClient(social) } : {}),
  };
  const states = new LoginStates(infra.store, infra.config.loginStateTtl);
  const binding = new LoginBinding(keys.secretSeed);
  return new AuthService({ config: infra.config, clock: infra.clock, clients, states, binding, users, tokens });
}

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * With a read replica, every change a signed-in caller asks for (valid input, access granted)
 * first marks them as a recent writer, so their reads on any instance stay on the primary for a
 * few seconds and show what they just did.
 */
export function markRecentWriters(app: FastifyInstance, reads: ReadRoute): void {
  if (!reads.replicated) return;
  app.addHook('preHandler', async (request) => {
    if (CHANGES.has(request.method) && request.principal) await reads.writing(request.principal.userId);
  });
}

/** PAYMENTS_ENCRYPTION_KEY, or (never in production: config refuses it) a key derived from the signing keys' seed. */
export function paymentsSealer(key: string | undefined, seed: Buffer, app: FastifyInstance): Sealer {
  if (key) return new Sealer(Buffer.from(key, 'base64'));
  app.log.warn('PAYMENTS_ENCRYPTION_KEY is not set: PayNow details are sealed with a key derived from the signing keys (development only)');
  return Sealer.derived(seed);
}

/**
 * Money's jobs: reminders go through the notifications' producer, after bringing entries in line
 * with the roster; the organiser's release of unpaid places goes through the games module's
 * participation (the waitlist moves with it).
 */
export function composeMoneyJobs(
  infra: Infrastructure,
  parts: {
    games: PaymentRemindersDeps['games'] & PaymentReleasesDeps['games'];
    events: PaymentRemindersDeps['events'];
    payments: PaymentsService;
    participation: { releaseUnpaid: PaymentReleasesDeps['release'] };
  },
) {
  const { clock } = infra;
  const { db } = infra.database;
  const follow = (id: string) => parts.payments.followRoster(id);
  const reminders = new PaymentReminders({ db, clock, timeZone: infra.config.timeZone, games: parts.games, events: parts.events, follow });
  const releases = new PaymentReleases({
    db,
    clock,
    games: parts.games,
    release: (gameId, userId, tx) => parts.participation.releaseUnpaid(gameId, userId, tx),
    follow,
  });
  return { remindDue: () => reminders.remindDue(), summarise: () => reminders.summarise(), releaseDue: () => releases.releaseDue() };
}

/**
 * The chat asks games where a user stands (host, player, waiting) and who is in a game, nothing of
 * their tables; its live events and the board's go out over the notification stream.
 */
export function composeChat(infra: Infrastructure, core: { keys: SigningKeys; users: UsersService; notifications: ChatPushes }, lookups: GameLookups) {
  const streamEvents = new StreamEvents(infra.clock);
  const chatGames = {
    standing: (gameId: string, userId: string) => lookups.standing(gameId, userId),
    audience: (gameId: string) => lookups.audience(gameId),
    gamesOf: (userId: string) => lookups.gamesOf(userId),
  };
  const chat = new ChatService({
    db: infra.database.db,
    clock: infra.clock,
    cursors: new CursorCodec(core.keys.secretSeed),
    games: chatGames,
    names: (ids) => core.users.namesOf(ids),
    live: streamEvents,
    pushes: core.notifications,
  });
  return { streamEvents, chatGames, chat };
}

/**
 * The board live (#37): once a change to a game's board is committed, everyone on it (its hosts and
 * the players with a place) gets a `game-day.board` event and reads the board again. The services
 * that change a board call `changed`; the event carries nothing a refetch does not, so it is written
 * after the change's commit and a failure is only logged: the app's slow poll covers an event lost.
 */
export function boardLive(db: Database, lookups: GameLookups, streamEvents: StreamEvents, log: FastifyBaseLogger) {
  return {
    changed: async (gameId: string) => {
      try {
        const board = (await lookups.audience(gameId)).filter((member) => member.host || member.player === 'ACTIVE');
        const recipients = board.map((member) => ({ userId: member.userId, payload: { gameId } }));
        await streamEvents.publish({ name: 'game-day.board', gameId, recipients }, db);
      } catch (error) {
        log.warn({ err: describeError(error), gameId }, 'the board event could not be written');
      }
    },
  };
}
