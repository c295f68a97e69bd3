import type { Clock } from '../../../platform/clock.ts';
import type { Database } from '../../../platform/db/index.ts';
import type { ActivitiesService } from '../../activities/index.ts';
import { JoinRequestsRepository } from '../join-requests/games.join-requests.repository.ts';
import { entryOf } from '../join-requests/games.join-requests.ts';
import type { OrganizerContacts, PlayerLevels, RecentNoShows, ViewerAttendance } from '../games.ports.ts';
import { gameNotFound } from '../listing/games.queries.ts';
import { GamesRepository, type ParticipantRow } from '../games.repository.ts';
import { effectiveStatus, leaveWindow, type GameStatus } from '../rules/games.rules.ts';
import type { ViewerPlace } from '../games.schemas.ts';
import type { Static } from 'typebox';

export interface GameViewerPlaceDeps {
  db: Database;
  clock: Clock;
  activities: Pick<ActivitiesService, 'find'>;
  levels: PlayerLevels;
  recentNoShows?: RecentNoShows;
  attendance: ViewerAttendance;
  contacts: OrganizerContacts;
}

type OwnAttendance = Awaited<ReturnType<ViewerAttendance['ownOf']>>;

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

/**
 * What a game's page tells a signed-in viewer about their own place, worked out here so the app
 * never guesses: how they may enter, their party, waitlist position, offer, leave window, check-in
 * and rating, and the organiser's contact once they hold a place (never for anyone else).
 */
export class GameViewerPlace {
  readonly #deps: GameViewerPlaceDeps;

  constructor(deps: GameViewerPlaceDeps) {
    this.#deps = deps;
  }

  /** Called after the game was found visible to the viewer. */
  async of(gameId: string, userId: string): Promise<Static<typeof ViewerPlace>> {
    const { db, clock, attendance, contacts } = this.#deps;
    const repository = new GamesRepository(db);
    const game = await repository.find(gameId);
    if (!game) throw gameNotFound();
    const now = clock.now();
    const status = effectiveStatus(game, now);
    const [rows, request, entry, noShows] = await Promise.all([
      repository.participantsOf(gameId),
      new JoinRequestsRepository(db).of(gameId, userId),
      entryOf(this.#deps, game, userId),
      game.maxRecentNoShows === null ? undefined : this.#deps.recentNoShows?.(userId),
    ]);
    const mine = rows.find((row) => row.userId === userId);
    const waiting = rows.filter((row) => row.status === 'WAITLISTED');
    const playing = mine?.status === 'ACTIVE' && game.organizerId !== userId;
    const [own, contact] = await Promise.all([
      playing ? attendance.ownOf(game, userId) : undefined,
      playing ? contacts.contactMethodsOf(game.organizerId) : undefined,
    ]);
    // Shown to anyone but the organiser: a visitor learns what a place taken now commits them to.
    const leave = game.organizerId === userId ? undefined : leaveWindow({ ...game, status }, now);
    return {
      entry,
      recentNoShows: noShows ?? null,
      request: request ? { message: request.message, requestedAt: request.requestedAt.toISOString() } : null,
      ...partyPlace(mine, waiting),
      leave: leave ? { allowed: leave.allowed, reason: leave.reason, closesAt: iso(leave.closesAt) } : null,
      ...attendancePlace(own, game.selfCheckIn, status),
      organizerContact: contact ?? null,
    };
  }
}

/** The viewer's party: its guests, its place in the waitlist, the place offered to it. */
function partyPlace(mine: ParticipantRow | undefined, waiting: ParticipantRow[]) {
  return {
    guests: mine?.guests ?? 0,
    guestNames: mine?.guestNames ?? [],
    waitlistPosition: mine?.status === 'WAITLISTED' ? waiting.indexOf(mine) + 1 : null,
    offerExpiresAt: iso(mine?.offerExpiresAt),
  };
}

/** A player's check-in window, attendance mark and rating; nothing for anyone else. */
function attendancePlace(own: OwnAttendance | undefined, selfCheckIn: boolean, status: GameStatus) {
  return {
    checkIn: own && selfCheckIn && status !== 'CANCELLED' ? { opensAt: own.checkIn.opensAt.toISOString(), closesAt: own.checkIn.closesAt.toISOString() } : null,
    attendance: own?.status ?? null,
    rateFrom: own && status !== 'CANCELLED' ? own.rateFrom.toISOString() : null,
    rating: own?.rating ?? null,
  };
}
