import { sql } from 'drizzle-orm';
import { Repository, rowsOf } from '../../../platform/db/index.ts';
import { parseUuidArray } from '../listing/games.sql.ts';

/** The SQL of the scheduled jobs: status by the clock, quorum decisions due, reminders, . */
export class GameScheduleRepository extends Repository {
  /** Stores the status the clock implies: SCHEDULED → STARTED at start, → COMPLETED at end. Answers how many rows moved. */
  async advanceStatuses(now: Date): Promise<number> {
    const at = now.toISOString();
    const completed = await rowsOf<{ id: string }>(
      this.db,
      sql`UPDATE games SET status = 'COMPLETED', updated_at = ${at}::timestamptz
      WHERE status IN ('SCHEDULED', 'STARTED') AND end_time <= ${at}::timestamptz RETURNING id`,
    );
    const started = await rowsOf<{ id: string }>(
      this.db,
      sql`UPDATE games SET status = 'STARTED', updated_at = ${at}::timestamptz
      WHERE status = 'SCHEDULED' AND start_time <= ${at}::timestamptz RETURNING id`,
    );
    return completed.length + started.length;
  }

  /** Quorum games whose decision moment has come and that nobody has decided yet. */
  async dueDecisions(now: Date): Promise<string[]> {
    const found = await rowsOf<{ id: string }>(
      this.db,
      sql`SELECT g.id FROM games g
      WHERE g.min_players IS NOT NULL AND g.decided_at IS NULL AND g.status = 'SCHEDULED'
        AND g.start_time - make_interval(hours => g.decision_hours_before) <= ${now.toISOString()}::timestamptz
      ORDER BY g.start_time, g.id`,
    );
    return found.map((row) => row.id);
  }

  /** SCHEDULED games starting in (from, to], each with its ACTIVE players. */
  async startingBetween(from: Date, to: Date): Promise<Array<{ gameId: string; title: string | null; startTime: Date; playerIds: string[] }>> {
    const found = await rowsOf<{ id: string; title: string | null; start_time: string | Date; player_ids: string[] | null }>(
      this.db,
      sql`
      SELECT g.id, g.title, g.start_time, array_agg(p.user_id ORDER BY p.seq) AS player_ids
      FROM games g JOIN game_participants p ON p.game_id = g.id AND p.status = 'ACTIVE'
      WHERE g.status = 'SCHEDULED' AND g.start_time > ${from.toISOString()}::timestamptz AND g.start_time <= ${to.toISOString()}::timestamptz
      GROUP BY g.id, g.title, g.start_time ORDER BY g.start_time, g.id`,
    );
    return found.map((row) => ({ gameId: row.id, title: row.title, startTime: new Date(row.start_time), playerIds: parseUuidArray(row.player_ids) }));
  }
}
