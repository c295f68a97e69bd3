import type { Executor } from '../../platform/db/index.ts';

/** Where a user stands in a game, as the games module answers it (GameLookups.standing); wired in app-services.ts. */
export interface ChatStanding {
  game: { endTime: Date; title: string | null };
  /** Organiser or co-host. */
  host: boolean;
  player: 'ACTIVE' | 'WAITLISTED' | undefined;
  /** A join request waits for the hosts' answer. */
  requested: boolean;
}

/** A member of a game's conversation now (GameLookups.audience). */
export interface ChatMember {
  userId: string;
  host: boolean;
}

/** What the chat needs from the games module. */
export interface ChatGames {
  /** Undefined when there is no such game. */
  standing(gameId: string, userId: string): Promise<ChatStanding | undefined>;
  /** Everyone in the game's conversation now: those a live event goes to. */
  audience(gameId: string): Promise<ChatMember[]>;
  /** The games whose conversation the user is in now (for the total unread). */
  gamesOf(userId: string): Promise<string[]>;
}

/** A live event of the chat, for each recipient with their own payload. */
export interface ChatEvent {
  name: 'chat.message' | 'chat.deleted' | 'chat.changed';
  gameId: string;
  recipients: Array<{ userId: string; payload: object }>;
}

/** The notification stream's events (StreamEvents), written in the chat's transaction. */
export interface ChatLive {
  publish(event: ChatEvent, executor: Executor): Promise<void>;
}

/** Display names by user id (null once erased), one query for a page. */
export type ChatNames = (userIds: string[]) => Promise<Map<string, string | null>>;

/** Who a message's push goes to, and as what: the notifications module decides the rest (NotificationsService.chatMessage). */
export interface ChatPushes {
  chatMessage(
    event: { gameId: string; title: string | null; recipients: Array<{ userId: string; type: 'CHAT_HOSTING' | 'CHAT_PLAYING' | 'CHAT_MENTION' }> },
    executor: Executor,
  ): Promise<void>;
}
