import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { equalsAny, Repository } from '../../platform/db/index.ts';
import { gameChatMessages, gameChatReads, gameChatReports, gameChats } from './chat.table.ts';

export type MessageRow = typeof gameChatMessages.$inferSelect;
export type ChatRow = typeof gameChats.$inferSelect;

export interface SettingsChange {
  closed?: boolean;
  waitlistMayWrite?: boolean;
  pinnedMessageId?: string | null;
}

export class ChatRepository extends Repository {
  settings(gameId: string): Promise<ChatRow | undefined> {
    return this.first(gameChats, eq(gameChats.gameId, gameId));
  }

  /**
   * The message, unless the chat is closed: the check and the insert are one statement, so a message
   * is never written after the close that refused it.
   */
  async insertUnlessClosed(gameId: string, authorId: string, body: string, at: Date): Promise<MessageRow | undefined> {
    const inserted = await this.db.execute(sql`
      INSERT INTO ${gameChatMessages} (game_id, author_id, body, created_at)
      SELECT ${gameId}::uuid, ${authorId}::uuid, ${body}, ${at.toISOString()}::timestamptz
      WHERE NOT EXISTS (SELECT 1 FROM ${gameChats} c WHERE c.game_id = ${gameId}::uuid AND c.closed_at IS NOT NULL)
      RETURNING id`);
    const id = (inserted as { rows: Array<{ id: string }> }).rows[0]?.id;
    return id ? this.message(gameId, id) : undefined;
  }

  message(gameId: string, id: string): Promise<MessageRow | undefined> {
    return this.first(gameChatMessages, and(eq(gameChatMessages.gameId, gameId), eq(gameChatMessages.id, id)));
  }

  /** Newest first, before `beforeSeq` when given; one more than `limit` tells whether a next page exists. */
  page(gameId: string, limit: number, beforeSeq: number | undefined): Promise<MessageRow[]> {
    const where = beforeSeq === undefined ? eq(gameChatMessages.gameId, gameId) : and(eq(gameChatMessages.gameId, gameId), lt(gameChatMessages.seq, beforeSeq));
    return this.db.select().from(gameChatMessages).where(where).orderBy(desc(gameChatMessages.seq)).limit(limit);
  }

  /** Deletes the message when `anyAuthor` or it is the author's own; answers whether one went. */
  async delete(gameId: string, id: string, userId: string, anyAuthor: boolean): Promise<boolean> {
    const mine = anyAuthor ? undefined : eq(gameChatMessages.authorId, userId);
    const gone = await this.db
      .delete(gameChatMessages)
      .where(and(eq(gameChatMessages.gameId, gameId), eq(gameChatMessages.id, id), mine))
      .returning({ id: gameChatMessages.id });
    return gone.length > 0;
  }

  /** One upsert: the fields given change, the others stay. */
  async change(gameId: string, change: SettingsChange, at: Date): Promise<void> {
    const set: Partial<ChatRow> & { updatedAt: Date } = { updatedAt: at };
    if (change.closed !== undefined) set.closedAt = change.closed ? at : null;
    if (change.waitlistMayWrite !== undefined) set.waitlistMayWrite = change.waitlistMayWrite;
    if (change.pinnedMessageId !== undefined) set.pinnedMessageId = change.pinnedMessageId;
    await this.db
      .insert(gameChats)
      .values({ gameId, closedAt: null, waitlistMayWrite: false, pinnedMessageId: null, ...set })
      .onConflictDoUpdate({ target: gameChats.gameId, set });
  }

  /** Messages written before `before`, and settings of chats left empty and unchanged since; answers the messages deleted. */
  async purgeBefore(before: Date): Promise<number> {
    const gone = await this.db.delete(gameChatMessages).where(lt(gameChatMessages.createdAt, before)).returning({ id: gameChatMessages.id });
    await this.db
      .delete(gameChats)
      .where(and(lt(gameChats.updatedAt, before), sql`NOT EXISTS (SELECT 1 FROM ${gameChatMessages} m WHERE m.game_id = ${gameChats.gameId})`));
    return gone.length;
  }

  /** Messages of others after the user's read marker (all of them before the first read). */
  async unread(gameId: string, userId: string): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(gameChatMessages)
      .where(
        and(
          eq(gameChatMessages.gameId, gameId),
          sql`${gameChatMessages.authorId} <> ${userId}::uuid`,
          sql`${gameChatMessages.seq} > coalesce((SELECT r.last_read_seq FROM ${gameChatReads} r WHERE r.game_id = ${gameId}::uuid AND r.user_id = ${userId}::uuid), 0)`,
        ),
      );
    return row?.count ?? 0;
  }

  /** Per game of `gameIds` with any: others' messages after the user's read marker there (one query). */
  async unreadIn(gameIds: string[], userId: string): Promise<Array<{ gameId: string; unread: number }>> {
    if (gameIds.length === 0) return [];
    const found = await this.db.execute(sql`
      SELECT m.game_id, count(*)::int AS unread FROM ${gameChatMessages} m
      LEFT JOIN ${gameChatReads} r ON r.game_id = m.game_id AND r.user_id = ${userId}::uuid
      WHERE m.game_id ${equalsAny(gameIds, 'uuid')} AND m.author_id <> ${userId}::uuid AND m.seq > coalesce(r.last_read_seq, 0)
      GROUP BY m.game_id ORDER BY m.game_id`);
    return (found as { rows: Array<{ game_id: string; unread: number }> }).rows.map((row) => ({ gameId: row.game_id, unread: Number(row.unread) }));
  }

  /** Moves the user's marker to the newest message of the game, never back (a late request cannot undo a newer read). */
  async markRead(gameId: string, userId: string): Promise<void> {
    await this.db.execute(sql`
      INSERT INTO ${gameChatReads} (game_id, user_id, last_read_seq)
      SELECT ${gameId}::uuid, ${userId}::uuid, coalesce(max(m.seq), 0) FROM ${gameChatMessages} m WHERE m.game_id = ${gameId}::uuid
      ON CONFLICT (game_id, user_id) DO UPDATE SET last_read_seq = GREATEST(${gameChatReads}.last_read_seq, excluded.last_read_seq)`);
  }

  async deleteForGame(gameId: string): Promise<void> {
    await this.db.delete(gameChatReads).where(eq(gameChatReads.gameId, gameId));
    await this.db.delete(gameChatReports).where(eq(gameChatReports.gameId, gameId));
    await this.db.delete(gameChats).where(eq(gameChats.gameId, gameId));
    await this.db.delete(gameChatMessages).where(eq(gameChatMessages.gameId, gameId));
  }
}
