/** What share links need from the games module (wired in app.ts). */
export interface ShareableGameSummary {
  id: string;
  title: string | null;
  activityName: string;
  venueName: string;
  venueAddress: string;
  startTime: Date;
  endTime: Date;
  playersJoined: number;
  slots: number;
  status: string;
  visibility: string;
  organizerId: string;
  waitlisted: number;
  /** A decimal string, like "8.50". */
  price: string;
  currency: string;
  skillLevelFrom: string;
  skillLevelTo: string;
}

export interface ShareableGames {
  /** Organiser or player (active or waitlisted). */
  isMember(userId: string, gameId: string): Promise<boolean>;
  /** False when there is no such game. */
  grantShareAccess(userId: string, gameId: string): Promise<boolean>;
  /** Drops everyone's share access to the game (its code was rotated). */
  revokeShareAccess(gameId: string): Promise<void>;
  /** Undefined once the game is gone for good. */
  summaryForShare(gameId: string): Promise<ShareableGameSummary | undefined>;
}
