import type { RouteDocsTable } from '../../platform/http/openapi-document.ts';
import { AppError } from '../../platform/http/errors.ts';

const CHAT = '/api/v1/games/:id/chat';
const hidden = { 404: ['chat_not_found'] };

/** The domain error codes each chat route can answer. */
export const CHAT_ERRORS: RouteDocsTable = {
  [`GET ${CHAT}`]: { errors: hidden },
  [`PUT ${CHAT}`]: { errors: { 403: ['chat_hosts_only'], 404: ['chat_not_found', 'chat_message_not_found'], 409: ['chat_pin_not_announcement'] } },
  [`GET ${CHAT}/messages`]: { errors: { 400: ['invalid_cursor'], ...hidden } },
  [`POST ${CHAT}/messages`]: { errors: { ...hidden, 409: ['chat_closed', 'chat_ended', 'chat_read_only'] } },
  [`POST ${CHAT}/read`]: { errors: hidden },
  [`POST ${CHAT}/messages/:messageId/report`]: { errors: { 404: ['chat_not_found', 'chat_message_not_found'] } },
  'POST /api/v1/admin/chat-reports/:reportId/resolve': { errors: { 404: ['chat_report_not_found'] } },
  [`DELETE ${CHAT}/messages/:messageId`]: { errors: { 404: ['chat_not_found', 'chat_message_not_found'] } },
};

/** The one error type of the chat module: a status and a stable code. */
export class ChatError extends AppError {}

/** Not a member, no such game, or a game the caller may not see: one answer, so nothing is revealed. */
export const chatNotFound = () => new ChatError(404, 'chat_not_found', 'The chat was not found.');
export const messageNotFound = () => new ChatError(404, 'chat_message_not_found', 'No such message in this chat that you may delete or pin.');
export const hostsOnly = () => new ChatError(403, 'chat_hosts_only', 'Only the organiser and co-hosts change the chat.');
export const pinNotAnnouncement = () => new ChatError(409, 'chat_pin_not_announcement', 'Only a message written by the organiser or a co-host can be pinned.');
export const reportNotFound = () => new ChatError(404, 'chat_report_not_found', 'No open report with this id.');
export const chatClosed = () => new ChatError(409, 'chat_closed', 'The hosts closed this chat: it is read-only.');
export const chatEnded = () => new ChatError(409, 'chat_ended', 'The chat became read-only a day after the game ended.');
export const chatReadOnly = () =>
  new ChatError(409, 'chat_read_only', 'While you wait for a place you may read the chat; the organiser has not let the waitlist write.');
