import type { Clock } from '../../platform/clock.ts';
import type { Database, Executor } from '../../platform/db/index.ts';
import type { CursorCodec } from '../../platform/http/cursor.ts';
import { chatClosed, chatEnded, chatNotFound, chatReadOnly, hostsOnly, messageNotFound, pinNotAnnouncement } from './chat.errors.ts';
import { ChatBroadcast } from './chat.live.ts';
import { mentioned } from './chat.mentions.ts';
import type { ChatGames, ChatLive, ChatMember, ChatNames, ChatPushes, ChatStanding } from './chat.ports.ts';
import { ChatRepository, type ChatRow, type MessageRow, type SettingsChange } from './chat.repository.ts';
import { ChatReportsRepository } from './chat.reports.repository.ts';
import type { ChatRole, ChatView, MessageView } from './chat.types.ts';

/** A day after the game ends the conversation is kept for reading only. */
export const READ_ONLY_AFTER_MS = 24 * 60 * 60 * 1000;
/** A message is deleted this long after it was written (the retention job). */
export const KEPT_FOR_MS = 90 * 24 * 60 * 60 * 1000;

interface Member {
  userId: string;
  role: ChatRole;
  readOnlyFrom: Date;
  title: string | null;
}

export interface ChatServiceDeps {
  db: Database;
  clock: Clock;
  cursors: CursorCodec;
  games: ChatGames;
  names: ChatNames;
  /** The notification stream's events: messages, deletions and changes reach the members live. */
  live: ChatLive;
  /** A message's pushes (hosts by default, players who asked, whoever it mentions), in its transaction. */
  pushes: ChatPushes;
}

/** Who is in the conversation now: hosts, players with a place, then those waiting (waitlist or request). */
function roleOf(standing: ChatStanding): ChatRole | undefined {
  if (standing.host) return 'HOST';
  if (standing.player === 'ACTIVE') return 'PLAYER';
  if (standing.player === 'WAITLISTED' || standing.requested) return 'WAITING';
  return undefined;
}

/** Everyone in the chat but the author: whoever the text mentions as such, else as host or player. */
function pushRecipients(text: string, members: ChatMember[], names: Map<string, string | null>, authorId: string) {
  const others = members.filter((member) => member.userId !== authorId);
  const named = mentioned(
    text,
    others.map((member) => ({ userId: member.userId, name: names.get(member.userId) })),
  );
  return others.map((member) => ({
    userId: member.userId,
    type: named.has(member.userId) ? ('CHAT_MENTION' as const) : member.host ? ('CHAT_HOSTING' as const) : ('CHAT_PLAYING' as const),
  }));
}

/**
 * A conversation per game, among the people in the game now. Whoever is not (a stranger holding the
 * share link, a player who left or was removed, an admin) gets the same 404 as for a game that does
 * not exist, so the chat says nothing about the game to them.
 */
export class ChatService {
  readonly #deps: ChatServiceDeps;
  readonly #broadcast: ChatBroadcast;

  constructor(deps: ChatServiceDeps) {
    this.#deps = deps;
    this.#broadcast = new ChatBroadcast(deps.live);
  }

  async state(gameId: string, userId: string): Promise<ChatView> {
    const member = await this.#member(gameId, userId);
    return this.#view(gameId, member);
  }

  async messages(gameId: string, userId: string, query: { cursor?: string; size: number }) {
    const member = await this.#member(gameId, userId);
    const scope = `chat:${gameId}`;
    const before = query.cursor === undefined ? undefined : Number(this.#deps.cursors.decode(query.cursor, scope)[0]);
    const rows = await this.#repository().page(gameId, query.size + 1, before);
    const shown = rows.slice(0, query.size);
    const last = shown.at(-1);
    const nextCursor = rows.length > query.size && last ? this.#deps.cursors.encode([last.seq], scope) : null;
    return { content: await this.#views(shown, member), nextCursor };
  }

  async post(gameId: string, userId: string, text: string): Promise<MessageView> {
    const member = await this.#member(gameId, userId);
    const now = this.#deps.clock.now();
    if (now >= member.readOnlyFrom) throw chatEnded();
    const settings = await this.#repository().settings(gameId);
    if (settings?.closedAt) throw chatClosed();
    if (member.role === 'WAITING' && !settings?.waitlistMayWrite) throw chatReadOnly();
    // Read before the transaction: the embedded database runs one statement stream at a time.
    const members = await this.#deps.games.audience(gameId);
    const names = await this.#deps.names([userId, ...members.map((m) => m.userId)]);
    const authorName = names.get(userId) ?? null;
    const pushes = { gameId, title: member.title, recipients: pushRecipients(text, members, names, userId) };
    const row = await this.#deps.db.transaction(async (tx) => {
      // The schema refused blank text; what is left after trimming is never empty.
      const inserted = await new ChatRepository(tx).insertUnlessClosed(gameId, userId, text.trim(), now);
      if (!inserted) return inserted;
      await this.#broadcast.message(members, inserted, authorName, tx);
      await this.#deps.pushes.chatMessage(pushes, tx);
      return inserted;
    });
    if (!row) throw chatClosed();
    return { row, authorName, mine: true, canDelete: true };
  }

  /** The caller's unread messages in each of their games' chats that has any, and the sum. */
  async unreadTotals(userId: string): Promise<{ total: number; games: Array<{ gameId: string; unread: number }> }> {
    const gameIds = await this.#deps.games.gamesOf(userId);
    const games = await this.#repository().unreadIn(gameIds, userId);
    return { total: games.reduce((sum, game) => sum + game.unread, 0), games };
  }

  /** Everything in the chat up to now counts as read by the caller. */
  async markRead(gameId: string, userId: string): Promise<void> {
    await this.#member(gameId, userId);
    await this.#repository().markRead(gameId, userId);
  }

  /** Any member may report a message of the chat to the admins (once; again changes nothing). */
  async report(gameId: string, userId: string, messageId: string): Promise<void> {
    await this.#member(gameId, userId);
    const message = await this.#repository().message(gameId, messageId);
    if (!message) throw messageNotFound();
    await new ChatReportsRepository(this.#deps.db).report(message, userId, this.#deps.clock.now());
  }

  async remove(gameId: string, userId: string, messageId: string): Promise<void> {
    const member = await this.#member(gameId, userId);
    const members = await this.#deps.games.audience(gameId);
    const gone = await this.#deps.db.transaction(async (tx) => {
      if (!(await new ChatRepository(tx).delete(gameId, messageId, userId, member.role === 'HOST'))) return false;
      await this.#broadcast.deleted(members, gameId, messageId, tx);
      return true;
    });
    if (!gone) throw messageNotFound();
  }

  async change(gameId: string, userId: string, change: SettingsChange): Promise<ChatView> {
    const member = await this.#member(gameId, userId);
    if (member.role !== 'HOST') throw hostsOnly();
    if (change.pinnedMessageId) await this.#checkPinnable(gameId, change.pinnedMessageId);
    const members = await this.#deps.games.audience(gameId);
    await this.#deps.db.transaction(async (tx) => {
      await new ChatRepository(tx).change(gameId, change, this.#deps.clock.now());
      await this.#broadcast.changed(members, gameId, tx);
    });
    return this.#view(gameId, member);
  }

  /** The retention job: messages older than 90 days go. Concurrent runs delete each message once. */
  purgeExpired(): Promise<number> {
    return this.#repository().purgeBefore(new Date(this.#deps.clock.now().getTime() - KEPT_FOR_MS));
  }

  /** Hard-deleting a game takes its conversation with it. */
  forgetGame(gameId: string, executor: Executor): Promise<void> {
    return new ChatRepository(executor).deleteForGame(gameId);
  }

  /** Only an announcement: a message of this game written by someone who hosts it now. */
  async #checkPinnable(gameId: string, messageId: string): Promise<void> {
    const message = await this.#repository().message(gameId, messageId);
    if (!message) throw messageNotFound();
    const author = await this.#deps.games.standing(gameId, message.authorId);
    if (!author?.host) throw pinNotAnnouncement();
  }

  async #member(gameId: string, userId: string): Promise<Member> {
    const standing = await this.#deps.games.standing(gameId, userId);
    const role = standing && roleOf(standing);
    if (!standing || !role) throw chatNotFound();
    return { userId, role, readOnlyFrom: new Date(standing.game.endTime.getTime() + READ_ONLY_AFTER_MS), title: standing.game.title };
  }

  async #view(gameId: string, member: Member): Promise<ChatView> {
    const repository = this.#repository();
    const settings: ChatRow | undefined = await repository.settings(gameId);
    const pinnedRow = settings?.pinnedMessageId ? await repository.message(gameId, settings.pinnedMessageId) : undefined;
    const [pinned] = pinnedRow ? await this.#views([pinnedRow], member) : [];
    const closed = !!settings?.closedAt;
    const waitlistMayWrite = settings?.waitlistMayWrite ?? false;
    const open = !closed && this.#deps.clock.now() < member.readOnlyFrom;
    const unread = await repository.unread(gameId, member.userId);
    return {
      role: member.role,
      closed,
      waitlistMayWrite,
      readOnlyFrom: member.readOnlyFrom,
      canWrite: open && (member.role !== 'WAITING' || waitlistMayWrite),
      canModerate: member.role === 'HOST',
      unread,
      pinned,
    };
  }

  async #views(rows: MessageRow[], member: Member): Promise<MessageView[]> {
    const names = rows.length ? await this.#deps.names(rows.map((row) => row.authorId)) : new Map<string, string | null>();
    return rows.map((row) => {
      const mine = row.authorId === member.userId;
      return { row, authorName: names.get(row.authorId) ?? null, mine, canDelete: mine || member.role === 'HOST' };
    });
  }

  #repository(): ChatRepository {
    return new ChatRepository(this.#deps.db);
  }
}
