import type { Clock } from '../../platform/clock.ts';
import { isUniqueViolation, type Database, type Executor } from '../../platform/db/index.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import type { ActivitiesService } from '../activities/index.ts';
import { JoinRequestsRepository } from './games.join-requests.repository.ts';
import { entryOf } from './games.join-requests.ts';
import type { GameEvents, GameEventType, PlayerLevels, PlayerRemovalHook } from './games.ports.ts';
import { presentParticipation } from './games.presenter.ts';
import { gameNotFound } from './games.queries.ts';
import { GamesRepository, type GameRow } from './games.repository.ts';
import { ShareAccessRepository } from './games.share-access.repository.ts';
import { countsAfterDeparture, effectiveStatus, joinPlan, leaveRefused, promotionsForDeparture } from './games.rules.ts';
import { CoHostsRepository } from './games.co-hosts.repository.ts';
import { type Actor, announce, type GameWriterDeps, lockManaged } from './games.writes.ts';

export interface GameParticipationDeps extends GameWriterDeps {
  /** For games that judge a player's level (offLevelPolicy other than ALLOW). */
  activities: Pick<ActivitiesService, 'find'>;
  levels: PlayerLevels;
  /** Told once the organiser's removal of a player is committed. */
  onPlayerRemoved?: PlayerRemovalHook;
}

const notJoinable = (detail: string) => conflict('game_not_joinable', detail);
const alreadyJoined = () => conflict('already_joined', 'You have already joined this game (or its waitlist).');

/** Joining, leaving and removal, the waitlist behind them, and what a deleted account leaves behind. */
export class GameParticipation {
  readonly #db: Database;
  readonly #clock: Clock;
  readonly #events: GameEvents;
  readonly #entry: GameParticipationDeps;
  readonly #onPlayerRemoved: PlayerRemovalHook | undefined;

  constructor(deps: GameParticipationDeps) {
    this.#db = deps.db;
    this.#clock = deps.clock;
    this.#events = deps.events;
    this.#entry = deps;
    this.#onPlayerRemoved = deps.onPlayerRemoved;
  }

  async join(userId: string, gameId: string) {
    // Policies are set by the organiser; the level judgement reads other modules, so before the transaction.
    const seen = await new GamesRepository(this.#db).find(gameId);
    if (
      seen &&
      (seen.joinPolicy !== 'OPEN' || seen.offLevelPolicy !== 'ALLOW') &&
      (await new GamesRepository(this.#db).isVisible(gameId, userId, this.#clock.now()))
    ) {
      const entry = await entryOf(this.#entry, seen, userId);
      if (entry === 'REFUSED') throw conflict('skill_level_out_of_range', 'Your skill level is outside the range of this game.');
      if (entry === 'REQUEST') throw conflict('approval_required', 'This game takes join requests: POST /api/v1/games/{id}/join-requests.');
    }
    try {
      return await this.#db.transaction(async (tx) => {
        const repository = new GamesRepository(tx);
        const game = await repository.lock(gameId);
        if (!game || !(await repository.isVisible(gameId, userId, this.#clock.now()))) throw gameNotFound();
        const now = this.#clock.now();
        const status = effectiveStatus(game, now);
        if (status !== 'SCHEDULED') throw notJoinable(`A ${status.toLowerCase()} game cannot be joined.`);
        if (await repository.participant(gameId, userId)) throw alreadyJoined();
        const plan = joinPlan(game);
        const row = await repository.addParticipant({ gameId, userId, status: plan.status, joinedAt: now });
        await repository.adjustCounts(gameId, plan.status === 'ACTIVE' ? { active: 1, waitlisted: 0 } : { active: 0, waitlisted: 1 });
        const change = { gameId, actorId: userId, recipients: [game.organizerId], title: game.title };
        await announce(this.#events, tx, { ...change, type: 'PLAYER_JOINED', ...(plan.status === 'WAITLISTED' ? { waitlisted: true } : {}) });
        if (plan.fillsGame) await announce(this.#events, tx, { ...change, type: 'GAME_FULL' });
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
        if (!(await repository.isVisible(gameId, userId, this.#clock.now()))) throw gameNotFound();
        throw notFound('You are not a player of this game.', 'not_participant');
      }
      const now = this.#clock.now();
      // The window protects the other players' game; a waitlisted player holds no place anyone counts on.
      if (participation.status === 'ACTIVE' && leaveRefused(game, now)) {
        throw conflict('leave_window_closed', 'Players cannot leave within 24 hours of the start.');
      }
      await this.#drop(tx, repository, game, userId, { actorId: userId, type: 'PLAYER_LEFT', recipients: [game.organizerId] });
    });
  }

  /** By the organiser or a co-host: an admin is no exception here. */
  async removeParticipant(actor: Actor, gameId: string, userId: string): Promise<void> {
    const gameEnds = await this.#db.transaction(async (tx) => {
      const repository = new GamesRepository(tx);
      const game = await lockManaged(repository, tx, gameId, actor.userId);
      if (userId === game.organizerId) throw notJoinable('The organiser cannot be removed from their own game.');
      if (!(await repository.participant(gameId, userId))) throw notFound('The player was not found in this game.', 'participant_not_found');
      await this.#drop(tx, repository, game, userId, { actorId: actor.userId, type: 'PLAYER_REMOVED', recipients: [userId] });
      // A removed player may not walk back in through the link that let them see the game.
      await new ShareAccessRepository(tx).revoke(gameId, userId);
      return game.endTime;
    });
    // After the commit: the hook may use another store (the embedded one shares this database).
    await this.#onPlayerRemoved?.({ gameId, userId, gameEnds });
  }

  /**
   * Runs inside the account deletion's transaction: the user's future hosted games are cancelled
   * (their players told) and the user leaves every future game they play in or wait for.
   */
  async settleDeletedAccount(userId: string, executor: Executor): Promise<void> {
    const repository = new GamesRepository(executor);
    const now = this.#clock.now();
    await new CoHostsRepository(executor).forgetUser(userId);
    await new JoinRequestsRepository(executor).forgetUser(userId);
    for (const gameId of await repository.lockFutureHosted(userId, now)) {
      await repository.update(gameId, { status: 'CANCELLED' }, now);
      const title = (await repository.find(gameId))?.title ?? null;
      const recipients = (await repository.playerIds(gameId)).filter((id) => id !== userId);
      await announce(this.#events, executor, { type: 'GAME_CANCELLED', gameId, actorId: userId, recipients, title });
    }
    for (const gameId of await repository.futureJoined(userId, now)) {
      const game = await repository.lock(gameId);
      if (!game) continue;
      const recipients = game.organizerId === userId ? [] : [game.organizerId];
      await this.#drop(executor, repository, game, userId, { actorId: userId, type: 'PLAYER_LEFT', recipients });
    }
  }

  /** Removes the player; a freed ACTIVE place goes to the first waitlisted player, in the same transaction. */
  async #drop(
    tx: Executor,
    repository: GamesRepository,
    game: GameRow,
    userId: string,
    change: { actorId: string; type: GameEventType; recipients: string[] },
  ) {
    const removed = await repository.removeParticipant(game.id, userId);
    if (!removed) return;
    const promoted = await repository.promote(game.id, promotionsForDeparture(removed.status, game.status));
    await repository.adjustCounts(game.id, countsAfterDeparture(removed.status, promoted.length));
    await announce(this.#events, tx, { ...change, gameId: game.id, title: game.title });
    if (promoted.length)
      await announce(this.#events, tx, { type: 'WAITLIST_PROMOTED', gameId: game.id, actorId: change.actorId, recipients: promoted, title: game.title });
  }
}
