import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { joinStatement, leaveStatement } from '../src/modules/games/participation/games.participation.repository.ts';
import { describe } from '../src/modules/notifications/notifications.texts.ts';
import type { Database } from '../src/platform/db/index.ts';
import { pgbenchScript, script } from './pgbench.ts';

/**
 * Scenario (i): the join and the leave exactly as the service sends them: each in one transaction
 * (the game's row locked, then game_join or game_leave), run by
 * pgbench in prepared mode at the same client count as (g), each client on a pair of its own (a
 * player and a game) as in (g): the database's ceiling for (g). One pgbench transaction is one join
 * and one leave.
 */

const text = (type: Parameters<typeof describe>[0], waitlisted = false): [string, string] => {
  const { title, message } = describe(type, 'Bench game', { playerName: 'Bench player', waitlisted });
  return [title, message];
};

/** Pairs for pgbench's clients, by client id (0 … n-1). */
export async function storePairs(db: Database, pairs: Array<{ userId: string; gameId: string }>): Promise<void> {
  await db.execute(sql`CREATE TABLE bench_join_pairs (client integer PRIMARY KEY, user_id uuid NOT NULL, game_id uuid NOT NULL)`);
  for (const [client, pair] of pairs.entries()) {
    await db.execute(sql`INSERT INTO bench_join_pairs VALUES (${client}, ${pair.userId}::uuid, ${pair.gameId}::uuid)`);
  }
}

/** The script: lock the game (the service's `lock`) and join in one transaction; lock it again and leave in another. */
export function joinLeaveScript(now: Date): { text: string; defines: string[] } {
  const dialect = new PgDialect();
  const shareCut = new Date(now.getTime() - 24 * 3_600_000);
  const common = { gameId: ':g', userId: ':u', now, shareCut, minute: 600 };
  const join = dialect.sqlToQuery(
    joinStatement({
      ...common,
      guests: 0,
      guestNames: [],
      named: 0,
      refuseIfFull: false,
      seen: ':seen',
      texts: { joined: text('PLAYER_JOINED'), waitlisted: text('PLAYER_JOINED', true), full: text('GAME_FULL') },
    }),
  );
  const leave = dialect.sqlToQuery(
    leaveStatement({
      ...common,
      seen: ':seen',
      offerUntil: undefined,
      texts: { left: text('PLAYER_LEFT'), promoted: text('WAITLIST_PROMOTED'), offered: text('WAITLIST_OFFERED') },
    }),
  );
  const joined = script(join, 'j');
  const left = script(leave, 'l');
  const read = (seen: string, lock = '') =>
    `SELECT p.user_id AS u, p.game_id AS g, ${seen} AS seen FROM bench_join_pairs p JOIN games x ON x.id = p.game_id WHERE p.client = :client_id${lock}\n\\gset\n`;
  const joinSeen = `jsonb_build_object('title', x.title, 'joinPolicy', x.join_policy, 'offLevelPolicy', x.off_level_policy, 'maxRecentNoShows', x.max_recent_no_shows, 'activityId', x.activity_id, 'skillLevelFromId', x.skill_level_from_id, 'skillLevelToId', x.skill_level_to_id, 'checked', false)`;
  const leaveSeen = `jsonb_build_object('title', x.title, 'startTime', x.start_time, 'waitlistMode', x.waitlist_mode)`;
  return {
    text: `BEGIN;\n${read(joinSeen, ' FOR UPDATE OF x')}${joined.text}COMMIT;\nBEGIN;\n${read(leaveSeen, ' FOR UPDATE OF x')}${left.text}COMMIT;\n`,
    defines: [...joined.defines, ...left.defines],
  };
}

export async function joinLeavePgbench(
  databaseUrl: string,
  db: Database,
  pairs: Array<{ userId: string; gameId: string }>,
  plan: { connections: number; warmupSeconds: number; rounds: number; roundSeconds: number },
) {
  await storePairs(db, pairs.slice(0, plan.connections));
  try {
    return await pgbenchScript(databaseUrl, joinLeaveScript(new Date()), [], plan);
  } finally {
    await db.execute(sql`DROP TABLE bench_join_pairs`);
  }
}
