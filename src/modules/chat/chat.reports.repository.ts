import { and, asc, eq, isNull } from 'drizzle-orm';
import { inAny, Repository } from '../../platform/db/index.ts';
import type { MessageRow } from './chat.repository.ts';
import { gameChatMessages, gameChatReports } from './chat.table.ts';

export type ReportRow = typeof gameChatReports.$inferSelect;

export class ChatReportsRepository extends Repository {
  /** One report per message and person: a second one changes nothing. */
  async report(message: MessageRow, reporterId: string, at: Date): Promise<void> {
    await this.db
      .insert(gameChatReports)
      .values({
        messageId: message.id,
        gameId: message.gameId,
        authorId: message.authorId,
        reporterId,
        body: message.body,
        writtenAt: message.createdAt,
        createdAt: at,
      })
      .onConflictDoNothing();
  }

  /** Which of these messages are still in their chat. */
  async stillThere(messageIds: string[]): Promise<Set<string>> {
    const rows = await this.db
      .select({ id: gameChatMessages.id })
      .from(gameChatMessages)
      .where(inAny(gameChatMessages.id, messageIds, 'uuid'));
    return new Set(rows.map((row) => row.id));
  }

  /** Open reports, oldest first. */
  open(limit: number): Promise<ReportRow[]> {
    return this.db
      .select()
      .from(gameChatReports)
      .where(isNull(gameChatReports.resolvedAt))
      .orderBy(asc(gameChatReports.createdAt), asc(gameChatReports.id))
      .limit(limit);
  }

  /**
   * Closes the report and every other open report of the same message, deleting the message when
   * asked; answers nothing when no open report has this id (one admin's answer wins, once).
   */
  async resolve(id: string, adminId: string, removeMessage: boolean, at: Date): Promise<ReportRow | undefined> {
    const [report] = await this.db
      .update(gameChatReports)
      .set({ resolvedAt: at, resolvedBy: adminId })
      .where(and(eq(gameChatReports.id, id), isNull(gameChatReports.resolvedAt)))
      .returning();
    if (!report) return undefined;
    await this.db
      .update(gameChatReports)
      .set({ resolvedAt: at, resolvedBy: adminId })
      .where(and(eq(gameChatReports.messageId, report.messageId), isNull(gameChatReports.resolvedAt)));
    if (removeMessage) await this.db.delete(gameChatMessages).where(eq(gameChatMessages.id, report.messageId));
    return report;
  }

  async gameOf(id: string): Promise<string | undefined> {
    return (await this.first(gameChatReports, eq(gameChatReports.id, id)))?.gameId;
  }
}
