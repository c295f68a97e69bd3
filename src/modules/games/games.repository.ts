import { and, asc, eq, sql } from 'drizzle-orm';
import { equalsAny, IdRepository, inAny, rowsOf } from '../../platform/db/index.ts';
import type { ParticipantRow } from './participation/games.participation.repository.ts';
import { filterConditions, visibleTo, where, type GameFilter } from './listing/games.sql.ts';
import { shareAccessCut } from './share-access/games.share-access.ts';
import { gameParticipants, games } from './games.table.ts';

export type GameRow = typeof games.$inferSelect;
export type GameValues = Omit<
  typeof games.$inferInsert,
  'id' | 'playersJoined' | 'waitlisted' | 'placesOnOffer' | 'status' | 'createdAt' | 'updatedAt' | 'sequence'
>;
export type { ParticipantRow };

/** Games: every participation change takes the game's row lock (`lock`) first. */
export class GamesRepository extends IdRepository<typeof games> {
  protected readonly table = games;

  insert(values: GameValues): Promise<GameRow> {
    return this.inserted(games, values);
  }

  async findMany(ids: string[]): Promise<GameRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(games)
      .where(inAny(games.id, ids, 'uuid'));
  }

  /** Serialises one organiser's schedule changes so two overlapping games cannot both pass the check. */
  async lockOrganizerSchedule(organizerId: string): Promise<void> {
    await this.db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`games:organizer:${organizerId}`}, 0))`);
  }

  async hasOverlap(organizerId: string, startTime: Date, endTime: Date, exceptId?: string): Promise<boolean> {
    const found = await rowsOf<{ id: string }>(
      this.db,
      sql`SELECT g.id FROM games g
      WHERE g.organizer_id = ${organizerId}::uuid AND g.status <> 'CANCELLED'
        AND g.start_time < ${endTime.toISOString()}::timestamptz AND g.end_time > ${startTime.toISOString()}::timestamptz
        ${exceptId ? sql`AND g.id <> ${exceptId}::uuid` : sql``}
      LIMIT 1`,
    );
    return found.length > 0;
  }

  /** Every change of a game's own fields goes through here, so calendars see a new SEQUENCE. */
  async update(id: string, values: Partial<GameValues> & { status?: GameRow['status'] }, now: Date): Promise<void> {
    await this.db
      .update(games)
      .set({ ...values, updatedAt: now, sequence: sql`${games.sequence} + 1` })
      .where(eq(games.id, id));
  }

  async hardDelete(id: string): Promise<boolean> {
    const deleted = await this.db.delete(games).where(eq(games.id, id)).returning({ id: games.id });
    return deleted.length > 0;
  }

  // Participation

  participantsOf(gameId: string): Promise<ParticipantRow[]> {
    return this.db.select().from(gameParticipants).where(eq(gameParticipants.gameId, gameId)).orderBy(asc(gameParticipants.seq));
  }

  async playerIds(gameId: string): Promise<string[]> {
    const found = await this.db.select({ userId: gameParticipants.userId }).from(gameParticipants).where(eq(gameParticipants.gameId, gameId));
    return found.map((row) => row.userId);
  }

  /** The viewer's participation status per game among `ids`. */
  async participationOf(userId: string, ids: string[]): Promise<Map<string, 'ACTIVE' | 'WAITLISTED'>> {
    if (ids.length === 0) return new Map();
    const found = await this.db
      .select({ gameId: gameParticipants.gameId, status: gameParticipants.status })
      .from(gameParticipants)
      .where(and(eq(gameParticipants.userId, userId), inAny(gameParticipants.gameId, ids, 'uuid')));
    return new Map(found.map((row) => [row.gameId, row.status]));
  }

  /** What the filtered set holds, for the filter pickers. */
  async filterOptions(
    filter: GameFilter,
    viewerId: string | null,
  ): Promise<{ venueIds: string[]; levelIds: string[]; startTimes: string[]; gameTypes: string[] }> {
    const filtered = sql`FROM games g WHERE ${where([visibleTo(viewerId, filter.now), sql`g.status <> 'CANCELLED'`, ...filterConditions(filter)])}`;
    const [venues, levels, times, types] = [
      await rowsOf<{ v: string }>(this.db, sql`SELECT DISTINCT g.venue_id AS v ${filtered}`),
      await rowsOf<{ v: string }>(this.db, sql`SELECT DISTINCT unnest(ARRAY[g.skill_level_from_id, g.skill_level_to_id]) AS v ${filtered}`),
      await rowsOf<{ v: string }>(this.db, sql`SELECT DISTINCT to_char(g.start_time AT TIME ZONE ${filter.timeZone}, 'HH24:MI') AS v ${filtered} ORDER BY 1`),
      await rowsOf<{ v: string }>(this.db, sql`SELECT DISTINCT g.game_type AS v ${filtered} ORDER BY 1`),
    ];
    return { venueIds: venues.map((r) => r.v), levelIds: levels.map((r) => r.v), startTimes: times.map((r) => r.v), gameTypes: types.map((r) => r.v) };
  }

  /** The same rule the join and leave statements apply (game_visible_to, sql/game_visible_to.sql). */
  async isVisible(gameId: string, viewerId: string | null, now: Date): Promise<boolean> {
    const [found] = await rowsOf<{ visible: boolean }>(
      this.db,
      sql`SELECT game_visible_to(${gameId}::uuid, ${viewerId}::uuid, ${shareAccessCut(now).toISOString()}::timestamptz) AS visible`,
    );
    return found?.visible === true;
  }

  /** Of `ids`, those the viewer may see. */
  async visibleAmong(ids: string[], viewerId: string | null, now: Date): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const found = await rowsOf<{ id: string }>(this.db, sql`SELECT g.id FROM games g WHERE g.id ${equalsAny(ids, 'uuid')} AND ${visibleTo(viewerId, now)}`);
    return new Set(found.map((row) => row.id));
  }

  // For other modules' hooks

  async usesActivity(activityId: string): Promise<boolean> {
    const [row] = await this.db.select({ id: games.id }).from(games).where(eq(games.activityId, activityId)).limit(1);
    return row !== undefined;
  }

  async totals(userId: string): Promise<{ joined: number; hosted: number }> {
    const [row] = await rowsOf<{ joined: number; hosted: number }>(
      this.db,
      sql`SELECT
      (SELECT count(*)::int FROM game_participants p JOIN games g ON g.id = p.game_id
        WHERE p.user_id = ${userId}::uuid AND p.status = 'ACTIVE' AND g.status <> 'CANCELLED') AS joined,
      (SELECT count(*)::int FROM games g WHERE g.organizer_id = ${userId}::uuid AND g.status <> 'CANCELLED') AS hosted`,
    );
    return { joined: Number(row?.joined ?? 0), hosted: Number(row?.hosted ?? 0) };
  }

  /** Everyone leaves the game at once (a game called off); answers who was in it. */
  async releaseAll(gameId: string): Promise<string[]> {
    const removed = await this.db.delete(gameParticipants).where(eq(gameParticipants.gameId, gameId)).returning({ userId: gameParticipants.userId });
    await this.db.update(games).set({ playersJoined: 0, waitlisted: 0, placesOnOffer: 0 }).where(eq(games.id, gameId));
    return removed.map((row) => row.userId);
  }

  /** Ids of the user's games (hosted) not yet started and not cancelled, locked for the caller's transaction. */
  async lockFutureHosted(userId: string, now: Date): Promise<string[]> {
    const found = await this.db
      .select({ id: games.id })
      .from(games)
      .where(and(eq(games.organizerId, userId), sql`${games.status} = 'SCHEDULED'`, sql`${games.startTime} > ${now.toISOString()}::timestamptz`))
      .orderBy(asc(games.id))
      .for('update');
    return found.map((row) => row.id);
  }

  /** Games not yet started in which the user plays or waits. */
  async futureJoined(userId: string, now: Date): Promise<string[]> {
    const found = await rowsOf<{ id: string }>(
      this.db,
      sql`SELECT g.id FROM games g JOIN game_participants p ON p.game_id = g.id
      WHERE p.user_id = ${userId}::uuid AND g.status = 'SCHEDULED' AND g.start_time > ${now.toISOString()}::timestamptz ORDER BY g.id`,
    );
    return found.map((row) => row.id);
  }

  /** Priced games, not cancelled, starting in [from, to): the payments module reminds their players. */
  async pricedStartingBetween(from: Date, to: Date): Promise<string[]> {
    const found = await rowsOf<{ id: string }>(
      this.db,
      sql`SELECT id FROM games WHERE price > 0 AND status <> 'CANCELLED'
      AND start_time >= ${from.toISOString()}::timestamptz AND start_time < ${to.toISOString()}::timestamptz ORDER BY start_time, id`,
    );
    return found.map((row) => row.id);
  }
}
