/**
 * What the services hand the presenter. Kept apart from both so the presenter depends on no service:
 * the live broadcast presents messages, and the services broadcast.
 */
import type { ReportRow } from './chat.reports.repository.ts';
import type { MessageRow } from './chat.repository.ts';

export type ChatRole = 'HOST' | 'PLAYER' | 'WAITING';

export interface MessageView {
  row: MessageRow;
  authorName: string | null;
  mine: boolean;
  canDelete: boolean;
}

export interface ChatView {
  role: ChatRole;
  closed: boolean;
  waitlistMayWrite: boolean;
  readOnlyFrom: Date;
  canWrite: boolean;
  canModerate: boolean;
  unread: number;
  pinned: MessageView | undefined;
}

export interface ReportView {
  row: ReportRow;
  authorName: string | null;
  reporterName: string | null;
  /** The message is gone from the chat (its author or a host deleted it); the report keeps its text. */
  messageDeleted: boolean;
}
