import { type Executor, isUniqueViolation } from '../../../platform/db/index.ts';
import { conflict, notFound } from '../../../platform/http/errors.ts';
import { offsetPage, type OffsetRequest } from '../../../platform/http/pagination.ts';
import type { ActivitiesService } from '../../activities/index.ts';
import type { AuditActor, AuditTrail } from '../../audit/index.ts';
import type { UsersService } from '../../users/index.ts';
import { CoHostsRepository } from '../co-hosts/games.co-hosts.repository.ts';
import { JoinRequestsRepository, type JoinRequestRow } from './games.join-requests.repository.ts';
import type { PlayerLevels } from '../games.ports.ts';
import { presentParticipation } from '../games.presenter.ts';
import { gameNotFound } from '../listing/games.queries.ts';
import { GamesRepository, type GameRow } from '../games.repository.ts';
import { ParticipationRepository } from '../participation/games.participation.repository.ts';
import { effectiveStatus, entryFor, joinPlan } from '../rules/games.rules.ts';
import { announce, type GameWriterDeps, lockManaged } from '../games.writes.ts';

/** The participation's primary key: a second row for the same player and game. */
const ONE_PARTICIPATION = 'game_participants_game_id_user_id_pk';

export interface GameJoinRequestsDeps extends GameWriterDeps {
  users: Pick<UsersService, 'namesOf'>;
  activities: Pick<ActivitiesService, 'find'>;
  levels: PlayerLevels;
  audit: AuditTrail;
}

const expired = () => conflict('request_expired', 'Join requests expire when the game starts (or is cancelled).');
const requestNotFound = () => notFound('There is no such join request.', 'join_request_not_found');

/**
 * How the player may enter the game, from the game's policies, its level range and the player's
 * stated level; read in `executor` when given (the join judges it in its transaction, under the game's lock).
 */
export async function entryOf(
  deps: Pick<GameJoinRequestsDeps, 'activities' | 'levels'>,
  game: GameRow,
  userId: string,
  executor?: Executor,
): Promise<'JOIN' | 'REQUEST' | 'REFUSED'> {
  if (game.offLevelPolicy === 'ALLOW') return entryFor(game, undefined, undefined);
  const [activity, levelId] = await Promise.all([deps.activities.find(game.activityId, executor), deps.levels.levelIn(userId, game.activityId, executor)]);
  const order = (id: string | undefined) => activity?.levels.find((level) => level.id === id)?.sortOrder;
  const from = order(game.skillLevelFromId);
  const to = order(game.skillLevelToId);
  return entryFor(game, from === undefined || to === undefined ? undefined : { from, to }, order(levelId));
}

/** Asking to join a game under approval (or off level), and the organiser's or a co-host's answer. */
export class GameJoinRequests {
  readonly #deps: GameJoinRequestsDeps;

  constructor(deps: GameJoinRequestsDeps) {
    this.#deps = deps;
  }

  async create(userId: string, gameId: string, message: string | undefined) {
    const { db, clock, events } = this.#deps;
    const seen = await new GamesRepository(db).find(gameId);
    if (!seen || !(await new GamesRepository(db).isVisible(gameId, userId, clock.now()))) throw gameNotFound();
    const entry = await entryOf(this.#deps, seen, userId);
    if (entry === 'REFUSED') throw conflict('skill_level_out_of_range', 'Your skill level is outside the range of this game.');
    if (entry === 'JOIN') throw conflict('approval_not_required', 'This game takes players directly: join it (POST /api/v1/games/{id}/participants).');
    const row = await db.transaction(async (tx) => {
      const repository = new GamesRepository(tx);
      const game = await repository.lock(gameId);
      if (!game) throw gameNotFound();
      const now = clock.now();
      const status = effectiveStatus(game, now);
      if (status !== 'SCHEDULED') throw conflict('game_not_joinable', `A ${status.toLowerCase()} game cannot be joined.`);
      if (await new ParticipationRepository(tx).participant(gameId, userId))
        throw conflict('already_joined', 'You have already joined this game (or its waitlist).');
      const added = await new JoinRequestsRepository(tx).add({ gameId, userId, message: message?.trim() || null, requestedAt: now });
      if (!added) throw conflict('already_requested', 'You have already asked to join this game.');
      const hosts = [game.organizerId, ...(await new CoHostsRepository(tx).list(gameId)).map((c) => c.userId)];
      await announce(events, tx, { type: 'JOIN_REQUESTED', gameId, actorId: userId, recipients: hosts, title: game.title });
      return added;
    });
    return (await this.#present(seen.activityId, [row]))[0]!;
  }

  /** Pending requests in the order they came, for the organiser and co-hosts; none once the game has started. */
  async list(actorId: string, gameId: string, page: OffsetRequest) {
    const { db, clock } = this.#deps;
    const game = await new GamesRepository(db).find(gameId);
    if (!game || (game.organizerId !== actorId && !(await new CoHostsRepository(db).isCoHost(gameId, actorId)))) throw gameNotFound();
    if (effectiveStatus(game, clock.now()) !== 'SCHEDULED') return offsetPage([], 0, page);
    const { rows, total } = await new JoinRequestsRepository(db).page(gameId, page.page * page.size, page.size);
    return offsetPage(await this.#present(game.activityId, rows), total, page);
  }

  /** The player joins, or joins the waitlist when the game is full: places go in approval order. */
  async approve(actorId: string, gameId: string, userId: string, trail: AuditActor) {
    const { db, clock, events, audit } = this.#deps;
    try {
      return await db.transaction(async (tx) => {
        const repository = new GamesRepository(tx);
        const game = await lockManaged(repository, tx, gameId, actorId);
        const request = await new JoinRequestsRepository(tx).take(gameId, userId);
        if (!request) throw requestNotFound();
        const now = clock.now();
        if (effectiveStatus(game, now) !== 'SCHEDULED') throw expired();
        // The player joins alone (places held for offers stay held); guests are added afterwards like any player's.
        const plan = joinPlan(game);
        const participation = new ParticipationRepository(tx);
        const row = await participation.add({ gameId, userId, status: plan.status, joinedAt: now });
        await participation.adjustCounts(gameId, plan.status === 'ACTIVE' ? { active: 1 } : { waitlisted: 1 });
        const change = { gameId, actorId, title: game.title };
        await announce(events, tx, { ...change, type: 'JOIN_REQUEST_APPROVED', recipients: [userId] });
        if (plan.fillsGame) await announce(events, tx, { ...change, type: 'GAME_FULL', recipients: [game.organizerId] });
        // The request's message is the player's own words: the trail keeps who and where they went.
        const changes = { request: { before: { userId }, after: null }, player: { before: null, after: { userId, status: plan.status } } };
        await audit.record(tx, { ...trail, action: 'game.join-request.approved', objectType: 'game', objectId: gameId, changes });
        return presentParticipation(row);
      });
    } catch (error) {
      if (isUniqueViolation(error, ONE_PARTICIPATION)) throw conflict('already_joined', 'The player has already joined this game.');
      throw error;
    }
  }

  async decline(actorId: string, gameId: string, userId: string, trail: AuditActor): Promise<void> {
    const { db, events, audit } = this.#deps;
    await db.transaction(async (tx) => {
      const game = await lockManaged(new GamesRepository(tx), tx, gameId, actorId);
      if (!(await new JoinRequestsRepository(tx).take(gameId, userId))) throw requestNotFound();
      const changes = { request: { before: { userId }, after: null } };
      await audit.record(tx, { ...trail, action: 'game.join-request.declined', objectType: 'game', objectId: gameId, changes });
      await announce(events, tx, { type: 'JOIN_REQUEST_DECLINED', gameId, actorId, recipients: [userId], title: game.title });
    });
  }

  /** The player withdraws: always allowed while the request exists. */
  async withdraw(userId: string, gameId: string): Promise<void> {
    const { db, events } = this.#deps;
    await db.transaction(async (tx) => {
      const game = await new GamesRepository(tx).lock(gameId);
      if (!game || !(await new JoinRequestsRepository(tx).take(gameId, userId))) throw requestNotFound();
      await announce(events, tx, { type: 'JOIN_REQUEST_WITHDRAWN', gameId, actorId: userId, recipients: [game.organizerId], title: game.title });
    });
  }

  /** With the level each requester stated for the game's activity, which the hosts weigh the request by. */
  async #present(activityId: string, rows: JoinRequestRow[]) {
    const { users, activities, levels } = this.#deps;
    const [names, activity, stated] = await Promise.all([
      users.namesOf(rows.map((row) => row.userId)),
      activities.find(activityId),
      Promise.all(rows.map((row) => levels.levelIn(row.userId, activityId))),
    ]);
    const levelOf = (id: string | undefined) => activity?.levels.find((level) => level.id === id);
    return rows.map((row, index) => {
      const level = levelOf(stated[index]);
      return {
        gameId: row.gameId,
        userId: row.userId,
        name: names.get(row.userId) ?? null,
        message: row.message,
        requestedAt: row.requestedAt.toISOString(),
        skillLevel: level ? { id: level.id, name: level.name } : null,
      };
    });
  }
}
