import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/index.ts';

/** What games need from other modules; `app.ts` hands each part in. */

export interface ShareLinkBlock {
  code: string;
  shareUrl: string;
  webUrl: string;
  mobileUrl: string;
}

export interface GameShareLinks {
  /** Called inside the create transaction, so a game never exists without its link. */
  createForGame(gameId: string, executor: Executor): Promise<void>;
  linksFor(gameIds: string[]): Promise<Map<string, ShareLinkBlock>>;
  /** The game's link code as SQL for a statement over games, and the block made from a code it answered. */
  codeOf(gameId: SQL): SQL<string | null>;
  linkOf(gameId: string, code: string): ShareLinkBlock;
}

export interface ContactMethodView {
  name: 'WHATSAPP' | 'TELEGRAM' | 'MESSENGER';
  value: string;
}

/** How players can be reached, shown only to the people running their game. */
export interface GameContacts {
  contactsOf(userIds: string[]): Promise<Map<string, ContactMethodView[]>>;
}

export interface GameBookmarks {
  bookmarkedAmong(userId: string, gameIds: string[]): Promise<Set<string>>;
  /** Whether the user bookmarked the game `gameId` names, as SQL for a statement over games. */
  bookmarkedFlag(userId: SQL, gameId: SQL): SQL<boolean>;
}

export type GameEventType =
  | 'PLAYER_JOINED'
  | 'PLAYER_LEFT'
  | 'GAME_FULL'
  | 'WAITLIST_PROMOTED'
  | 'GAME_UPDATED'
  | 'GAME_CANCELLED'
  | 'PLAYER_REMOVED'
  | 'PLACE_RELEASED'
  | 'GAME_CONFIRMED'
  | 'GAME_NOT_ENOUGH_PLAYERS'
  | 'CO_HOST_ADDED'
  | 'CO_HOST_REMOVED'
  | 'JOIN_REQUESTED'
  | 'JOIN_REQUEST_APPROVED'
  | 'JOIN_REQUEST_DECLINED'
  | 'JOIN_REQUEST_WITHDRAWN'
  | 'WAITLIST_OFFERED'
  | 'WAITLIST_OFFER_EXPIRED'
  | 'SERIES_GAME_JOINED'
  | 'CO_HOST_INVITED'
  | 'JOIN_REQUEST_CANCELLED'
  | 'JOIN_REQUEST_LAPSED';

/** Told of each change in the change's own transaction (the notifications module writes them there). */
export interface GameEvents {
  /**
   * `title` is the game's title as of the change (null when it has none), for the notification's
   * text; `waitlisted` marks a PLAYER_JOINED that went onto the waitlist.
   */
  emit(
    event: { type: GameEventType; gameId: string; actorId: string; recipients: string[]; title?: string | null; waitlisted?: boolean; leaveFreeUntil?: Date },
    executor: Executor,
  ): Promise<void>;
  /**
   * For a change made in one statement (the join and leave functions write their notifications
   * through `notify_game`): reads the actor's name now, then gives each wanted text (keyed as asked)
   * for the game's title, and the minute of the day that quiet hours are judged at.
   */
  prepare(actorId: string): Promise<(title: string | null, wanted: Record<string, { type: GameEventType; waitlisted?: boolean }>) => PreparedNotifications>;
}

/**
 * Texts as `[title, message, coalescing key]` per key, the minute after local midnight (quiet
 * hours), and the window within which a repeat with the same key updates the earlier notification.
 */
export interface PreparedNotifications {
  texts: Record<string, NotificationText>;
  minute: number;
  windowSeconds: number;
}

/** A notification's title and message, and its coalescing key (none: it never coalesces). */
export type NotificationText = [string, string, (string | null)?];

/** Runs after the organiser removed a player (not after a leave), once the removal is committed. */
export type PlayerRemovalHook = (removal: { gameId: string; userId: string; gameEnds: Date }) => Promise<void>;

/** Tells everyone on a game's game-day board to read it again, once a change to a player's guests is committed. */
export type BoardChanged = (gameId: string) => Promise<void>;

/** Runs inside the hard delete's transaction, before the game row goes (share links, bookmarks, notifications). */
export type GameRemovalStep = (gameId: string, executor: Executor) => Promise<void>;

/**
 * The player's stated skill level for an activity (the profiles module); undefined when none.
 * `executor`: the caller's transaction, when the level decides a write made in it (the join).
 */
export interface PlayerLevels {
  levelIn(userId: string, activityId: string, executor?: Executor): Promise<string | undefined>;
}

/**
 * A player's no-shows in the last 90 days (the attendance module), for games with maxRecentNoShows;
 * read in the caller's transaction when `executor` is given (the join).
 */
export type RecentNoShows = (userId: string, executor?: Executor) => Promise<number>;

/** The players' ratings of games (the attendance module), shown in the organiser's hosted list. */
export interface GameRatings {
  averagesOf(gameIds: string[]): Promise<Map<string, { average: number | null; count: number }>>;
}

/** The viewer's own attendance mark, rating and their windows in a game (the attendance module), for the game's page. */
export interface ViewerAttendance {
  ownOf(
    game: { id: string; startTime: Date; endTime: Date },
    userId: string,
  ): Promise<{
    status: 'ATTENDED' | 'NO_SHOW' | null;
    rating: { score: number; note: string | null } | null;
    checkIn: { opensAt: Date; closesAt: Date };
    rateFrom: Date;
  }>;
}

/** How a user may be reached (the profiles module), shown to the players of a game they organise. */
export interface OrganizerContacts {
  contactMethodsOf(userId: string): Promise<Array<{ name: string; value: string }>>;
}
