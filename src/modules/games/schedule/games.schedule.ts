import type { Clock } from '../../../platform/clock.ts';
import type { Database } from '../../../platform/db/index.ts';
import { decide, SYSTEM_ACTOR } from './games.decisions.ts';
import { JoinRequestsRepository } from '../join-requests/games.join-requests.repository.ts';
import { ParticipationRepository } from '../participation/games.participation.repository.ts';
import { fillPlaces, placesOf, type WaitlistSettings } from '../participation/games.waitlist.ts';
import { announce } from '../games.writes.ts';
import type { GameEvents } from '../games.ports.ts';
import { GamesRepository } from '../games.repository.ts';
import { GameScheduleRepository } from './games.schedule.repository.ts';
import { ShareAccessRepository } from '../share-access/games.share-access.repository.ts';

export interface UpcomingGame {
  gameId: string;
  title: string | null;
  startTime: Date;
  playerIds: string[];
}

/** What the scheduled jobs do to games (the jobs module runs these under a cluster-wide lock). */
export class GameSchedule {
  readonly #db: Database;
  readonly #clock: Clock;
  readonly #events: GameEvents;
  readonly #waitlist: WaitlistSettings;

  constructor(deps: { db: Database; clock: Clock; events: GameEvents; waitlist: WaitlistSettings }) {
    this.#db = deps.db;
    this.#clock = deps.clock;
    this.#events = deps.events;
    this.#waitlist = deps.waitlist;
  }

  /**
   * Waitlist offers whose claim window has closed: each party leaves the waitlist (told so) and the
   * place is offered to the next. One transaction per game under its row lock; the rows are deleted
   * there, so a second run or instance finds nothing left to expire. Answers the parties expired.
   */
  async expireOffers(): Promise<number> {
    let expired = 0;
    for (const gameId of await new ParticipationRepository(this.#db).gamesWithExpiredOffers(this.#clock.now())) {
      expired += await this.#db.transaction(async (tx) => {
        const game = await new GamesRepository(tx).lock(gameId);
        if (!game) return 0;
        const now = this.#clock.now();
        const participation = new ParticipationRepository(tx);
        const dropped = await participation.dropExpiredOffers(gameId, now);
        if (!dropped.length) return 0;
        const places = placesOf(dropped);
        await participation.adjustCounts(gameId, { waitlisted: -places, offered: -places });
        const recipients = dropped.map((party) => party.userId);
        // A cancelled game's offers just go: its players were told of the cancellation.
        if (game.status !== 'CANCELLED') {
          await announce(this.#events, tx, { type: 'WAITLIST_OFFER_EXPIRED', gameId, actorId: SYSTEM_ACTOR, recipients, title: game.title });
        }
        await fillPlaces(this.#events, this.#waitlist, tx, game, SYSTEM_ACTOR, now);
        return dropped.length;
      });
    }
    return expired;
  }

  /**
   * The go / no-go of every quorum game whose moment has come: one transaction per game under its
   * row lock, skipping games already decided, so a second run (or instance) changes nothing.
   */
  async decideDue(): Promise<number> {
    let decided = 0;
    for (const gameId of await new GameScheduleRepository(this.#db).dueDecisions(this.#clock.now())) {
      const done = await this.#db.transaction((tx) => decide(new GamesRepository(tx), this.#events, tx, gameId, this.#clock.now()));
      if (done) decided += 1;
    }
    return decided;
  }

  /** Writes SCHEDULED → STARTED → COMPLETED as the clock has passed start and end; answers the games moved. */
  advanceStatuses(): Promise<number> {
    return new GameScheduleRepository(this.#db).advanceStatuses(this.#clock.now());
  }

  /**
   * Join requests nobody answered before their game started (or that a cancellation left behind) close:
   * deleted under the game's row lock, each sender told (JOIN_REQUEST_LAPSED, or JOIN_REQUEST_CANCELLED).
   * Runs with the status job; a second run finds nothing left. Answers the requests closed.
   */
  async lapseRequests(): Promise<number> {
    let closed = 0;
    for (const gameId of await new JoinRequestsRepository(this.#db).gamesToClose(this.#clock.now())) {
      closed += await this.#db.transaction(async (tx) => {
        const game = await new GamesRepository(tx).lock(gameId);
        if (!game || (game.status !== 'CANCELLED' && game.startTime > this.#clock.now())) return 0;
        const requesters = await new JoinRequestsRepository(tx).takeAll(gameId);
        const type = game.status === 'CANCELLED' ? 'JOIN_REQUEST_CANCELLED' : 'JOIN_REQUEST_LAPSED';
        await announce(this.#events, tx, { type, gameId, actorId: SYSTEM_ACTOR, recipients: requesters, title: game.title });
        return requesters.length;
      });
    }
    return closed;
  }

  /** Cleanup: share access rows past their life (they already grant nothing; see games.share-access.ts). */
  purgeShareAccess(): Promise<number> {
    return new ShareAccessRepository(this.#db).purge(this.#clock.now());
  }

  /** SCHEDULED games starting within `withinMs` from now, with their ACTIVE players: who gets a reminder. */
  startingSoon(withinMs: number): Promise<UpcomingGame[]> {
    const now = this.#clock.now();
    return new GameScheduleRepository(this.#db).startingBetween(now, new Date(now.getTime() + withinMs));
  }
}
