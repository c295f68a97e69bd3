import type { NotificationType } from './notifications.schemas.ts';

/**
 * Text another user chose (a game title, a display name) is never said in the service's voice: it
 * is quoted, cut to 80 characters, and attributed ("the game its organiser titled …", "a player
 * named …"), so a title like "Your account is locked" reads as somebody's title, not as a warning.
 */
function quoted(text: string | null | undefined): string | undefined {
  const trimmed = text?.trim().replace(/\s+/g, ' ');
  if (!trimmed) return undefined;
  return `"${trimmed.length > 80 ? `${trimmed.slice(0, 79)}…` : trimmed}"`;
}

/** The recipient's own game: the title is theirs, so it needs no attribution. */
function yourGame(title: string | null | undefined): string {
  const name = quoted(title);
  return name ? `your game ${name}` : 'your game';
}

/** Someone else's game: its title is attributed to its organiser. */
function theGame(title: string | null | undefined): string {
  const name = quoted(title);
  return name ? `the game its organiser titled ${name}` : 'the game';
}

/** Where a chat push's messages are, after "3 new messages". */
export function chatWhere(title: string | null | undefined): string {
  return `in the chat of ${theGame(title)}.`;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export interface TextDetails {
  startsAt?: string;
  /** The player who joined or left (quoted: they chose it); "A player" when they have no name (a provider may send none). */
  playerName?: string | null;
  /** A PLAYER_JOINED that went onto the waitlist. */
  waitlisted?: boolean;
  /** A GAME_UPDATED that frees the player from the leave window until then (formatted). */
  leaveFreeUntil?: string;
  /** A PAYMENT_REMINDER: what the player still owes, formatted ("SGD 8.00"). */
  owed?: string;
  /** A PAYMENT_SUMMARY: what is open across the organiser's games. */
  outstanding?: Outstanding;
}

/** What an organiser's daily summary counts: places still owing (and how much), claims to confirm, refunds due. */
export interface Outstanding {
  games: number;
  owing: number;
  owed: string;
  claimed: number;
  refunds: number;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function summary(open: Outstanding | undefined): string {
  if (!open) return 'Some payments in your games are still open: see the ledgers.';
  const parts = [
    open.owing > 0 && `${plural(open.owing, 'place still owes', 'places still owe')} ${open.owed}`,
    open.claimed > 0 && `${plural(open.claimed, 'payment waits', 'payments wait')} for you to confirm it`,
    open.refunds > 0 && `${plural(open.refunds, 'refund is', 'refunds are')} due`,
  ].filter(Boolean);
  return `Across ${open.games} of your games: ${parts.join('; ')}.`;
}

/** Short human text for each type; stored with the row so a later rename does not rewrite history. */
export function describe(type: NotificationType, gameTitle: string | null | undefined, extra: TextDetails = {}): { title: string; message: string } {
  const yours = yourGame(gameTitle);
  const the = theGame(gameTitle);
  const name = quoted(extra.playerName);
  const player = name ? `A player named ${name}` : 'A player';
  const series = quoted(gameTitle) ? `the series its organiser titled ${quoted(gameTitle)}` : 'a series';
  switch (type) {
    case 'PLAYER_JOINED':
      return extra.waitlisted
        ? { title: 'New on the waitlist', message: `${player} joined the waitlist of ${yours}.` }
        : { title: 'New player', message: `${player} joined ${yours}.` };
    case 'PLAYER_LEFT':
      return { title: 'Player left', message: `${player} left ${yours}.` };
    case 'GAME_FULL':
      return { title: 'Game full', message: `${capitalise(yours)} is now full.` };
    case 'WAITLIST_PROMOTED':
      return { title: "You're in", message: `A place opened up: you moved from the waitlist into ${the}.` };
    case 'GAME_UPDATED':
      return {
        title: 'Game updated',
        message: extra.leaveFreeUntil
          ? `The organiser changed the time, venue or price of ${the}: until ${extra.leaveFreeUntil} you may leave it even within 24 hours of the start.`
          : `The organiser changed the details of ${the}.`,
      };
    case 'GAME_CANCELLED':
      return { title: 'Game cancelled', message: `${capitalise(the)} was cancelled.` };
    case 'PLAYER_REMOVED':
      return { title: 'Removed from game', message: `The organiser removed you from ${the}.` };
    case 'PLACE_RELEASED':
      return {
        title: 'Place released',
        message: `You had not paid for ${the} by the organiser's deadline, so your place went to the waitlist. Nothing is owed.`,
      };
    case 'GAME_CONFIRMED':
      return { title: 'Game on', message: `${capitalise(the)} is confirmed: it goes ahead.` };
    case 'GAME_NOT_ENOUGH_PLAYERS':
      return { title: 'Game called off', message: `${capitalise(the)} was cancelled: not enough players joined.` };
    case 'CO_HOST_ADDED':
      return { title: 'Co-host', message: `The organiser made you a co-host of ${the}.` };
    case 'CO_HOST_REMOVED':
      return { title: 'No longer co-host', message: `The organiser removed you as a co-host of ${the}.` };
    case 'JOIN_REQUESTED':
      return { title: 'Join request', message: `A player asked to join ${the}.` };
    case 'JOIN_REQUEST_APPROVED':
      return { title: 'Request approved', message: `Your request to join ${the} was approved.` };
    case 'JOIN_REQUEST_DECLINED':
      return { title: 'Request declined', message: `Your request to join ${the} was declined.` };
    case 'JOIN_REQUEST_WITHDRAWN':
      return { title: 'Request withdrawn', message: `A player withdrew their request to join ${yours}.` };
    case 'WAITLIST_OFFERED':
      return { title: 'A place for you', message: `A place opened up in ${the}: accept it before your offer runs out.` };
    case 'WAITLIST_OFFER_EXPIRED':
      return { title: 'Offer expired', message: `Your offer of a place in ${the} ran out; you have left its waitlist.` };
    case 'SERIES_GAME_JOINED':
      return extra.waitlisted
        ? { title: 'On the waitlist', message: `As a regular of its series you are on the waitlist of ${the}: it was full.` }
        : { title: "You're in", message: `As a regular of its series you were joined to ${the}.` };
    case 'SERIES_OCCURRENCE_SKIPPED':
      return {
        title: 'Series date skipped',
        message: `${capitalise(quoted(gameTitle) ? `a date of your series ${quoted(gameTitle)}` : 'a date of your series')} was not opened: it overlaps another game you host.`,
      };
    case 'MARKED_NO_SHOW':
      return { title: 'Marked as a no-show', message: `A host marked you as a no-show at ${the}. If that is wrong, you can dispute it within 7 days.` };
    case 'NO_SHOW_UPHELD':
      return { title: 'No-show upheld', message: `An admin looked at your dispute of the no-show at ${the} and upheld the mark: it counts.` };
    case 'GAME_DAY_SUMMARY':
      return { title: 'Game day is over', message: `Game day at ${the} is closed: your games, wins and partners are on the game's page.` };
    case 'NO_SHOW_DISMISSED':
      return { title: 'No-show removed', message: `An admin looked at your dispute of the no-show at ${the} and removed the mark: it no longer counts.` };
    case 'CO_HOST_INVITED':
      return { title: 'Co-host invitation', message: `The organiser invited you to co-host ${the}: accept or decline it under your invitations.` };
    case 'SERIES_CO_HOST_INVITED':
      return { title: 'Co-host invitation', message: `The organiser invited you to co-host ${series}: accept or decline it under your invitations.` };
    case 'SERIES_REGULAR_INVITED':
      return { title: 'Regular invitation', message: `You were invited to be a regular of ${series}: accept or decline it under your invitations.` };
    case 'SERIES_REGULAR_REMOVED':
      return { title: 'No longer a regular', message: `You were removed from the regulars of ${series}: later dates no longer join you.` };
    case 'JOIN_REQUEST_CANCELLED':
      return { title: 'Request closed', message: `${capitalise(the)} was cancelled, so your request to join it is closed.` };
    case 'JOIN_REQUEST_LAPSED':
      return { title: 'Request lapsed', message: `${capitalise(the)} started before your request to join it was answered.` };
    case 'GAME_REMINDER':
      return { title: 'Upcoming game', message: `${capitalise(the)} starts ${extra.startsAt ? `at ${extra.startsAt}` : 'within 24 hours'}.` };
    case 'PAYMENT_REMINDER':
      return {
        title: 'Payment due',
        message: `You still owe ${extra.owed ?? 'the price'} for ${the}: its pay sheet has the PayNow code, and "I've paid" once you have.`,
      };
    case 'CHAT_HOSTING':
    case 'CHAT_PLAYING':
      return { title: 'New chat messages', message: `New messages in the chat of ${the}.` };
    case 'CHAT_MENTION':
      return { title: 'You were mentioned in a chat', message: `Someone mentioned you in the chat of ${the}.` };
    case 'PAYMENT_SUMMARY':
      return { title: 'Payments outstanding', message: summary(extra.outstanding) };
  }
}
