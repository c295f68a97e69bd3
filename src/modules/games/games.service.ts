import type { Clock } from '../../platform/clock.ts';
import { isUniqueViolation, type Database, type Executor } from '../../platform/db/index.ts';
import type { CursorCodec } from '../../platform/http/cursor.ts';
import { AppError, badRequest, conflict, notFound, validationFailed, type FieldError } from '../../platform/http/errors.ts';
import type { ActivitiesService } from '../activities/index.ts';
import type { ProfilesService } from '../profiles/index.ts';
import type { UsersService } from '../users/index.ts';
import type { VenuesService } from '../venues/index.ts';
import { presentGame, presentParticipant, presentParticipation, type GameRefs, type GameView, type PresentedGame } from './games.presenter.ts';
import { noBookmarks, noEvents, noShareLinks, type GameBookmarks, type GameEvents, type GameEventType, type GameRemovalHook, type GameShareLinks } from './games.ports.ts';
import { GamesRepository, type GameFilter, type GameRow, type GameValues, type PageRow, type Position } from './games.repository.ts';
import type { CreateGameInput, GameFilterInput, UpdateGameInput } from './games.schemas.ts';

export interface GamesServiceDeps {
  db: Database;
  clock: Clock;
  /** APP_TIME_ZONE: dates and HH:mm of the filters are read in it. */
  timeZone: string;
  cursors: CursorCodec;
  activities: ActivitiesService;
  venues: VenuesService;
  users: UsersService;
  profiles: ProfilesService;
}

export interface Actor { userId: string; roles: string[] }

export interface UpcomingGame { gameId: string; title: string | null; startTime: Date; playerIds: string[] }

export interface CursorRequest { cursor?: string; size: number }

export interface GameSummary {
  id: string; title: string | null; activityName: string; venueName: string; venueAddress: string;
  startTime: Date; endTime: Date; playersJoined: number; slots: number; status: GameRow['status']; visibility: GameRow['visibility'];
  waitlisted: number; price: string; currency: string; skillLevelFrom: string; skillLevelTo: string;
}

const LEAVE_WINDOW_MS = 24 * 60 * 60 * 1000;
const GEO_PARAMS = ['lat', 'lng', 'radiusKm'] as const;

const gameNotFound = () => notFound('The game was not found.', 'game_not_found');
const notJoinable = (detail: string) => conflict('game_not_joinable', detail);
const field = (name: string, message: string): FieldError => ({ field: name, location: 'body', message });

export class GamesService {
  readonly #db: Database;
  readonly #clock: Clock;
  readonly #timeZone: string;
  readonly #cursors: CursorCodec;
  readonly #activities: ActivitiesService;
  readonly #venues: VenuesService;
  readonly #users: UsersService;
  readonly #profiles: ProfilesService;
  #shareLinks: GameShareLinks = noShareLinks;
  #bookmarks: GameBookmarks = noBookmarks;
  #events: GameEvents = noEvents;
  readonly #removalHooks: GameRemovalHook[] = [];

  constructor(deps: GamesServiceDeps) {
    this.#db = deps.db;
    this.#clock = deps.clock;
    this.#timeZone = deps.timeZone;
    this.#cursors = deps.cursors;
    this.#activities = deps.activities;
    this.#venues = deps.venues;
    this.#users = deps.users;
    this.#profiles = deps.profiles;
    // Games hold the references, so they answer for them and settle them when an account goes.
    deps.activities.registerUsageCheck((activityId, executor) => new GamesRepository(executor).usesActivity(activityId));
    deps.profiles.useGameTotals((userId) => new GamesRepository(this.#db).totals(userId));
    deps.profiles.onAccountDeletion((userId, executor) => this.#settleDeletedAccount(userId, executor));
  }

  useShareLinks(shareLinks: GameShareLinks): void { this.#shareLinks = shareLinks; }
  useBookmarks(bookmarks: GameBookmarks): void { this.#bookmarks = bookmarks; }
  useEvents(events: GameEvents): void { this.#events = events; }
  /** Runs inside a hard delete's transaction before the game row goes: remove what refers to the game. */
  onGameRemoved(hook: GameRemovalHook): void { this.#removalHooks.push(hook); }

  // Reads

  async list(query: GameFilterInput & CursorRequest, viewerId: string | null): Promise<{ content: PresentedGame[]; nextCursor: string | null }> {
    const filter = await this.#filter(query);
    const scope = `games:list:${scopeOf(query)}`;
    return this.#page(query, scope, viewerId, (position, limit) => new GamesRepository(this.#db).listPage(filter, viewerId, position, limit));
  }

  async joined(userId: string, query: CursorRequest & { includePast: boolean }) {
    const from = query.includePast ? undefined : this.#clock.now();
    return this.#page(query, `games:joined:${query.includePast}`, userId, (position, limit) => new GamesRepository(this.#db).joinedPage(userId, from, position, limit));
  }

  async hosted(userId: string, query: CursorRequest & { includePast: boolean }) {
    const from = query.includePast ? undefined : this.#clock.now();
    return this.#page(query, `games:hosted:${query.includePast}`, userId, (position, limit) => new GamesRepository(this.#db).hostedPage(userId, from, position, limit));
  }

  async filterOptions(query: GameFilterInput, viewerId: string | null) {
    const repository = new GamesRepository(this.#db);
    const options = await repository.filterOptions(await this.#filter(query), viewerId);
    const [venues, skillLevels] = await Promise.all([this.#venues.summariesOf(options.venueIds), this.#activities.levelsOf(options.levelIds)]);
    return { venues, skillLevels, startTimes: options.startTimes, gameTypes: options.gameTypes as Array<'SINGLE' | 'DOUBLE'> };
  }

  async get(id: string, viewerId: string | null): Promise<PresentedGame> {
    await this.requireVisible(id, viewerId);
    const [game] = await this.presentMany([id], viewerId);
    if (!game) throw gameNotFound();
    return game;
  }

  /** 404 unless the game exists and the viewer may see it (PRIVATE: organiser, player, share access). */
  async requireVisible(gameId: string, viewerId: string | null): Promise<void> {
    if (!await new GamesRepository(this.#db).isVisible(gameId, viewerId)) throw gameNotFound();
  }

  /** The games among `ids` the viewer may see, presented, in the given order. */
  async presentMany(ids: string[], viewerId: string | null): Promise<PresentedGame[]> {
    const repository = new GamesRepository(this.#db);
    const visible = await repository.visibleAmong([...new Set(ids)], viewerId);
    return this.#present(repository, ids.filter((id) => visible.has(id)), viewerId);
  }

  async participants(gameId: string, viewerId: string) {
    await this.requireVisible(gameId, viewerId);
    const repository = new GamesRepository(this.#db);
    const game = await repository.find(gameId);
    const rows = await repository.participantsOf(gameId);
    const names = await this.#users.namesOf(rows.map((row) => row.userId));
    return rows.map((row) => presentParticipant({ ...row, name: names.get(row.userId) ?? null }, game!.organizerId));
  }

  async isMember(userId: string, gameId: string): Promise<boolean> {
    const repository = new GamesRepository(this.#db);
    const game = await repository.find(gameId);
    if (!game) return false;
    return game.organizerId === userId || (await repository.participant(gameId, userId)) !== undefined;
  }

  async summaryForShare(gameId: string): Promise<GameSummary | undefined> {
    const repository = new GamesRepository(this.#db);
    const game = await repository.find(gameId);
    if (!game) return undefined;
    const refs = (await this.#refsOf([game])).get(gameId);
    if (!refs) return undefined;
    return {
      id: game.id, title: game.title, activityName: refs.activityName, venueName: refs.venueName, venueAddress: refs.venueAddress,
      startTime: game.startTime, endTime: game.endTime, playersJoined: game.playersJoined, slots: game.slots,
      status: effectiveStatus(game, this.#clock.now()), visibility: game.visibility,
      waitlisted: game.waitlisted, price: game.price, currency: game.currency, skillLevelFrom: refs.fromName, skillLevelTo: refs.toName,
    };
  }

  async grantShareAccess(userId: string, gameId: string): Promise<void> {
    const repository = new GamesRepository(this.#db);
    if (!await repository.find(gameId)) throw gameNotFound();
    await repository.grantShareAccess(gameId, userId, this.#clock.now());
  }

  // Writes

  async create(organizerId: string, input: CreateGameInput): Promise<PresentedGame> {
    if (!await this.#profiles.hasCompletedOnboarding(organizerId)) {
      throw conflict('onboarding_required', 'Complete onboarding (POST /api/v1/me) before hosting a game.');
    }
    const startTime = new Date(input.startTime);
    const endTime = new Date(input.endTime);
    this.#checkTimes(startTime, endTime, true);
    await this.#checkRefs(input.activityId, input.venueId, input.skillLevelFromId, input.skillLevelToId);
    const values: GameValues = {
      activityId: input.activityId, organizerId, venueId: input.venueId,
      skillLevelFromId: input.skillLevelFromId, skillLevelToId: input.skillLevelToId,
      title: input.title?.trim() || null, description: input.description?.trim() || null,
      currency: input.currency, price: input.price, slots: input.slots, startTime, endTime,
      visibility: input.visibility, gameType: input.gameType,
    };
    const id = await this.#db.transaction(async (tx) => {
      if ((await this.#activities.lockForUse([input.activityId], tx)).length) throw validationFailed([field('activityId', 'is not a known activity')]);
      const repository = new GamesRepository(tx);
      await repository.lockOrganizerSchedule(organizerId);
      if (await repository.hasOverlap(organizerId, startTime, endTime)) throw overlapping();
      const now = this.#clock.now();
      const game = await repository.insert(values);
      if (input.joinAsOrganizer) {
        await repository.addParticipant({ gameId: game.id, userId: organizerId, status: 'ACTIVE', joinedAt: now });
        await repository.adjustCounts(game.id, { active: 1, waitlisted: 0 });
      }
      await this.#shareLinks.createForGame(game.id, tx);
      return game.id;
    });
    return this.get(id, organizerId);
  }

  async update(organizerId: string, gameId: string, patch: UpdateGameInput): Promise<PresentedGame> {
    // Checked before the transaction: other modules' reads use their own connection (and the
    // embedded database has only one). The activity never changes, so the check stays true.
    const current = await new GamesRepository(this.#db).find(gameId);
    if (!current || current.organizerId !== organizerId) throw gameNotFound();
    const errors: FieldError[] = [];
    if (patch.activityId !== undefined && patch.activityId !== current.activityId) errors.push(field('activityId', 'cannot be changed'));
    if (patch.visibility !== undefined && patch.visibility !== current.visibility) errors.push(field('visibility', 'cannot be changed'));
    if (errors.length) throw validationFailed(errors);
    if (patch.venueId || patch.skillLevelFromId || patch.skillLevelToId) {
      await this.#checkRefs(current.activityId, patch.venueId, patch.skillLevelFromId ?? current.skillLevelFromId, patch.skillLevelToId ?? current.skillLevelToId);
    }
    await this.#db.transaction(async (tx) => {
      const repository = new GamesRepository(tx);
      const game = await this.#lockOwned(repository, gameId, { userId: organizerId, roles: [] });
      const now = this.#clock.now();
      const status = effectiveStatus(game, now);
      if (status !== 'SCHEDULED') throw conflict('game_not_editable', `A ${status.toLowerCase()} game cannot be changed.`);
      const startTime = patch.startTime ? new Date(patch.startTime) : game.startTime;
      const endTime = patch.endTime ? new Date(patch.endTime) : game.endTime;
      if (patch.startTime || patch.endTime) this.#checkTimes(startTime, endTime, patch.startTime !== undefined);
      if (patch.slots !== undefined && patch.slots < game.playersJoined) {
        throw conflict('slots_below_participants', `The game already has ${game.playersJoined} players; slots cannot go below that.`);
      }
      if (patch.startTime || patch.endTime) {
        await repository.lockOrganizerSchedule(game.organizerId);
        if (await repository.hasOverlap(game.organizerId, startTime, endTime, game.id)) throw overlapping();
      }
      const values: Partial<GameValues> = {};
      if (patch.venueId) values.venueId = patch.venueId;
      if (patch.skillLevelFromId) values.skillLevelFromId = patch.skillLevelFromId;
      if (patch.skillLevelToId) values.skillLevelToId = patch.skillLevelToId;
      if (patch.title !== undefined) values.title = patch.title?.trim() || null;
      if (patch.description !== undefined) values.description = patch.description?.trim() || null;
      if (patch.currency) values.currency = patch.currency;
      if (patch.price) values.price = patch.price;
      if (patch.slots !== undefined) values.slots = patch.slots;
      if (patch.startTime) values.startTime = startTime;
      if (patch.endTime) values.endTime = endTime;
      if (patch.gameType) values.gameType = patch.gameType;
      await repository.update(game.id, values, now);
      // More slots: the waitlist moves up at once, first come first served.
      const promoted = await repository.promote(game.id, Math.min(game.waitlisted, (patch.slots ?? game.slots) - game.playersJoined));
      if (promoted.length) await repository.adjustCounts(game.id, { active: promoted.length, waitlisted: -promoted.length });
      const title = values.title !== undefined ? values.title : game.title;
      await this.#emit(tx, 'GAME_UPDATED', game.id, organizerId, await repository.playerIds(game.id), title);
      if (promoted.length) await this.#emit(tx, 'WAITLIST_PROMOTED', game.id, organizerId, promoted, title);
    });
    return this.get(gameId, organizerId);
  }

  /** Soft delete: the game stays readable by id as CANCELLED and leaves every list. Again: no-op. */
  async cancel(actor: Actor, gameId: string): Promise<void> {
    await this.#db.transaction(async (tx) => {
      const repository = new GamesRepository(tx);
      const game = await this.#lockOwned(repository, gameId, actor);
      if (game.status === 'CANCELLED') return;
      await repository.update(game.id, { status: 'CANCELLED' }, this.#clock.now());
      await this.#emit(tx, 'GAME_CANCELLED', game.id, actor.userId, await repository.playerIds(game.id), game.title);
    });
  }

  async hardDelete(actor: Actor, gameId: string): Promise<void> {
    await this.#db.transaction(async (tx) => {
      const repository = new GamesRepository(tx);
      const game = await this.#lockOwned(repository, gameId, actor);
      for (const hook of this.#removalHooks) await hook(game.id, tx);
      await repository.hardDelete(game.id);
    });
  }

  async join(userId: string, gameId: string) {
    try {
      return await this.#db.transaction(async (tx) => {
        const repository = new GamesRepository(tx);
        const game = await repository.lock(gameId);
        if (!game) throw gameNotFound();
        if (game.visibility === 'PRIVATE' && game.organizerId !== userId
          && !await repository.hasShareAccess(gameId, userId) && !await repository.participant(gameId, userId)) throw gameNotFound();
        const now = this.#clock.now();
        const status = effectiveStatus(game, now);
        if (status !== 'SCHEDULED') throw notJoinable(`A ${status.toLowerCase()} game cannot be joined.`);
        if (await repository.participant(gameId, userId)) throw alreadyJoined();
        const full = game.playersJoined >= game.slots;
        const row = await repository.addParticipant({ gameId, userId, status: full ? 'WAITLISTED' : 'ACTIVE', joinedAt: now });
        await repository.adjustCounts(gameId, full ? { active: 0, waitlisted: 1 } : { active: 1, waitlisted: 0 });
        await this.#emit(tx, 'PLAYER_JOINED', gameId, userId, [game.organizerId], game.title, full);
        if (!full && game.playersJoined + 1 === game.slots) await this.#emit(tx, 'GAME_FULL', gameId, userId, [game.organizerId], game.title);
        return presentParticipation(row);
      });
    } catch (error) {
      if (isUniqueViolation(error, 'game_participants_game_id_user_id_pk')) throw alreadyJoined();
      throw error;
    }
  }

  async leave(userId: string, gameId: string): Promise<void> {
    await this.#db.transaction(async (tx) => {
      const repository = new GamesRepository(tx);
      const game = await repository.lock(gameId);
      if (!game) throw gameNotFound();
      const participation = await repository.participant(gameId, userId);
      if (game.organizerId === userId) throw notJoinable('The organiser cannot leave their own game; cancel it instead.');
      if (!participation) {
        // A private game the caller cannot see stays unknown to them: the same 404 as a missing game.
        if (!await repository.isVisible(gameId, userId)) throw gameNotFound();
        throw notFound('You are not a player of this game.', 'not_participant');
      }
      const now = this.#clock.now();
      // The window protects the other players' game; a waitlisted player holds no place anyone counts on.
      if (game.status !== 'CANCELLED' && participation.status === 'ACTIVE' && game.startTime.getTime() - now.getTime() < LEAVE_WINDOW_MS) {
        throw conflict('leave_window_closed', 'Players cannot leave within 24 hours of the start.');
      }
      await this.#dropPlayer(tx, repository, game, userId, userId, 'PLAYER_LEFT', [game.organizerId]);
    });
  }

  async removeParticipant(actor: Actor, gameId: string, userId: string): Promise<void> {
    await this.#db.transaction(async (tx) => {
      const repository = new GamesRepository(tx);
      const game = await this.#lockOwned(repository, gameId, { userId: actor.userId, roles: [] });
      if (userId === game.organizerId) throw notJoinable('The organiser cannot be removed from their own game.');
      if (!await repository.participant(gameId, userId)) throw notFound('The player was not found in this game.', 'participant_not_found');
      await this.#dropPlayer(tx, repository, game, userId, actor.userId, 'PLAYER_REMOVED', [userId]);
    });
  }

  // Scheduled jobs (the jobs module runs these under a cluster-wide lock)

  /** Writes SCHEDULED → STARTED → COMPLETED as the clock has passed start and end; answers the games moved. */
  advanceStatuses(): Promise<number> {
    return new GamesRepository(this.#db).advanceStatuses(this.#clock.now());
  }

  /** SCHEDULED games starting within `withinMs` from now, with their ACTIVE players: who gets a reminder. */
  startingSoon(withinMs: number): Promise<UpcomingGame[]> {
    const now = this.#clock.now();
    return new GamesRepository(this.#db).startingBetween(now, new Date(now.getTime() + withinMs));
  }

  // Internals

  /** Removes the player; a freed ACTIVE place goes to the first waitlisted player, in the same transaction. */
  async #dropPlayer(tx: Executor, repository: GamesRepository, game: GameRow, userId: string, actorId: string, type: GameEventType, recipients: string[]) {
    const removed = await repository.removeParticipant(game.id, userId);
    if (!removed) return;
    const wasActive = removed.status === 'ACTIVE';
    const promoted = wasActive && game.status !== 'CANCELLED' ? await repository.promote(game.id, 1) : [];
    await repository.adjustCounts(game.id, {
      active: (wasActive ? -1 : 0) + promoted.length,
      waitlisted: (wasActive ? 0 : -1) - promoted.length,
    });
    await this.#emit(tx, type, game.id, actorId, recipients, game.title);
    if (promoted.length) await this.#emit(tx, 'WAITLIST_PROMOTED', game.id, actorId, promoted, game.title);
  }

  /** Locks the game for a write by its organiser (or an admin when the actor has the role); anyone else: 404. */
  async #lockOwned(repository: GamesRepository, gameId: string, actor: Actor): Promise<GameRow> {
    const game = await repository.lock(gameId);
    if (!game || (game.organizerId !== actor.userId && !actor.roles.includes('ADMIN'))) throw gameNotFound();
    return game;
  }

  async #settleDeletedAccount(userId: string, executor: Executor): Promise<void> {
    const repository = new GamesRepository(executor);
    const now = this.#clock.now();
    for (const gameId of await repository.lockFutureHosted(userId, now)) {
      await repository.update(gameId, { status: 'CANCELLED' }, now);
      const title = (await repository.find(gameId))?.title ?? null;
      await this.#emit(executor, 'GAME_CANCELLED', gameId, userId, (await repository.playerIds(gameId)).filter((id) => id !== userId), title);
    }
    for (const gameId of await repository.futureJoined(userId, now)) {
      const game = await repository.lock(gameId);
      if (game) await this.#dropPlayer(executor, repository, game, userId, userId, 'PLAYER_LEFT', game.organizerId === userId ? [] : [game.organizerId]);
    }
  }

  async #emit(executor: Executor, type: GameEventType, gameId: string, actorId: string, recipients: string[], title: string | null, waitlisted = false) {
    const others = [...new Set(recipients)].filter((id) => id !== actorId);
    if (others.length) await this.#events.emit({ type, gameId, actorId, recipients: others, title, ...(waitlisted ? { waitlisted } : {}) }, executor);
  }

  #checkTimes(startTime: Date, endTime: Date, startChanged: boolean) {
    const errors: FieldError[] = [];
    if (startChanged && startTime.getTime() <= this.#clock.now().getTime()) errors.push(field('startTime', 'must be in the future'));
    if (endTime.getTime() <= startTime.getTime()) errors.push(field('endTime', 'must be after startTime'));
    if (errors.length) throw validationFailed(errors);
  }

  /** Levels must be live levels of the activity in ladder order; the venue must be live and offer the activity. */
  async #checkRefs(activityId: string, venueId: string | undefined, fromId: string, toId: string) {
    const errors: FieldError[] = [];
    const ladder = await this.#activities.get(activityId).then((found) => found.levels, (error) => {
      if (error instanceof AppError && error.status === 404) return undefined;
      throw error;
    });
    if (!ladder) throw validationFailed([field('activityId', 'is not a known activity')]);
    const from = ladder.find((level) => level.id === fromId);
    const to = ladder.find((level) => level.id === toId);
    if (!from) errors.push(field('skillLevelFromId', 'is not a skill level of the activity'));
    if (!to) errors.push(field('skillLevelToId', 'is not a skill level of the activity'));
    if (from && to && from.sortOrder > to.sortOrder) errors.push(field('skillLevelToId', 'must not be below skillLevelFromId'));
    if (venueId) {
      const venue = await this.#venues.get(venueId).catch((error) => {
        if (error instanceof AppError && error.status === 404) return undefined;
        throw error;
      });
      if (!venue) errors.push(field('venueId', 'is not a known venue'));
      else if (!venue.activityIds.includes(activityId)) errors.push(field('venueId', 'does not offer the activity'));
    }
    if (errors.length) throw validationFailed(errors);
  }

  async #filter(query: GameFilterInput): Promise<GameFilter> {
    const errors: FieldError[] = [];
    const given = GEO_PARAMS.filter((name) => query[name] !== undefined);
    if (given.length > 0 && given.length < GEO_PARAMS.length) {
      for (const name of GEO_PARAMS.filter((n) => query[n] === undefined)) {
        errors.push({ field: name, location: 'query', message: 'is required when any of lat, lng and radiusKm is given' });
      }
    }
    if (query.fromDate && query.toDate && query.fromDate > query.toDate) errors.push({ field: 'toDate', location: 'query', message: 'must not be before fromDate' });
    if (query.fromTime && query.toTime && query.fromTime > query.toTime) errors.push({ field: 'toTime', location: 'query', message: 'must not be before fromTime' });
    if (errors.length) throw validationFailed(errors);
    return {
      activityId: query.activityId,
      venueIds: query.venueIds,
      skillLevelIds: query.skillLevelIds,
      gameType: query.gameType,
      fromDate: query.fromDate,
      toDate: query.toDate,
      fromTime: query.fromTime,
      toTime: query.toTime,
      // The venues module owns positions; it answers which venues lie within the circle.
      venueIdsWithin: given.length ? await this.#venues.idsWithin({ lat: query.lat!, lng: query.lng!, radiusKm: query.radiusKm! }) : undefined,
      startsFrom: query.includePast ? undefined : this.#clock.now(),
      timeZone: this.#timeZone,
    };
  }

  async #page(query: CursorRequest, scope: string, viewerId: string | null, fetch: (position: Position | undefined, limit: number) => Promise<PageRow[]>) {
    let position: Position | undefined;
    if (query.cursor) {
      const decoded = this.#cursors.decode(query.cursor, scope);
      // Sealed by us, so only a bug could make it malformed; still refuse it like any bad cursor.
      if (decoded.length !== 2 || typeof decoded[0] !== 'string' || typeof decoded[1] !== 'string' || Number.isNaN(Date.parse(decoded[0]))) {
        throw badRequest('invalid_cursor', 'The cursor is malformed.', [{ field: 'cursor', location: 'query', message: 'is not a valid cursor for this query' }]);
      }
      position = { startTime: decoded[0] as string, id: decoded[1] as string };
    }
    const found = await fetch(position, query.size + 1);
    const page = found.slice(0, query.size);
    const last = page.at(-1)?.position;
    const nextCursor = found.length > query.size && last ? this.#cursors.encode([last.startTime, last.id], scope) : null;
    const rows = page.map((p) => p.row);
    return { content: await this.#present(new GamesRepository(this.#db), rows.map((row) => row.id), viewerId, rows), nextCursor };
  }

  /**
   * Names, venue and levels from the modules that own them: one batch each for the whole page.
   * Activities, levels and venues come from their owners' in-process caches (admin-written, a
   * few seconds stale at most across instances); organiser names are read every time.
   */
  async #refsOf(rows: GameRow[]): Promise<Map<string, GameRefs>> {
    const [activityNames, organizerNames, venueById, levelById] = await Promise.all([
      this.#activities.cachedNamesOf(rows.map((row) => row.activityId)),
      this.#users.namesOf(rows.map((row) => row.organizerId)),
      this.#venues.cachedSummariesOf(rows.map((row) => row.venueId)),
      this.#activities.cachedLevelsOf(rows.flatMap((row) => [row.skillLevelFromId, row.skillLevelToId])),
    ]);
    const refs = new Map<string, GameRefs>();
    for (const row of rows) {
      const venue = venueById.get(row.venueId);
      const from = levelById.get(row.skillLevelFromId);
      const to = levelById.get(row.skillLevelToId);
      const activityName = activityNames.get(row.activityId);
      if (!venue || !from || !to || activityName === undefined) continue;
      refs.set(row.id, {
        gameId: row.id, activityName, organizerName: organizerNames.get(row.organizerId) ?? null,
        venueName: venue.name, venueAddress: venue.address, venueLatitude: venue.latitude, venueLongitude: venue.longitude,
        fromName: from.name, fromSortOrder: from.sortOrder, toName: to.name, toSortOrder: to.sortOrder,
      });
    }
    return refs;
  }

  /**
   * One batch per page for each of: rows (unless the page query brought them), names, share
   * links, and the viewer's participation and bookmarks.
   */
  async #present(repository: GamesRepository, ids: string[], viewerId: string | null, loaded?: GameRow[]): Promise<PresentedGame[]> {
    if (ids.length === 0) return [];
    const rows = loaded ?? await repository.findMany(ids);
    const [refs, links, participation, bookmarked] = await Promise.all([
      this.#refsOf(rows),
      this.#shareLinks.linksFor(ids),
      viewerId ? repository.participationOf(viewerId, ids) : Promise.resolve(undefined),
      viewerId ? this.#bookmarks.bookmarkedAmong(viewerId, ids) : Promise.resolve(undefined),
    ]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const now = this.#clock.now();
    return ids.flatMap((id) => {
      const row = byId.get(id);
      const ref = refs.get(id);
      if (!row || !ref) return [];
      const view: GameView = {
        row, refs: ref, status: effectiveStatus(row, now), shareLink: links.get(id),
        viewer: viewerId ? {
          joined: participation?.get(id) === 'ACTIVE',
          waitlisted: participation?.get(id) === 'WAITLISTED',
          bookmarked: bookmarked?.has(id) ?? false,
          isOrganizer: row.organizerId === viewerId,
        } : undefined,
      };
      return [presentGame(view)];
    });
  }
}

/** The status a client sees: the stored one, moved on by the clock (the status job may not have run yet). */
export function effectiveStatus(game: Pick<GameRow, 'status' | 'startTime' | 'endTime'>, now: Date): GameRow['status'] {
  if (game.status === 'CANCELLED' || game.status === 'COMPLETED') return game.status;
  if (now.getTime() >= game.endTime.getTime()) return 'COMPLETED';
  if (now.getTime() >= game.startTime.getTime()) return 'STARTED';
  return game.status;
}

const overlapping = () => conflict('overlapping_game', 'You already host a game at an overlapping time.');
const alreadyJoined = () => conflict('already_joined', 'You have already joined this game (or its waitlist).');

/** The filters a cursor is bound to, in a fixed form (arrays sorted). */
function scopeOf(query: GameFilterInput): string {
  const sorted = (values?: string[]) => (values ? [...values].sort() : null);
  return JSON.stringify([
    query.activityId ?? null, sorted(query.venueIds), sorted(query.skillLevelIds), query.gameType ?? null,
    query.fromDate ?? null, query.toDate ?? null, query.fromTime ?? null, query.toTime ?? null,
    query.lat ?? null, query.lng ?? null, query.radiusKm ?? null, query.includePast,
  ]);
}
