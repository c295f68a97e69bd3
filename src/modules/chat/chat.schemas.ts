import { Type } from 'typebox';
import { FreeText } from '../../platform/http/text.ts';

const Uuid = Type.String({ format: 'uuid' });
const Instant = Type.String({ format: 'date-time' });

export const MESSAGE_MAX_LENGTH = 1000;

export const ChatParams = Type.Object({ id: Uuid });
export const MessageParams = Type.Object({ id: Uuid, messageId: Uuid });

export const MessagesQuery = Type.Object({
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 1024, description: "Opaque; the previous page's nextCursor" })),
  size: Type.Integer({ minimum: 1, maximum: 100, default: 30, description: 'Messages per page' }),
});

export const PostMessageBody = Type.Object({
  body: FreeText({ maxLength: MESSAGE_MAX_LENGTH, description: 'Plain text, up to 1,000 characters; leading and trailing blanks are trimmed' }),
});

export const ChatSettingsBody = Type.Object({
  closed: Type.Optional(Type.Boolean({ description: 'A closed chat is read-only for everyone' })),
  waitlistMayWrite: Type.Optional(Type.Boolean({ description: 'Waitlisted players and pending requesters may write, not only read' })),
  pinnedMessageId: Type.Optional(Type.Union([Uuid, Type.Null()], { description: "A host's message of this game to pin (one per game); null unpins" })),
});

export const ChatMessage = Type.Object({
  id: Uuid,
  author: Type.Object({ userId: Uuid, name: Type.Union([Type.String(), Type.Null()]) }),
  body: Type.String({ description: 'Plain text: never HTML' }),
  createdAt: Instant,
  mine: Type.Boolean(),
  canDelete: Type.Boolean({ description: 'The author, or a host of the game' }),
});

export const MessagesPage = Type.Object({
  content: Type.Array(ChatMessage, { description: 'Newest first' }),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});

export const ReportParams = Type.Object({ reportId: Uuid });
export const ResolveReportBody = Type.Object({ removeMessage: Type.Boolean({ description: 'Delete the message from the chat (if it is still there)' }) });
const Person = Type.Object({ userId: Uuid, name: Type.Union([Type.String(), Type.Null()]) });
export const ChatReport = Type.Object({
  id: Uuid,
  gameId: Uuid,
  messageId: Uuid,
  author: Person,
  reporter: Person,
  body: Type.String({ description: "The message's text as it was reported, kept after a delete" }),
  writtenAt: Instant,
  reportedAt: Instant,
  messageDeleted: Type.Boolean(),
});

export const ChatState = Type.Object({
  role: Type.Union([Type.Literal('HOST'), Type.Literal('PLAYER'), Type.Literal('WAITING')], {
    description: 'HOST: organiser or co-host; PLAYER: holds a place; WAITING: waitlisted or asked to join',
  }),
  closed: Type.Boolean(),
  waitlistMayWrite: Type.Boolean(),
  readOnlyFrom: Type.String({ format: 'date-time', description: 'A day after the game ends: from then on nobody writes' }),
  canWrite: Type.Boolean(),
  canModerate: Type.Boolean({ description: 'May delete any message, pin, close and reopen' }),
  unread: Type.Integer({ minimum: 0, description: "Others' messages after your read marker (POST …/chat/read moves it)" }),
  pinned: Type.Union([ChatMessage, Type.Null()]),
});

export const UnreadTotals = Type.Object({
  total: Type.Integer({ minimum: 0, description: "Others' unread messages over all the chats you are in now" }),
  games: Type.Array(Type.Object({ gameId: Uuid, unread: Type.Integer({ minimum: 1 }) }), { description: 'Only the games with unread messages' }),
});
