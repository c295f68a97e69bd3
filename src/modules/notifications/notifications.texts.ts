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

/** What a notification's text is made of: the game named for its recipient, and the details it carries. */
interface Words {
  yours: string;
  the: string;
  player: string;
  series: string;
  gameTitle: string | null | undefined;
  extra: TextDetails;
}

type Text = { title: string; message: string };

const TEXTS: Record<NotificationType, (words: Words) => Text> = {
  PLAYER_JOINED: ({ yours, player, extra }) =>
    extra.waitlisted
      ? { title: 'New on the waitlist', message: `${player} joined the waitlist of ${yours}.` }
      : { title: 'New player', message: `${player} joined ${yours}.` },
  PLAYER_LEFT: ({ yours, player }) => ({ title: 'Player left', message: `${player} left ${yours}.` }),
  GAME_FULL: ({ yours }) => ({ title: 'Game full', message: `${capitalise(yours)} is now full.` }),
  WAITLIST_PROMOTED: ({ the }) => ({ title: "You're in", message: `A place opened up: you moved from the waitlist into ${the}.` }),
  GAME_UPDATED: ({ the, extra }) => ({
    title: 'Game updated',
    message: extra.leaveFreeUntil
      ? `The organiser changed the time, venue or price of ${the}: until ${extra.leaveFreeUntil} you may leave it even within 24 hours of the start.`
      : `The organiser changed the details of ${the}.`,
  }),
  GAME_CANCELLED: ({ the }) => ({ title: 'Game cancelled', message: `${capitalise(the)} was cancelled.` }),
  PLAYER_REMOVED: ({ the }) => ({ title: 'Removed from game', message: `The organiser removed you from ${the}.` }),
  PLACE_RELEASED: ({ the }) => ({
    title: 'Place released',
    message: `You had not paid for ${the} by the organiser's deadline, so your place went to the waitlist. Nothing is owed.`,
  }),
  GAME_CONFIRMED: ({ the }) => ({ title: 'Game on', message: `${capitalise(the)} is confirmed: it goes ahead.` }),
  GAME_NOT_ENOUGH_PLAYERS: ({ the }) => ({ title: 'Game called off', message: `${capitalise(the)} was cancelled: not enough players joined.` }),
  CO_HOST_ADDED: ({ the }) => ({ title: 'Co-host', message: `The organiser made you a co-host of ${the}.` }),
  CO_HOST_REMOVED: ({ the }) => ({ title: 'No longer co-host', message: `The organiser removed you as a co-host of ${the}.` }),
  JOIN_REQUESTED: ({ the }) => ({ title: 'Join request', message: `A player asked to join ${the}.` }),
  JOIN_REQUEST_APPROVED: ({ the }) => ({ title: 'Request approved', message: `Your request to join ${the} was approved.` }),
  JOIN_REQUEST_DECLINED: ({ the }) => ({ title: 'Request declined', message: `Your request to join ${the} was declined.` }),
  JOIN_REQUEST_WITHDRAWN: ({ yours }) => ({ title: 'Request withdrawn', message: `A player withdrew their request to join ${yours}.` }),
  WAITLIST_OFFERED: ({ the }) => ({ title: 'A place for you', message: `A place opened up in ${the}: accept it before your offer runs out.` }),
  WAITLIST_OFFER_EXPIRED: ({ the }) => ({ title: 'Offer expired', message: `Your offer of a place in ${the} ran out; you have left its waitlist.` }),
  SERIES_GAME_JOINED: ({ the, extra }) =>
    extra.waitlisted
      ? { title: 'On the waitlist', message: `As a regular of its series you are on the waitlist of ${the}: it was full.` }
      : { title: "You're in", message: `As a regular of its series you were joined to ${the}.` },
  SERIES_OCCURRENCE_SKIPPED: ({ gameTitle }) => ({
    title: 'Series date skipped',
    message: `${capitalise(quoted(gameTitle) ? `a date of your series ${quoted(gameTitle)}` : 'a date of your series')} was not opened: it overlaps another game you host.`,
  }),
  MARKED_NO_SHOW: ({ the }) => ({
    title: 'Marked as a no-show',
    message: `A host marked you as a no-show at ${the}. If that is wrong, you can dispute it within 7 days.`,
  }),
  NO_SHOW_UPHELD: ({ the }) => ({
    title: 'No-show upheld',
    message: `An admin looked at your dispute of the no-show at ${the} and upheld the mark: it counts.`,
  }),
  GAME_DAY_SUMMARY: ({ the }) => ({
    title: 'Game day is over',
    message: `Game day at ${the} is closed: your games, wins and partners are on the game's page.`,
  }),
  NO_SHOW_DISMISSED: ({ the }) => ({
    title: 'No-show removed',
    message: `An admin looked at your dispute of the no-show at ${the} and removed the mark: it no longer counts.`,
  }),
  CO_HOST_INVITED: ({ the }) => ({
    title: 'Co-host invitation',
    message: `The organiser invited you to co-host ${the}: accept or decline it under your invitations.`,
  }),
  SERIES_CO_HOST_INVITED: ({ series }) => ({
    title: 'Co-host invitation',
    message: `The organiser invited you to co-host ${series}: accept or decline it under your invitations.`,
  }),
  SERIES_REGULAR_INVITED: ({ series }) => ({
    title: 'Regular invitation',
    message: `You were invited to be a regular of ${series}: accept or decline it under your invitations.`,
  }),
  SERIES_REGULAR_REMOVED: ({ series }) => ({
    title: 'No longer a regular',
    message: `You were removed from the regulars of ${series}: later dates no longer join you.`,
  }),
  JOIN_REQUEST_CANCELLED: ({ the }) => ({ title: 'Request closed', message: `${capitalise(the)} was cancelled, so your request to join it is closed.` }),
  JOIN_REQUEST_LAPSED: ({ the }) => ({ title: 'Request lapsed', message: `${capitalise(the)} started before your request to join it was answered.` }),
  GAME_REMINDER: ({ the, extra }) => ({
    title: 'Upcoming game',
    message: `${capitalise(the)} starts ${extra.startsAt ? `at ${extra.startsAt}` : 'within 24 hours'}.`,
  }),
  PAYMENT_REMINDER: ({ the, extra }) => ({
    title: 'Payment due',
    message: `You still owe ${extra.owed ?? 'the price'} for ${the}: its pay sheet has the PayNow code, and "I've paid" once you have.`,
  }),
  CHAT_HOSTING: ({ the }) => ({ title: 'New chat messages', message: `New messages in the chat of ${the}.` }),
  CHAT_PLAYING: ({ the }) => ({ title: 'New chat messages', message: `New messages in the chat of ${the}.` }),
  CHAT_MENTION: ({ the }) => ({ title: 'You were mentioned in a chat', message: `Someone mentioned you in the chat of ${the}.` }),
  PAYMENT_SUMMARY: ({ extra }) => ({ title: 'Payments outstanding', message: summary(extra.outstanding) }),
};

/** Short human text for each type; stored with the row so a later rename does not rewrite history. */
export function describe(type: NotificationType, gameTitle: string | null | undefined, extra: TextDetails = {}): Text {
  const name = quoted(extra.playerName);
  return TEXTS[type]({
    yours: yourGame(gameTitle),
    the: theGame(gameTitle),
    player: name ? `A player named ${name}` : 'A player',
    series: quoted(gameTitle) ? `the series its organiser titled ${quoted(gameTitle)}` : 'a series',
    gameTitle,
    extra,
  });
}
