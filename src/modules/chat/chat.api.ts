import { Type } from 'typebox';
import type { RouteSpec } from '../../platform/http/route-set.ts';
import {
  ChatMessage,
  ChatReport,
  ChatParams,
  ChatSettingsBody,
  ChatState,
  MessageParams,
  MessagesPage,
  MessagesQuery,
  PostMessageBody,
  ReportParams,
  ResolveReportBody,
  UnreadTotals,
} from './chat.schemas.ts';

/** What each chat route accepts and answers (paths: chat.routes.ts). */
export const ChatApi = {
  state: { summary: "The game's chat: your role in it, whether you may write, the pinned announcement", params: ChatParams, data: ChatState, message: 'Chat' },
  settings: { summary: "Hosts: close or reopen the chat, let the waitlist write, pin or unpin a host's message", params: ChatParams, body: ChatSettingsBody, data: ChatState, message: 'Chat updated' },
  messages: { summary: "The game's messages, newest first (cursor page)", params: ChatParams, querystring: MessagesQuery, data: MessagesPage, message: 'Messages' },
  post: { summary: 'Write a message (plain text)', params: ChatParams, body: PostMessageBody, data: ChatMessage, status: 201, message: 'Message sent' },
  report: { summary: 'Report a message to the admins (once per person; the admins keep its text)', params: MessageParams },
  queue: { summary: 'Admins: open reports of chat messages, oldest first (at most 100)', data: Type.Array(ChatReport), message: 'Chat reports' },
  resolve: { summary: 'Admins: resolve a report (and every other open report of its message), deleting the message or not', params: ReportParams, body: ResolveReportBody },
  read: { summary: 'Mark everything in the chat up to now as read by you', params: ChatParams },
  unread: { summary: 'Your unread chat messages: the total over your games and each game that has any', data: UnreadTotals, message: 'Unread chat messages' },
  remove: { summary: 'Delete a message: your own, or any as a host', params: MessageParams },
} satisfies Record<string, RouteSpec>;
