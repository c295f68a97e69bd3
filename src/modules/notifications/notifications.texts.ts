import type { NotificationType } from './notifications.schemas.ts';

/** The game as a notification names it: its title in quotes, or a plain phrase when it has none. */
function gameName(title: string | null | undefined, fallback: string): string {
  const trimmed = title?.trim();
  if (!trimmed) return fallback;
  return `"${trimmed.length > 80 ? `${trimmed.slice(0, 79)}…` : trimmed}"`;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export interface TextDetails {
  startsAt?: string;
  /** The player who joined or left; "A player" when they have no name (a provider may send none). */
  playerName?: string | null;
  /** A PLAYER_JOINED that went onto the waitlist. */
  waitlisted?: boolean;
}

/** Short human text for each type; stored with the row so a later rename does not rewrite history. */
export function describe(type: NotificationType, gameTitle: string | null | undefined, extra: TextDetails = {}): { title: string; message: string } {
  const yours = gameName(gameTitle, 'your game');
  const the = gameName(gameTitle, 'the game');
  const player = extra.playerName?.trim() || 'A player';
  switch (type) {
    case 'PLAYER_JOINED': return extra.waitlisted
      ? { title: 'New on the waitlist', message: `${player} joined the waitlist of ${yours}.` }
      : { title: 'New player', message: `${player} joined ${yours}.` };
    case 'PLAYER_LEFT': return { title: 'Player left', message: `${player} left ${yours}.` };
    case 'GAME_FULL': return { title: 'Game full', message: `${capitalise(yours)} is now full.` };
    case 'WAITLIST_PROMOTED': return { title: 'You\'re in', message: `A place opened up: you moved from the waitlist into ${the}.` };
    case 'GAME_UPDATED': return { title: 'Game updated', message: `The organiser changed the details of ${the}.` };
    case 'GAME_CANCELLED': return { title: 'Game cancelled', message: `${capitalise(the)} was cancelled.` };
    case 'PLAYER_REMOVED': return { title: 'Removed from game', message: `The organiser removed you from ${the}.` };
    case 'GAME_REMINDER': return { title: 'Upcoming game', message: `${capitalise(the)} starts ${extra.startsAt ? `at ${extra.startsAt}` : 'within 24 hours'}.` };
  }
}
