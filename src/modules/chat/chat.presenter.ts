import type { ChatView, MessageView, ReportView } from './chat.types.ts';

export function presentMessage(view: MessageView) {
  return {
    id: view.row.id,
    author: { userId: view.row.authorId, name: view.authorName },
    body: view.row.body,
    createdAt: view.row.createdAt.toISOString(),
    mine: view.mine,
    canDelete: view.canDelete,
  };
}

export function presentChat(view: ChatView) {
  return {
    role: view.role,
    closed: view.closed,
    waitlistMayWrite: view.waitlistMayWrite,
    readOnlyFrom: view.readOnlyFrom.toISOString(),
    canWrite: view.canWrite,
    canModerate: view.canModerate,
    unread: view.unread,
    pinned: view.pinned ? presentMessage(view.pinned) : null,
  };
}

export function presentMessages(page: { content: MessageView[]; nextCursor: string | null }) {
  return { content: page.content.map(presentMessage), nextCursor: page.nextCursor };
}

export function presentReport(view: ReportView) {
  const { row } = view;
  return {
    id: row.id,
    gameId: row.gameId,
    messageId: row.messageId,
    author: { userId: row.authorId, name: view.authorName },
    reporter: { userId: row.reporterId, name: view.reporterName },
    body: row.body,
    writtenAt: row.writtenAt.toISOString(),
    reportedAt: row.createdAt.toISOString(),
    messageDeleted: view.messageDeleted,
  };
}
