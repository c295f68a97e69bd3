import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import type { AuditActor, AuditTrail } from '../audit/index.ts';
import { reportNotFound } from './chat.errors.ts';
import { ChatBroadcast } from './chat.live.ts';
import type { ChatGames, ChatLive, ChatNames } from './chat.ports.ts';
import { ChatReportsRepository } from './chat.reports.repository.ts';
import type { ReportView } from './chat.types.ts';

/** Reports are many per message at most once per person; the queue shows the oldest 100 open. */
const QUEUE_SIZE = 100;

interface ChatReportsDeps {
  db: Database;
  clock: Clock;
  names: ChatNames;
  games: Pick<ChatGames, 'audience'>;
  live: ChatLive;
  audit: AuditTrail;
}

/** The admins' side of reports: the open queue, and resolving one (deleting the message or not). */
export class ChatReports {
  readonly #deps: ChatReportsDeps;

  constructor(deps: ChatReportsDeps) {
    this.#deps = deps;
  }

  async queue(): Promise<ReportView[]> {
    const { db, names } = this.#deps;
    const rows = await new ChatReportsRepository(db).open(QUEUE_SIZE);
    if (rows.length === 0) return [];
    const [people, kept] = await Promise.all([
      names(rows.flatMap((row) => [row.authorId, row.reporterId])),
      new ChatReportsRepository(db).stillThere(rows.map((row) => row.messageId)),
    ]);
    return rows.map((row) => ({
      row,
      authorName: people.get(row.authorId) ?? null,
      reporterName: people.get(row.reporterId) ?? null,
      messageDeleted: !kept.has(row.messageId),
    }));
  }

  /** A message removed here leaves the members' open chats live, as a delete by its author does. */
  async resolve(adminId: string, reportId: string, removeMessage: boolean, trail: AuditActor): Promise<void> {
    const { db, clock, games, audit, live } = this.#deps;
    const gameId = await new ChatReportsRepository(db).gameOf(reportId);
    if (!gameId) throw reportNotFound();
    const members = removeMessage ? await games.audience(gameId) : [];
    const resolved = await db.transaction(async (tx) => {
      const report = await new ChatReportsRepository(tx).resolve(reportId, adminId, removeMessage, clock.now());
      if (!report) return report;
      if (removeMessage) await new ChatBroadcast(live).deleted(members, report.gameId, report.messageId, tx);
      // Every open report of the message closes with this one; the message's text stays with the reports, not here.
      const changes = {
        chatReport: {
          before: { reportId, messageId: report.messageId, open: true },
          after: { reportId, messageId: report.messageId, open: false, messageRemoved: removeMessage },
        },
      };
      await audit.record(tx, { ...trail, action: 'chat.report.resolved', objectType: 'game', objectId: report.gameId, changes });
      return report;
    });
    if (!resolved) throw reportNotFound();
  }
}
