/** Where a user stands in a game, as the games module answers it (GameLookups.standing); wired in app-services.ts. */
export interface ChatStanding {
  game: { endTime: Date };
  /** Organiser or co-host. */
  host: boolean;
  player: 'ACTIVE' | 'WAITLISTED' | undefined;
  /** A join request waits for the hosts' answer. */
  requested: boolean;
}

/** What the chat needs from the games module. */
export interface ChatGames {
  /** Undefined when there is no such game. */
  standing(gameId: string, userId: string): Promise<ChatStanding | undefined>;
}

/** Display names by user id (null once erased), one query for a page. */
export type ChatNames = (userIds: string[]) => Promise<Map<string, string | null>>;
