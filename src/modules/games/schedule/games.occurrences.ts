import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../../platform/db/index.ts';
import type { GameEvents, GameShareLinks } from '../games.ports.ts';
import { GamesRepository, type GameValues } from '../games.repository.ts';
import { CoHostsRepository } from '../co-hosts/games.co-hosts.repository.ts';
import { joinPlan } from '../rules/games.rules.ts';
import { ParticipationRepository } from '../participation/games.participation.repository.ts';
import { announce } from '../games.writes.ts';

/** One occurrence of a series as an ordinary game: its values, who helps run it and who plays (in order). */
export interface OccurrenceSpec {
  values: GameValues;
  joinAsOrganizer: boolean;
  coHostIds: string[];
  /** The regulars to join, in the order they became regulars; past the slots they wait. */
  playerIds: string[];
}

/** The game opened, or the organiser's other game it would have overlapped (so it was not). */
export type OccurrenceOutcome = { gameId: string } | { overlapsGameId: string };

export interface GameOccurrencesDeps {
  shareLinks: Pick<GameShareLinks, 'createForGame'>;
  events: GameEvents;
}

/** What the series module asks of games: a game created inside the series' own transaction. */
export class GameOccurrences {
  readonly #deps: GameOccurrencesDeps;

  constructor(deps: GameOccurrencesDeps) {
    this.#deps = deps;
  }

  /**
   * Runs inside the caller's transaction, so the game exists exactly when the caller's occurrence
   * row does. The overlap rule holds under the organiser's schedule lock, as for any created game.
   */
  async open(spec: OccurrenceSpec, now: Date, tx: Executor): Promise<OccurrenceOutcome> {
    const { values } = spec;
    const repository = new GamesRepository(tx);
    await repository.lockOrganizerSchedule(values.organizerId);
    const [overlap] = await rowsOf<{ id: string }>(
      tx,
      sql`SELECT g.id FROM games g WHERE g.organizer_id = ${values.organizerId}::uuid AND g.status <> 'CANCELLED'
        AND g.start_time < ${values.endTime.toISOString()}::timestamptz AND g.end_time > ${values.startTime.toISOString()}::timestamptz
      ORDER BY g.start_time LIMIT 1`,
    );
    if (overlap) return { overlapsGameId: overlap.id };
    const game = await repository.insert(values);
    await this.#deps.shareLinks.createForGame(game.id, tx);
    const coHosts = new CoHostsRepository(tx);
    for (const userId of spec.coHostIds) await coHosts.add({ gameId: game.id, userId, addedAt: now });
    const players = [...(spec.joinAsOrganizer ? [values.organizerId] : []), ...spec.playerIds.filter((id) => id !== values.organizerId)];
    const participants = new ParticipationRepository(tx);
    let counts = { slots: game.slots, playersJoined: 0 };
    for (const userId of players) {
      const plan = joinPlan(counts);
      await participants.add({ gameId: game.id, userId, status: plan.status, joinedAt: now });
      await participants.adjustCounts(game.id, plan.status === 'ACTIVE' ? { active: 1 } : { waitlisted: 1 });
      if (plan.status === 'ACTIVE') counts = { ...counts, playersJoined: counts.playersJoined + 1 };
      const change = { type: 'SERIES_GAME_JOINED' as const, gameId: game.id, actorId: values.organizerId, recipients: [userId], title: game.title };
      await announce(this.#deps.events, tx, plan.status === 'WAITLISTED' ? { ...change, waitlisted: true } : change);
    }
    return { gameId: game.id };
  }
}
