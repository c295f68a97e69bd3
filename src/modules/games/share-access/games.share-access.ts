import { sql, type SQL } from 'drizzle-orm';

/** Share access lasts until the game ends plus this; players and organisers see their games regardless. */
export const SHARE_ACCESS_AFTER_END_MS = 24 * 60 * 60 * 1000;

/** Share access counts for games that ended after this. */
export const shareAccessCut = (now: Date): Date => new Date(now.getTime() - SHARE_ACCESS_AFTER_END_MS);

/**
 * Ids of the games the viewer holds live share access to: granted by resolving the share link, and
 * the game ended after `cut` (`shareAccessCut` of the service clock's now); both may be placeholders.
 */
export function sharedGameIds(viewerId: unknown, cut: unknown): SQL {
  return sql`SELECT s.game_id FROM game_share_access s JOIN games sg ON sg.id = s.game_id
    WHERE s.user_id = ${viewerId}::uuid AND sg.end_time > ${cut}::timestamptz`;
}
