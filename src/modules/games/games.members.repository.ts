import { sql } from 'drizzle-orm';
import { equalsAny, Repository, rowsOf } from '../../platform/db/index.ts';

/** What attendance and calendars ask of games: SQL only. */
export class MembersRepository extends Repository {
  async activePlayerIds(gameId: string): Promise<string[]> {
    const found = await rowsOf<{ user_id: string }>(
      this.db,
      sql`SELECT user_id FROM game_participants WHERE game_id = ${gameId}::uuid AND status = 'ACTIVE' ORDER BY seq`,
    );
    return found.map((row) => row.user_id);
  }

  /** The parties holding places (a player and their guests): what each place owes (payments), who plays (game day). */
  async activeParties(gameId: string): Promise<Array<{ userId: string; guests: number; guestNames: string[] }>> {
    const found = await rowsOf<{ user_id: string; guests: number; guest_names: string[] | null }>(
      this.db,
      sql`SELECT user_id, guests, guest_names FROM game_participants WHERE game_id = ${gameId}::uuid AND status = 'ACTIVE' ORDER BY seq`,
    );
    return found.map((row) => ({ userId: row.user_id, guests: Number(row.guests), guestNames: row.guest_names ?? [] }));
  }

  async hasRequested(gameId: string, userId: string): Promise<boolean> {
    const found = await rowsOf<{ n: number }>(
      this.db,
      sql`SELECT 1 AS n FROM game_join_requests WHERE game_id = ${gameId}::uuid AND user_id = ${userId}::uuid`,
    );
    return found.length > 0;
  }

  /**
   * Everyone in the game now: the organiser and co-hosts (`host`), players holding a place or
   * waiting for one, and those whose join request is pending (the game's chat, the board's audience).
   */
  async audience(gameId: string): Promise<Array<{ userId: string; host: boolean; player: 'ACTIVE' | 'WAITLISTED' | null }>> {
    const found = await rowsOf<{ user_id: string; host: boolean; player: 'ACTIVE' | 'WAITLISTED' | null }>(
      this.db,
      sql`SELECT user_id, bool_or(host) AS host, max(player) AS player FROM (
        SELECT organizer_id AS user_id, true AS host, NULL::text AS player FROM games WHERE id = ${gameId}::uuid
        UNION ALL SELECT user_id, true, NULL FROM game_co_hosts WHERE game_id = ${gameId}::uuid
        UNION ALL SELECT user_id, false, status FROM game_participants WHERE game_id = ${gameId}::uuid AND status IN ('ACTIVE', 'WAITLISTED')
        UNION ALL SELECT user_id, false, NULL FROM game_join_requests WHERE game_id = ${gameId}::uuid) AS members
      GROUP BY user_id`,
    );
    return found.map((row) => ({ userId: row.user_id, host: row.host === true, player: row.player }));
  }

  /** The games the user is in now, in any of the ways `audience` counts. */
  async gamesOf(userId: string): Promise<string[]> {
    const found = await rowsOf<{ id: string }>(
      this.db,
      sql`SELECT id FROM games WHERE organizer_id = ${userId}::uuid
        UNION SELECT game_id FROM game_co_hosts WHERE user_id = ${userId}::uuid
        UNION SELECT game_id FROM game_participants WHERE user_id = ${userId}::uuid AND status IN ('ACTIVE', 'WAITLISTED')
        UNION SELECT game_id FROM game_join_requests WHERE user_id = ${userId}::uuid`,
    );
    return found.map((row) => row.id);
  }

  /**
   * The user's hosted games and the games they play in or wait for, cancelled ones included (a
   * subscribed calendar must learn of the cancellation), ending after `since`, by start.
   */
  async calendarOf(userId: string, since: Date, limit: number): Promise<Array<{ id: string; sequence: number; waitlisted: boolean }>> {
    const found = await rowsOf<{ id: string; sequence: number; waitlisted: boolean }>(
      this.db,
      sql`SELECT g.id, g.sequence, COALESCE(p.status = 'WAITLISTED', false) AS waitlisted FROM games g
      LEFT JOIN game_participants p ON p.game_id = g.id AND p.user_id = ${userId}::uuid
      WHERE (g.organizer_id = ${userId}::uuid OR p.user_id IS NOT NULL) AND g.end_time > ${since.toISOString()}::timestamptz
      ORDER BY g.start_time, g.id LIMIT ${limit}`,
    );
    return found.map((row) => ({ id: row.id, sequence: Number(row.sequence), waitlisted: row.waitlisted === true }));
  }

  async sequencesOf(ids: string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const found = await rowsOf<{ id: string; sequence: number }>(this.db, sql`SELECT g.id, g.sequence FROM games g WHERE g.id ${equalsAny(ids, 'uuid')}`);
    return new Map(found.map((row) => [row.id, Number(row.sequence)]));
  }
}
