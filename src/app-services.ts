import type { FastifyInstance } from 'fastify';
import type { AppOverrides } from './app-overrides.ts';
import { boardLive, composeChat, composeJobs, composeMoneyJobs, composeNotifications, paymentsSealer, type Infrastructure } from './app-parts.ts';
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
import { ShareLinksService } from './modules/share-links/index.ts';
import { BookmarkMarks, BookmarksService } from './modules/bookmarks/index.ts';
import { createSeriesModule, forgetSeriesUser } from './modules/series/index.ts';
import { InvitationInbox, Invitations, type InvitationAcceptor, type InvitationKind } from './modules/invitations/index.ts';
import { AttendanceService, CheckedIn, DisputesService, OwnMarks, RatingAverages, RatingsService, recentNoShows } from './modules/attendance/index.ts';
import { GameDayRounds, GameDayScores, GameDayService } from './modules/game-day/index.ts';
import { SkillService } from './modules/skill/index.ts';
import { CalendarsService } from './modules/calendars/index.ts';
import { ChatReports } from './modules/chat/index.ts';
import { AuditService, AuditTrail } from './modules/audit/index.ts';
import { SAMPLE_LOCK, startSampleGames } from './modules/sample/index.ts';
import { PayeesService, PaymentsService, SeriesPaymentRules } from './modules/payments/index.ts';
import { CursorCodec } from './platform/http/cursor.ts';
import { generationReader, PageCache } from './platform/cache/page-cache.ts';
import { generationOf } from './platform/cache/local-generation.ts';
import { ReadRoute } from './platform/db/read-route.ts';

/**
 * The composition root: every module's services, handed what they need, in dependency order.
 * Each edge between modules is an argument here; no module reaches another by itself. The stages
 * below run top to bottom, each handed what the ones before it built.
 */
export async function composeServices(app: FastifyInstance, infra: Infrastructure, overrides: AppOverrides) {
  const core = await composeCore(app, infra, overrides);
  const reads = composeGameReads(app, infra, core);
  const people = composePeople(app, infra, core, reads);
  const hosting = composeHosting(infra, core, reads, people);
  const { config, clock, db } = { ...infra, db: infra.database.db };
  const { lookups, queries, participation, chat, streamEvents, chatGames } = reads;
  const schedule = new GameSchedule({ db, clock, events: core.notifications, waitlist: reads.waitlist });
  const auditLog = new AuditService({ db, clock, cursors: new CursorCodec(core.keys.secretSeed), retentionDays: config.auditRetentionDays });
  const payments = composeMoneyJobs(infra, { games: lookups, events: core.notifications, payments: people.payments, participation });
  const jobParts = { games: schedule, series: hosting.series.opening, notifications: core.notifications, chat, audit: auditLog, payments };
  const jobs = composeJobs(app, infra, jobParts, overrides.jobsIntervalMs);
  if (config.sampleGames) await startSample(app, infra, { ...core, ...people, ...reads, ...hosting });
  const { users, audit, keys, tokens, activities, venues, live } = core;
  return {
    reads: reads.reads,
    keys,
    users,
    tokens,
    activities,
    venues,
    profiles: people.profiles,
    shareLinks: reads.shareLinks,
    bookmarks: reads.bookmarks,
    jobs,
    audit: auditLog,
    series: hosting.series.routes,
    invitations: new InvitationInbox({ db, clock, users, acceptors: hosting.acceptors, audit }),
    attendance: people.attendance,
    gameDay: people.gameDay,
    skill: reads.skill,
    calendars: reads.calendars,
    payments: { payments: people.payments, payees: people.payees },
    chat,
    chatReports: new ChatReports({ db, clock, names: (ids) => users.namesOf(ids), games: chatGames, live: streamEvents, audit }),
    ...live,
    games: {
      queries,
      commands: hosting.commands,
      participation,
      coHosts: hosting.coHosts,
      requests: new GameJoinRequests({ db, clock, events: core.notifications, users, activities, levels: reads.levels, audit }),
      place: new GameViewerPlace({
        db,
        clock,
        activities,
        levels: reads.levels,
        recentNoShows: reads.noShows,
        attendance: new OwnMarks(db),
        contacts: reads.contacts,
      }),
    },
  };
}

export type Services = Awaited<ReturnType<typeof composeServices>>;

/** Signing keys, users and tokens, the catalogue (activities, venues), the audit trail and notifications. */
async function composeCore(app: FastifyInstance, infra: Infrastructure, overrides: AppOverrides) {
  const { config, database, store, clock } = infra;
  const { db } = database;
  const keys = await loadSigningKeys(config);
  // The access check's user is kept only while nothing was written to users (or pages) since: read
  // on the primary. Without a replica the pages read the same counter, so both share its reads.
  const generation = await generationOf(database, app.log);
  const pageGeneration = database.reader === db ? generation : generationReader(database.reader);
  // Admins', organisers' and co-hosts' changes to others' or shared data: each written by the change's transaction.
  const audit = new AuditTrail(clock);
  const { accessUserCacheMs: accessCacheMs } = config;
  const usersModule = await createUsersModule({ database, clock, audit, log: app.log, accessCacheMs, version: generation, caches: infra.caches });
  app.addHook('onClose', async () => usersModule.close());
  const { users } = usersModule;
  const tokens = new TokensService({
    access: new AccessTokens(keys, config.jwt, clock, infra.caches.meter('verifiedTokens')),
    refresh: new RefreshTokens(store, config.jwt.refreshTokenTtl, { graceMs: config.jwt.refreshReuseGraceMs, clock }),
    users,
    config,
  });
  // Venues and games refer to activities, so an activity they use cannot be deleted.
  const activities = new ActivitiesService(db, audit, [venuesUseActivity, gamesUseActivity], infra.caches);
  const venues = new VenuesService(db, activities, audit, infra.caches);
  // Only the on-disk embedded database (or SAMPLE_GAMES) gets sample data by itself, while it never had a venue
  // (PostgreSQL: `npm run db:seed`); instances starting together load it one after the other.
  if (config.databaseUrl === undefined || config.sampleGames) await database.exclusively(SAMPLE_LOCK, () => loadSampleData({ activities, venues }));
  const live = await composeNotifications(app, infra, usersModule, overrides);
  return { keys, pageGeneration, audit, users, tokens, activities, venues, live, notifications: live.notifications };
}
type Core = Awaited<ReturnType<typeof composeCore>>;

/**
 * Games read share links and bookmarks to present a game; share links and bookmarks ask games
 * through the narrow parts that do not need them back (lookups, queries). Then the chat and the
 * board live over the notification stream, the skill ratings and joining.
 */
function composeGameReads(app: FastifyInstance, infra: Infrastructure, core: Core) {
  const { config, database, store, clock } = infra;
  const { db } = database;
  const { activities, venues, users, keys, notifications } = core;
  const refs = { activities, venues, users };
  const reads = new ReadRoute({ database, store, afterWriteSeconds: config.database.readAfterWriteSeconds });
  const contacts = new ProfileContacts(db);
  const lookups = new GameLookups({ db, clock, ...refs });
  const shareLinks = new ShareLinksService({ db, config, games: lookups, store, clock });
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
    pages: new PageCache({ generation: core.pageGeneration, clock, meter: infra.caches.meter('pages') }),
    readerPages: infra.caches.meter('readerPages'),
    reads,
  });
  const calendars = new CalendarsService({ db, clock, games: lookups, views: queries, baseUrl: config.baseUrl, timeZone: config.timeZone });
  const bookmarks = new BookmarksService<PresentedGame>({ db, games: queries });
  // Games read a player's level through profiles' narrow part, which needs nothing back (profiles need participation).
  const levels = new ProfileLevels(db);
  // Skill ratings learn from game day's results; they read the ladder from activities and the declared level from profiles.
  const skill = new SkillService({ db, clock, activities, levels });
  const waitlist = { quietHours: config.waitlistQuietHours, timeZone: config.timeZone };
  const noShows = recentNoShows(db, clock);
  const live = composeChat(infra, core, lookups);
  // Game day, check-in, attendance marks and a player's guests change a game's board: each tells it once committed.
  const board = boardLive(db, lookups, live.streamEvents, app.log);
  const participation = new GameParticipation({
    db,
    clock,
    events: notifications,
    activities,
    levels,
    waitlist,
    audit: core.audit,
    onPlayerRemoved: (removal) => shareLinks.barFromGame(removal), // a removed player may not come back through a link
    recentNoShows: noShows,
    boardChanged: board.changed,
  });
  return {
    reads,
    contacts,
    lookups,
    shareLinks,
    queries,
    calendars,
    bookmarks,
    levels,
    skill,
    waitlist,
    noShows,
    participation,
    board,
    ...live,
  };
}
type GameReads = ReturnType<typeof composeGameReads>;

/** Invitations, money, profiles (with an account's deletion steps), attendance and game day. */
function composePeople(app: FastifyInstance, infra: Infrastructure, core: Core, reads: GameReads) {
  const { config, clock } = infra;
  const { db } = infra.database;
  const { users, activities, audit, notifications } = core;
  const { lookups, participation, bookmarks, calendars, skill, board } = reads;
  // Invitations to be a regular or co-host: the series and games modules send them; accepting runs their acceptors.
  const invitations = new Invitations({ clock });
  const payees = new PayeesService({ db, clock, sealer: paymentsSealer(config.paymentsEncryptionKey, core.keys.secretSeed, app) });
  const payments = new PaymentsService({ db, clock, games: lookups, users, payees, audit });
  const profiles = new ProfilesService({
    db,
    users,
    activities,
    revokeTokens: (id) => core.tokens.revokeAll(id),
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
    attendance: new AttendanceService({ db, clock, games: lookups, users, events: notifications, audit, boardChanged: board.changed }),
    ratings: new RatingsService({ db, clock, games: lookups }),
    disputes: new DisputesService({ db, clock, users, games: lookups, events: notifications, audit }),
  };
  // Game day reads who is checked in from attendance, and who the caller is to the game from games.
  const gameDayDeps = { db, clock, games: lookups, attendance: new CheckedIn(db), users, skill, events: notifications, boardChanged: board.changed };
  const gameDay = { session: new GameDayService(gameDayDeps), rounds: new GameDayRounds(gameDayDeps), scores: new GameDayScores({ ...gameDayDeps, audit }) };
  return { invitations, payees, payments, profiles, attendance, gameDay };
}
type People = ReturnType<typeof composePeople>;

/** A game's commands (with what a hard delete removes elsewhere), co-hosts, and series built on them. */
function composeHosting(infra: Infrastructure, core: Core, reads: GameReads, people: People) {
  const { config, clock } = infra;
  const { db } = infra.database;
  const { activities, venues, audit, notifications, users } = core;
  const { shareLinks, bookmarks, chat, queries, waitlist, participation } = reads;
  const commands = new GameCommands({
    db,
    clock,
    activities,
    venues,
    profiles: people.profiles,
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
      (id, tx) => people.attendance.ratings.forgetGame(id, tx),
      (id, tx) => people.payments.forgetGame(id, tx),
      (id, tx) => people.gameDay.session.forgetGame(id, tx),
    ],
  });
  const { invitations, profiles } = people;
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
  return { commands, coHosts, series, acceptors };
}

/** SAMPLE_GAMES: sample organisers host games through the games module, one instance at a time. */
async function startSample(app: FastifyInstance, infra: Infrastructure, built: Core & People & GameReads & ReturnType<typeof composeHosting>) {
  const { users, profiles, activities, venues, queries, participation, lookups, commands } = built;
  const games = {
    hosted: queries.hosted.bind(queries),
    create: commands.create.bind(commands),
    join: participation.join.bind(participation),
    grantShareAccess: lookups.grantShareAccess.bind(lookups),
  };
  const { clock, config } = infra;
  await infra.database.exclusively(SAMPLE_LOCK, () =>
    startSampleGames(app.log, { users, profiles, activities, venues, games, clock, timeZone: config.timeZone }),
  );
}
