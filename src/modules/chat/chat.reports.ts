import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import { reportNotFound } from './chat.errors.ts';
import type { ChatNames } from './chat.ports.ts';
import { ChatReportsRepository, type ReportRow } from './chat.reports.repository.ts';

export interface ReportView {
  row: ReportRow;
  authorName: string | null;
  reporterName: string | null;
  /** The message is gone from the chat (its author or a host deleted it); the report keeps its text. */
  messageDeleted: boolean;
}

/** Reports are many per message at most once per person; the queue shows the oldest 100 open. */
const QUEUE_SIZE = 100;

/** The admins' side of reports: the open queue, and resolving one (deleting the message or not). */
export class ChatReports {
  readonly #deps: { db: Database; clock: Clock; names: ChatNames };

  constructor(deps: { db: Database; clock: Clock; names: ChatNames }) {
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

  async resolve(adminId: string, reportId: string, removeMessage: boolean): Promise<void> {
    if (!(await new ChatReportsRepository(this.#deps.db).resolve(reportId, adminId, removeMessage, this.#deps.clock.now()))) throw reportNotFound();
  }
}
