import type { FastifyInstance } from 'fastify';
import type { AppOverrides } from './app-overrides.ts';
import { composeJobs, composeNotifications, type Infrastructure } from './app-parts.ts';
import { AccessTokens, RefreshTokens, TokensService, loadSigningKeys } from './modules/tokens/index.ts';
import { createUsersModule } from './modules/users/index.ts';
import { ActivitiesService } from './modules/activities/index.ts';
import { VenuesService, loadSampleData, venuesUseActivity } from './modules/venues/index.ts';
import { ProfileContacts, ProfileLevels, ProfilesService } from './modules/profiles/index.ts';
import {
  GameCoHosts,
  GameCommands,
  GameJoinRequests,
  GameLookups,
  GameOccurrences,
  GameParticipation,
  GameQueries,
  GameSchedule,
  GameViewerPlace,
  gamesUseActivity,
  type PresentedGame,
} from './modules/games/index.ts';
import { StreamEvents } from './modules/notifications/index.ts';
import { ShareLinksService } from './modules/share-links/index.ts';
import { BookmarkMarks, BookmarksService } from './modules/bookmarks/index.ts';
import { createSeriesModule, forgetSeriesUser } from './modules/series/index.ts';
import { InvitationInbox, Invitations, type InvitationAcceptor, type InvitationKind } from './modules/invitations/index.ts';
import { AttendanceService, CheckedIn, DisputesService, OwnMarks, RatingAverages, RatingsService, recentNoShows } from './modules/attendance/index.ts';
import { GameDayRounds, GameDayScores, GameDayService } from './modules/game-day/index.ts';
import { SkillService } from './modules/skill/index.ts';
import { CalendarsService } from './modules/calendars/index.ts';
import { ChatReports, ChatService } from './modules/chat/index.ts';
import { AuditService, AuditTrail } from './modules/audit/index.ts';
import { SAMPLE_LOCK, startSampleGames } from './modules/sample/index.ts';
import { PayeesService, PaymentReleases, PaymentReminders, PaymentsService, Sealer, SeriesPaymentRules } from './modules/payments/index.ts';
import { CursorCodec } from './platform/http/cursor.ts';
import { generationReader, PageCache } from './platform/cache/page-cache.ts';
import { ReadRoute } from './platform/db/read-route.ts';

/**
 * The composition root: every module's services, handed what they need, in dependency order.
 * Each edge between modules is an argument here; no module reaches another by itself.
 */
export async function composeServices(app: FastifyInstance, infra: Infrastructure, overrides: AppOverrides) {
  const { config, database, store, clock } = infra;
  const { db } = database;
  const keys = await loadSigningKeys(config);
  // The access check's user is kept only while nothing was written to users (or pages) since: read
  // on the primary. Without a replica the pages read the same counter, so both share its reads.
  const generation = generationReader(db);
  const pageGeneration = database.reader === db ? generation : generationReader(database.reader);
  // Admins', organisers' and co-hosts' changes to others' or shared data: each written by the change's transaction.
  const audit = new AuditTrail(clock);
  const usersModule = await createUsersModule({
    database,
    clock,
    audit,
    log: app.log,
    accessCacheMs: config.accessUserCacheMs,
    version: generation,
  });
  app.addHook('onClose', async () => usersModule.close());
  const { users } = usersModule;
  const tokens = new TokensService({
    access: new AccessTokens(keys, config.jwt, clock),
    refresh: new RefreshTokens(store, config.jwt.refreshTokenTtl, { graceMs: config.jwt.refreshReuseGraceMs, clock }),
    users,
    config,
  });
  // Venues and games refer to activities, so an activity they use cannot be deleted.
  const activities = new ActivitiesService(db, audit, [venuesUseActivity, gamesUseActivity]);
  const venues = new VenuesService(db, activities, audit);
  // Only the on-disk embedded database (or SAMPLE_GAMES) gets sample data by itself, while it never had a venue
  // (PostgreSQL: `npm run db:seed`); instances starting together load it one after the other.
  if (config.databaseUrl === undefined || config.sampleGames) await database.exclusively(SAMPLE_LOCK, () => loadSampleData({ activities, venues }));
  const live = await composeNotifications(app, infra, usersModule, overrides);
  const { notifications } = live;

  // Games read share links and bookmarks to present a game; share links and bookmarks ask games
  // through the narrow parts that do not need them back (lookups, queries).
  const refs = { activities, venues, users };
  const reads = new ReadRoute({ database, store, afterWriteSeconds: config.database.readAfterWriteSeconds });
  const contacts = new ProfileContacts(db);
  const lookups = new GameLookups({ db, clock, ...refs });
  const shareLinks = new ShareLinksService({ db, config, games: lookups, store: infra.store, clock });
  const queries = new GameQueries({
    db,
    clock,
    timeZone: config.timeZone,
    cursors: new CursorCodec(keys.secretSeed),
    ...refs,
    shareLinks,
    bookmarks: new BookmarkMarks(db),
    ratings: new RatingAverages(db),
    contacts,
    // The page cache reads its generation where it reads its pages: an entry is never newer-labelled than its data.
    pages: new PageCache({ generation: pageGeneration, clock, maxBytes: config.pageCacheBytes }),
    reads,
  });
  const calendars = new CalendarsService({ db, clock, games: lookups, views: queries, baseUrl: config.baseUrl, timeZone: config.timeZone });
  const bookmarks = new BookmarksService<PresentedGame>({ db, games: queries });
  // The chat asks games where a user stands (host, player, waiting) and who is in a game, nothing of
  // their tables; its live events and the board's go out over the notification stream.
  const streamEvents = new StreamEvents(clock);
  const chatGames = {
    standing: (gameId: string, userId: string) => lookups.standing(gameId, userId),
    audience: (gameId: string) => lookups.audience(gameId),
    gamesOf: (userId: string) => lookups.gamesOf(userId),
  };
  const chat = new ChatService({
    db,
    clock,
    cursors: new CursorCodec(keys.secretSeed),
    games: chatGames,
    names: (ids) => users.namesOf(ids),
    live: streamEvents,
    pushes: notifications,
  });
  // A player the organiser removed may not come back through the game's links. Games read a player's
  // level through profiles' narrow part, which needs nothing back (profiles need participation).
  const levels = new ProfileLevels(db);
  // Skill ratings learn from game day's results; they read the ladder from activities and the declared level from profiles.
  const skill = new SkillService({ db, clock, activities, levels });
  const waitlist = { quietHours: config.waitlistQuietHours, timeZone: config.timeZone };
  const noShows = recentNoShows(db, clock);
  const participation = new GameParticipation({
    db,
    clock,
    events: notifications,
    activities,
    levels,
    waitlist,
    audit,
    onPlayerRemoved: (removal) => shareLinks.barFromGame(removal),
    recentNoShows: noShows,
  });
  // Invitations to be a regular or co-host: the series and games modules send them; accepting runs their acceptors (below).
  const invitations = new Invitations({ clock });
  const payees = new PayeesService({ db, clock, sealer: paymentsSealer(config.paymentsEncryptionKey, keys.secretSeed, app) });
  const payments = new PaymentsService({ db, clock, games: lookups, users, payees, audit });
  const profiles = new ProfilesService({
    db,
    users,
    activities,
    revokeTokens: (id) => tokens.revokeAll(id),
    gameTotals: (id) => lookups.totals(id),
    // Games first: hosted games are cancelled and joined ones left while the account still exists.
    deletionSteps: [
      // Series first: nothing opens for a deleted organiser, and no later date joins a deleted player.
      (id, tx) => forgetSeriesUser(id, tx),
      (id, tx) => invitations.forgetUser(id, tx),
      (id, tx) => participation.settleDeletedAccount(id, tx),
      (id, tx) => bookmarks.forgetUser(id, tx),
      (id, tx) => notifications.forgetUser(id, tx),
      (id, tx) => calendars.forgetUser(id, tx),
      (id, tx) => payees.forgetUser(id, tx),
      (id, tx) => skill.forgetUser(id, tx),
    ],
  });
  const attendance = {
    attendance: new AttendanceService({ db, clock, games: lookups, users, events: notifications, audit }),
    ratings: new RatingsService({ db, clock, games: lookups }),
    disputes: new DisputesService({ db, clock, users, games: lookups, events: notifications, audit }),
  };
  // Game day reads who is checked in from attendance, and who the caller is to the game from games.
  const gameDayDeps = { db, clock, games: lookups, attendance: new CheckedIn(db), users, skill, events: notifications };
  const gameDay = { session: new GameDayService(gameDayDeps), rounds: new GameDayRounds(gameDayDeps), scores: new GameDayScores({ ...gameDayDeps, audit }) };
  const commands = new GameCommands({
    db,
    clock,
    activities,
    venues,
    profiles,
    shareLinks,
    events: notifications,
    queries,
    waitlist,
    audit,
    removalSteps: [
      (id, tx) => shareLinks.deleteForGame(id, tx),
      (id, tx) => bookmarks.forgetGame(id, tx),
      (id, tx) => chat.forgetGame(id, tx),
      (id, tx) => notifications.forgetGame(id, tx),
      (id, tx) => attendance.ratings.forgetGame(id, tx),
      (id, tx) => payments.forgetGame(id, tx),
      (id, tx) => gameDay.session.forgetGame(id, tx),
    ],
  });
  const coHosts = new GameCoHosts({ db, clock, events: notifications, users, invitations, audit });
  const seriesGames = { occurrences: new GameOccurrences({ shareLinks, events: notifications }), commands, participation, coHosts };
  // A series' money rules live in payments, which copies them onto the series' games in the series' transactions.
  const seriesParts = { games: seriesGames, events: notifications, payments: new SeriesPaymentRules({ db, clock }) };
  const series = createSeriesModule({ db, clock, timeZone: config.timeZone, profiles, users, invitations, audit, ...seriesParts });
  const { members } = series.routes;
  const acceptors: Record<InvitationKind, InvitationAcceptor> = {
    SERIES_REGULAR: members.regularAcceptor,
    SERIES_CO_HOST: members.coHostAcceptor,
    GAME_CO_HOST: { accept: (invitation, tx) => coHosts.confirm(invitation.targetId, invitation.userId, tx) },
  };
  const schedule = new GameSchedule({ db, clock, events: notifications, waitlist });
  const auditLog = new AuditService({ db, clock, cursors: new CursorCodec(keys.secretSeed), retentionDays: config.auditRetentionDays });
  // Money's reminders go through the notifications' producer, after bringing entries in line with the roster.
  const paymentReminders = new PaymentReminders({
    db,
    clock,
    timeZone: config.timeZone,
    games: lookups,
    events: notifications,
    follow: (id) => payments.followRoster(id),
  });
  // The organiser's release of unpaid places goes through the games module's participation (the waitlist moves with it).
  const paymentReleases = new PaymentReleases({
    db,
    clock,
    games: lookups,
    release: (gameId, userId, tx) => participation.releaseUnpaid(gameId, userId, tx),
    follow: (id) => payments.followRoster(id),
  });
  const paymentJobs = {
    remindDue: () => paymentReminders.remindDue(),
    summarise: () => paymentReminders.summarise(),
    releaseDue: () => paymentReleases.releaseDue(),
  };
  const jobParts = { games: schedule, series: series.opening, notifications, chat, audit: auditLog, payments: paymentJobs };
  const jobs = composeJobs(app, infra, jobParts, overrides.jobsIntervalMs);
  if (config.sampleGames) {
    const games = {
      hosted: queries.hosted.bind(queries),
      create: commands.create.bind(commands),
      join: participation.join.bind(participation),
      grantShareAccess: lookups.grantShareAccess.bind(lookups),
    };
    await database.exclusively(SAMPLE_LOCK, () => startSampleGames(app.log, { users, profiles, activities, venues, games, clock, timeZone: config.timeZone }));
  }
  return {
    reads,
    keys,
    users,
    tokens,
    activities,
    venues,
    profiles,
    shareLinks,
    bookmarks,
    jobs,
    audit: auditLog,
    series: series.routes,
    invitations: new InvitationInbox({ db, clock, users, acceptors, audit }),
    attendance,
    gameDay,
    skill,
    calendars,
    payments: { payments, payees },
    chat,
    // Everyone on the board: its hosts and the players with a place.
    boardLive: {
      changed: async (gameId: string) => {
        const board = (await lookups.audience(gameId)).filter((member) => member.host || member.player === 'ACTIVE');
        const recipients = board.map((member) => ({ userId: member.userId, payload: { gameId } }));
        await streamEvents.publish({ name: 'game-day.board', gameId, recipients }, db);
      },
    },
    chatReports: new ChatReports({ db, clock, names: (ids) => users.namesOf(ids), games: chatGames, live: streamEvents, audit }),
    ...live,
    games: {
      queries,
      commands,
      participation,
      coHosts,
      requests: new GameJoinRequests({ db, clock, events: notifications, users, activities, levels, audit }),
      place: new GameViewerPlace({ db, clock, activities, levels, recentNoShows: noShows, attendance: new OwnMarks(db), contacts }),
    },
  };
}

/** PAYMENTS_ENCRYPTION_KEY, or (never in production: config refuses it) a key derived from the signing keys' seed. */
function paymentsSealer(key: string | undefined, seed: Buffer, app: FastifyInstance): Sealer {
  if (key) return new Sealer(Buffer.from(key, 'base64'));
  app.log.warn('PAYMENTS_ENCRYPTION_KEY is not set: PayNow details are sealed with a key derived from the signing keys (development only)');
  return Sealer.derived(seed);
}
