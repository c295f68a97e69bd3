import type { PresentedGame } from '../games/index.ts';

/** What calendars ask of games: which games a user's feed holds and their SEQUENCE. */
export interface CalendarGames {
  calendarOf(userId: string, since: Date, limit: number): Promise<Array<{ id: string; sequence: number; waitlisted: boolean }>>;
  sequencesOf(ids: string[]): Promise<Map<string, number>>;
}

/** The games as the viewer sees them (the games module's queries). */
export interface CalendarGameViews {
  presentMany(ids: string[], viewerId: string | null): Promise<PresentedGame[]>;
}
