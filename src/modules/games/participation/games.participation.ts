import type { Clock } from '../../../platform/clock.ts';
import type { Database, Executor } from '../../../platform/db/index.ts';
import { conflict, notFound, validationFailed } from '../../../platform/http/errors.ts';
import type { ActivitiesService } from '../../activities/index.ts';
import type { AuditActor, AuditTrail } from '../../audit/index.ts';
import { JoinRequestsRepository } from '../join-requests/games.join-requests.repository.ts';
import { entryOf } from '../join-requests/games.join-requests.ts';
import type { BoardChanged, GameEvents, GameEventType, PlayerLevels, PlayerRemovalHook, RecentNoShows } from '../games.ports.ts';
import { presentParticipation } from '../games.presenter.ts';
import { gameNotFound } from '../listing/games.queries.ts';
import { GamesRepository, type GameRow } from '../games.repository.ts';
import { ShareAccessRepository } from '../share-access/games.share-access.repository.ts';
import { ParticipationRepository, partySize } from './games.participation.repository.ts';
import { shareAccessCut } from '../share-access/games.share-access.ts';
import { effectiveStatus, freePlaces, leaveRefused, offerDeadline } from '../rules/games.rules.ts';
import type { GuestsInput, JoinInput } from '../games.schemas.ts';
import { fillPlaces, type WaitlistSettings } from './games.waitlist.ts';
import { CoHostsRepository } from '../co-hosts/games.co-hosts.repository.ts';
import { cleanNames, guestErrors, seenOf } from './games.participation.input.ts';
import { alreadyJoined, leaveRefusal, notJoinable, offerNotFound, partyDoesNotFit } from './games.participation.refusals.ts';
import { type Actor, announce, type GameWriterDeps, lockManaged } from '../games.writes.ts';

export interface GameParticipationDeps extends GameWriterDeps {
  /** For games that judge a player's level (offLevelPolicy other than ALLOW). */
  activities: Pick<ActivitiesService, 'find'>;
  levels: PlayerLevels;
  /** Told once the organiser's removal of a player is committed. */
  onPlayerRemoved?: PlayerRemovalHook;
  waitlist: WaitlistSettings;
  audit: AuditTrail;
  /** For games with maxRecentNoShows: the player's record decides whether they may join. */
  recentNoShows?: RecentNoShows;
  boardChanged?: BoardChanged;
}

/** Joining, leaving and removal, the waitlist behind them, and what a deleted account leaves behind. */
export class GameParticipation {
  readonly #db: Database;
  readonly #clock: Clock;
  readonly #events: GameEvents;
  readonly #entry: GameParticipationDeps;
  readonly #onPlayerRemoved: PlayerRemovalHook | undefined;
  readonly #waitlist: WaitlistSettings;

  constructor(deps: GameParticipationDeps) {
    this.#db = deps.db;
    this.#clock = deps.clock;
    this.#events = deps.events;
    this.#entry = deps;
    this.#onPlayerRemoved = deps.onPlayerRemoved;
    this.#waitlist = deps.waitlist;
  }

  /**
   * The player and their guests join as one party: all in, or all on the waitlist (or refused with
   * `ifFull: REFUSE`). One transaction reads, decides and writes: the game's row is locked first,
   * the policies are judged through the transaction (other modules' reads take it as their
   * executor), and game_join writes under the same lock. An organiser's edit waits for it.
   */
  async join(userId: string, gameId: string, input: JoinInput = {}) {
    const guests = input.guests ?? 0;
    const guestNames = cleanNames(input.guestNames);
    // Reads only the actor: done before the lock is taken.
    const texts = await this.#events.prepare(userId);
    const result = await this.#db.transaction(async (tx) => {
      const seen = await new GamesRepository(tx).lock(gameId);
      if (!seen) throw gameNotFound();
      const checked = await this.#checkPolicies(tx, seen, userId);
      const now = this.#clock.now();
      const prepared = texts(seen.title, {
        joined: { type: 'PLAYER_JOINED' },
        waitlisted: { type: 'PLAYER_JOINED', waitlisted: true },
        full: { type: 'GAME_FULL' },
      });
      return new ParticipationRepository(tx).join({
        gameId,
        userId,
        now,
        shareCut: shareAccessCut(now),
        guests,
        guestNames,
        named: guestNames.length,
        refuseIfFull: input.ifFull === 'REFUSE',
        seen: { ...seenOf(seen), checked },
        texts: prepared.texts,
        minute: prepared.minute,
        windowSeconds: prepared.windowSeconds,
      });
    });
    if (result.outcome === 'ok') return presentParticipation(result.row);
    if (result.outcome === 'not_found') throw gameNotFound();
    if (result.outcome === 'not_joinable') throw notJoinable(`A ${result.status.toLowerCase()} game cannot be joined.`);
    if (result.outcome === 'already_joined') throw alreadyJoined();
    if (result.outcome === 'invalid') throw validationFailed(guestErrors(result, guests, guestNames));
    if (result.outcome === 'party_does_not_fit') throw partyDoesNotFit(result.free);
    // 'stale' cannot happen while the row stays locked from the read to the statement; kept as a defence.
    throw notJoinable('The game changed while you joined; try again.');
  }

  /** The policies, judged in the join's transaction under the game's lock; answers whether any was judged. */
  async #checkPolicies(tx: Executor, seen: GameRow, userId: string): Promise<boolean> {
    const policed = seen.maxRecentNoShows != null || seen.joinPolicy !== 'OPEN' || seen.offLevelPolicy !== 'ALLOW';
    // A game the player cannot see answers 404 from the statement, never a hint of its policies.
    if (!policed || !(await new GamesRepository(tx).isVisible(seen.id, userId, this.#clock.now()))) return false;
    if (seen.maxRecentNoShows != null && ((await this.#entry.recentNoShows?.(userId, tx)) ?? 0) >= seen.maxRecentNoShows)
      throw conflict('too_many_no_shows', `This game takes players with fewer than ${seen.maxRecentNoShows} no-shows in the last 90 days.`);
    if (seen.joinPolicy !== 'OPEN' || seen.offLevelPolicy !== 'ALLOW') {
      const entry = await entryOf(this.#entry, seen, userId, tx);
      if (entry === 'REFUSED') throw conflict('skill_level_out_of_range', 'Your skill level is outside the range of this game.');
      if (entry === 'REQUEST') throw conflict('approval_required', 'This game takes join requests: POST /api/v1/games/{id}/join-requests.');
    }
    return true;
  }

  /**
   * One transaction, as the join: the game's row is locked first, the leave is judged against it
   * (the notification texts carry its title; an offer's deadline follows its start and waitlist
   * mode), and game_leave runs under the same lock: the party goes, the organiser is told, freed
   * places go to the waitlist. An organiser's edit waits for it.
   */
  async leave(userId: string, gameId: string): Promise<void> {
    // Reads only the actor: done before the lock is taken.
    const texts = await this.#events.prepare(userId);
    const { outcome } = await this.#db.transaction(async (tx) => {
      const seen = await new GamesRepository(tx).lock(gameId);
      if (!seen) throw gameNotFound();
      const now = this.#clock.now();
      const prepared = texts(seen.title, { left: { type: 'PLAYER_LEFT' }, promoted: { type: 'WAITLIST_PROMOTED' }, offered: { type: 'WAITLIST_OFFERED' } });
      const offerUntil = seen.waitlistMode === 'OFFER' ? offerDeadline(now, seen.startTime, this.#waitlist.quietHours, this.#waitlist.timeZone) : undefined;
      return new ParticipationRepository(tx).leave({
        gameId,
        userId,
        now,
        shareCut: shareAccessCut(now),
        seen: { title: seen.title, startTime: seen.startTime.toISOString(), waitlistMode: seen.waitlistMode },
        offerUntil,
        texts: prepared.texts,
        minute: prepared.minute,
        windowSeconds: prepared.windowSeconds,
      });
    });
    if (outcome !== 'ok') throw leaveRefusal(outcome);
  }

  /** By the organiser or a co-host: an admin is no exception here. */
  async removeParticipant(actor: Actor, gameId: string, userId: string, trail: AuditActor): Promise<void> {
    const gameEnds = await this.#db.transaction(async (tx) => {
      const repository = new GamesRepository(tx);
      const game = await lockManaged(repository, tx, gameId, actor.userId);
      if (userId === game.organizerId) throw notJoinable('The organiser cannot be removed from their own game.');
      const removed = await new ParticipationRepository(tx).participant(gameId, userId);
      if (!removed) throw notFound('The player was not found in this game.', 'participant_not_found');
      await this.#drop(tx, game, userId, { actorId: actor.userId, type: 'PLAYER_REMOVED', recipients: [userId] });
      // The place, not the guests' names: those are the player's to give, not the trail's to keep.
      const place = { userId, status: removed.status, guests: removed.guests };
      await this.#entry.audit.record(tx, {
        ...trail,
        action: 'game.player.removed',
        objectType: 'game',
        objectId: gameId,
        changes: { player: { before: place, after: null } },
      });
      // A removed player may not walk back in through the link that let them see the game.
      await new ShareAccessRepository(tx).revoke(gameId, userId);
      return game.endTime;
    });
    // After the commit: the hook may use another store (the embedded one shares this database).
    await this.#onPlayerRemoved?.({ gameId, userId, gameEnds });
  }

  /**
   * The organiser's rule releasing an unpaid place (payments' job), in the caller's transaction: the
   * player's party goes, they are told, and the waitlist moves in the same transaction. Nothing
   * happens once the game is no longer scheduled or the player holds no place; answers whether it went.
   */
  async releaseUnpaid(gameId: string, userId: string, tx: Executor): Promise<boolean> {
    const game = await new GamesRepository(tx).lock(gameId);
    if (!game || userId === game.organizerId || effectiveStatus(game, this.#clock.now()) !== 'SCHEDULED') return false;
    const held = await new ParticipationRepository(tx).participant(gameId, userId);
    if (held?.status !== 'ACTIVE') return false;
    await this.#drop(tx, game, userId, { actorId: game.organizerId, type: 'PLACE_RELEASED', recipients: [userId] });
    return true;
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
      await this.#drop(executor, game, userId, { actorId: userId, type: 'PLAYER_LEFT', recipients });
    }
  }

  /**
   * A new number of guests: fewer frees places (not inside the leave window, like a leave), more
   * need free places for all of them (a party is never split). A waiting party keeps its turn.
   */
  async changeGuests(userId: string, gameId: string, input: GuestsInput) {
    const party = await this.#db.transaction(async (tx) => {
      const repository = new GamesRepository(tx);
      const participation = new ParticipationRepository(tx);
      const game = await repository.lock(gameId);
      if (!game) throw gameNotFound();
      const current = await participation.participant(gameId, userId);
      if (!current) {
        if (!(await repository.isVisible(gameId, userId, this.#clock.now()))) throw gameNotFound();
        throw notFound('You are not a player of this game.', 'not_participant');
      }
      const now = this.#clock.now();
      const status = effectiveStatus(game, now);
      if (status !== 'SCHEDULED') throw notJoinable(`Guests cannot change in a ${status.toLowerCase()} game.`);
      const guestNames = cleanNames(input.guestNames);
      const errors = guestErrors(game, input.guests, guestNames);
      if (errors.length) throw validationFailed(errors);
      if (current.offerExpiresAt) throw conflict('offer_pending', 'Accept or decline your offer of a place before changing your guests.');
      const delta = input.guests - current.guests;
      const active = current.status === 'ACTIVE';
      if (active && delta > freePlaces(game)) throw partyDoesNotFit(freePlaces(game));
      if (active && delta < 0 && leaveRefused(game, now)) throw conflict('leave_window_closed', 'Guests cannot drop out within 24 hours of the start.');
      const row = (await participation.setGuests(gameId, userId, input.guests, guestNames))!;
      await participation.adjustCounts(gameId, active ? { active: delta } : { waitlisted: delta });
      if (delta < 0) await fillPlaces(this.#events, this.#waitlist, tx, game, userId, now);
      return presentParticipation(row);
    });
    await this.#entry.boardChanged?.(gameId);
    return party;
  }

  /** Takes the offered place (the party's places were held for it) while the offer runs. */
  async acceptOffer(userId: string, gameId: string) {
    return this.#db.transaction(async (tx) => {
      const { game, offered } = await this.#lockOffer(tx, gameId, userId);
      const now = this.#clock.now();
      if (offered.offerExpiresAt!.getTime() <= now.getTime() || effectiveStatus(game, now) !== 'SCHEDULED') {
        throw conflict('offer_expired', 'The offer has run out; the place goes to the next on the waitlist.');
      }
      const participation = new ParticipationRepository(tx);
      const row = (await participation.acceptOffer(gameId, userId, now))!;
      const size = partySize(row);
      await participation.adjustCounts(gameId, { active: size, waitlisted: -size, offered: -size });
      const change = { gameId, actorId: userId, recipients: [game.organizerId], title: game.title };
      await announce(this.#events, tx, { ...change, type: 'PLAYER_JOINED' });
      if (game.playersJoined + size === game.slots) await announce(this.#events, tx, { ...change, type: 'GAME_FULL' });
      return presentParticipation(row);
    });
  }

  /** Turns the offer down: the player leaves the waitlist and the place is offered to the next party. */
  async declineOffer(userId: string, gameId: string): Promise<void> {
    await this.#db.transaction(async (tx) => {
      const { game } = await this.#lockOffer(tx, gameId, userId);
      await this.#drop(tx, game, userId, { actorId: userId, type: 'PLAYER_LEFT', recipients: [game.organizerId] });
    });
  }

  async #lockOffer(tx: Executor, gameId: string, userId: string) {
    const repository = new GamesRepository(tx);
    const game = await repository.lock(gameId);
    if (!game) throw gameNotFound();
    const offered = await new ParticipationRepository(tx).participant(gameId, userId);
    if (!offered?.offerExpiresAt) {
      if (!offered && !(await repository.isVisible(gameId, userId, this.#clock.now()))) throw gameNotFound();
      throw offerNotFound();
    }
    return { game, offered };
  }

  /** Removes the player's party; freed or released places go to the waitlist, in the same transaction. */
  async #drop(tx: Executor, game: GameRow, userId: string, change: { actorId: string; type: GameEventType; recipients: string[] }) {
    const participation = new ParticipationRepository(tx);
    const removed = await participation.remove(game.id, userId);
    if (!removed) return;
    const size = partySize(removed);
    const held = removed.offerExpiresAt !== null;
    await participation.adjustCounts(game.id, removed.status === 'ACTIVE' ? { active: -size } : { waitlisted: -size, offered: held ? -size : 0 });
    await announce(this.#events, tx, { ...change, gameId: game.id, title: game.title });
    if (removed.status === 'ACTIVE' || held) await fillPlaces(this.#events, this.#waitlist, tx, game, change.actorId, this.#clock.now());
  }
}
