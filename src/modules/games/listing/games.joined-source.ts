import { sql, type SQL } from 'drizzle-orm';
import type { Bound } from './games.sql.ts';
import type { JoinedState } from '../games.schemas.ts';

/** Which of the viewer's games a joined page holds: a state (absent: playing or waiting), only started ones. */
export interface JoinedWhich {
  state?: JoinedState;
  past: boolean;
  now: Date;
}

/**
 * What makes a game the viewer's in each state: the existing join for any (playing or waiting), else
 * the game's id among the viewer's few rows of one kind (each branch has its index path).
 */
export const JOINED_SOURCE: Record<JoinedState | 'ANY', (v: Bound) => { join: SQL; conditions: SQL[] }> = {
  ANY: (v) => ({ join: sql`JOIN game_participants p ON p.game_id = g.id AND p.user_id = ${v.viewer}::uuid`, conditions: [] }),
  GOING: (v) => ({
    join: sql``,
    conditions: [
      sql`g.id IN (SELECT p.game_id FROM game_participants p WHERE p.user_id = ${v.viewer}::uuid AND p.status = 'ACTIVE'
        UNION SELECT c.game_id FROM game_co_hosts c WHERE c.user_id = ${v.viewer}::uuid
        UNION SELECT o.id FROM games o WHERE o.organizer_id = ${v.viewer}::uuid)`,
    ],
  }),
  WAITING: (v) => ({
    join: sql``,
    conditions: [
      sql`g.id IN (SELECT p.game_id FROM game_participants p WHERE p.user_id = ${v.viewer}::uuid AND p.status = 'WAITLISTED'
        AND (p.offer_expires_at IS NULL OR p.offer_expires_at <= ${v.now}::timestamptz))`,
    ],
  }),
  OFFERED: (v) => ({
    join: sql``,
    conditions: [
      sql`g.id IN (SELECT p.game_id FROM game_participants p WHERE p.user_id = ${v.viewer}::uuid AND p.status = 'WAITLISTED'
        AND p.offer_expires_at > ${v.now}::timestamptz)`,
    ],
  }),
  REQUESTED: (v) => ({ join: sql``, conditions: [sql`g.id IN (SELECT r.game_id FROM game_join_requests r WHERE r.user_id = ${v.viewer}::uuid)`] }),
};
