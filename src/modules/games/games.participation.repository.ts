import { and, eq, sql } from 'drizzle-orm';
import { Repository } from '../../platform/db/index.ts';
import { rows } from './games.sql.ts';
import { gameParticipants, games } from './games.table.ts';

export type ParticipantRow = typeof gameParticipants.$inferSelect;

/** A party moved by the waitlist: the player and how many places they take (1 + guests). */
export interface MovedParty {
  userId: string;
  size: number;
}

/** How the game's place counters move (each in places, guests included). */
export interface CountsDelta {
  active?: number;
  waitlisted?: number;
  offered?: number;
}

/** The participants rows and the counters over them; every caller holds the game's row lock. */
export class ParticipationRepository extends Repository {
  participant(gameId: string, userId: string): Promise<ParticipantRow | undefined> {
    return this.first(gameParticipants, and(eq(gameParticipants.gameId, gameId), eq(gameParticipants.userId, userId)));
  }

  async add(values: {
    gameId: string;
    userId: string;
    status: 'ACTIVE' | 'WAITLISTED';
    joinedAt: Date;
    guests?: number;
    guestNames?: string[];
  }): Promise<ParticipantRow> {
    const [row] = await this.db.insert(gameParticipants).values(values).returning();
    return row!;
  }

  async remove(gameId: string, userId: string): Promise<ParticipantRow | undefined> {
    const [row] = await this.db
      .delete(gameParticipants)
      .where(and(eq(gameParticipants.gameId, gameId), eq(gameParticipants.userId, userId)))
      .returning();
    return row;
  }

  async setGuests(gameId: string, userId: string, guests: number, guestNames: string[]): Promise<ParticipantRow | undefined> {
    const [row] = await this.db
      .update(gameParticipants)
      .set({ guests, guestNames })
      .where(and(eq(gameParticipants.gameId, gameId), eq(gameParticipants.userId, userId)))
      .returning();
    return row;
  }

  async adjustCounts(gameId: string, delta: CountsDelta): Promise<void> {
    await this.db
      .update(games)
      .set({
        playersJoined: sql`${games.playersJoined} + ${delta.active ?? 0}`,
        waitlisted: sql`${games.waitlisted} + ${delta.waitlisted ?? 0}`,
        placesOnOffer: sql`${games.placesOnOffer} + ${delta.offered ?? 0}`,
      })
      .where(eq(games.id, gameId));
  }

  /**
   * The waiting parties (without an offer) that fit the game's free places, in joining order: a
   * party that does not fit is skipped for the next one that does (Meetup's rule), never split.
   * One statement: promoted (`offerUntil` undefined) or given an offer until `offerUntil`.
   */
  async fillFromWaitlist(gameId: string, offerUntil: Date | undefined): Promise<MovedParty[]> {
    const change = offerUntil ? sql`offer_expires_at = ${offerUntil.toISOString()}::timestamptz` : sql`status = 'ACTIVE'`;
    const moved = await rows<{ user_id: string; size: number }>(
      this.db,
      sql`WITH RECURSIVE
        waiting AS (
          SELECT user_id, 1 + guests AS size, row_number() OVER (ORDER BY seq) AS rn FROM game_participants
          WHERE game_id = ${gameId}::uuid AND status = 'WAITLISTED' AND offer_expires_at IS NULL),
        pick (rn, user_id, take, remaining) AS (
          SELECT 0::bigint, NULL::uuid, false, (SELECT slots - players_joined - places_on_offer FROM games WHERE id = ${gameId}::uuid)
          UNION ALL
          SELECT w.rn, w.user_id, w.size <= p.remaining, CASE WHEN w.size <= p.remaining THEN p.remaining - w.size ELSE p.remaining END
          FROM pick p JOIN waiting w ON w.rn = p.rn + 1 WHERE p.remaining > 0)
      UPDATE game_participants gp SET ${change} FROM pick
      WHERE pick.take AND gp.game_id = ${gameId}::uuid AND gp.user_id = pick.user_id
      RETURNING gp.user_id, 1 + gp.guests AS size`,
    );
    return moved.map((row) => ({ userId: row.user_id, size: Number(row.size) }));
  }

  /** The offered party takes its held places, if its offer still runs at `now`. */
  async acceptOffer(gameId: string, userId: string, now: Date): Promise<ParticipantRow | undefined> {
    const [row] = await this.db
      .update(gameParticipants)
      .set({ status: 'ACTIVE', offerExpiresAt: null })
      .where(
        and(
          eq(gameParticipants.gameId, gameId),
          eq(gameParticipants.userId, userId),
          sql`${gameParticipants.offerExpiresAt} > ${now.toISOString()}::timestamptz`,
        ),
      )
      .returning();
    return row;
  }

  /** Every running offer becomes a place (the game left OFFER mode): the places were held for them. */
  async acceptAllOffers(gameId: string): Promise<MovedParty[]> {
    const moved = await this.db
      .update(gameParticipants)
      .set({ status: 'ACTIVE', offerExpiresAt: null })
      .where(and(eq(gameParticipants.gameId, gameId), sql`${gameParticipants.offerExpiresAt} IS NOT NULL`))
      .returning();
    return moved.map((row) => ({ userId: row.userId, size: 1 + row.guests }));
  }

  /** Removes the parties whose offer ran out by `now`: under the row lock, each goes exactly once. */
  async dropExpiredOffers(gameId: string, now: Date): Promise<MovedParty[]> {
    const dropped = await this.db
      .delete(gameParticipants)
      .where(and(eq(gameParticipants.gameId, gameId), sql`${gameParticipants.offerExpiresAt} <= ${now.toISOString()}::timestamptz`))
      .returning();
    return dropped.map((row) => ({ userId: row.userId, size: 1 + row.guests }));
  }

  /** Games with an offer run out by `now` (the offer job's scan). */
  async gamesWithExpiredOffers(now: Date): Promise<string[]> {
    const found = await rows<{ game_id: string }>(
      this.db,
      sql`SELECT DISTINCT game_id FROM game_participants WHERE offer_expires_at <= ${now.toISOString()}::timestamptz ORDER BY game_id`,
    );
    return found.map((row) => row.game_id);
  }
}

/** The places a participants row takes. */
export const partySize = (row: Pick<ParticipantRow, 'guests'>): number => 1 + row.guests;
