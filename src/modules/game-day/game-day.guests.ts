/**
 * Guests on game day (pure: no I/O). A guest has no account, so game day gives each one an id of its
 * own, derived from the game, the player who brought them and their place in the party: the same
 * guest has the same id on every read, and matches, rounds and leavers hold it like a user's id.
 */
import { createHash } from 'node:crypto';

/** Fixed for good: changing it would rename every guest of every session. */
const NAMESPACE = Buffer.from('6f1c2a4e8d3b4c5a9e7f0a1b2c3d4e5f', 'hex');

/** More than a party can hold (games allow at most 3 guests), so a guest whose party shrank is still found. */
const MOST_GUESTS = 10;

export interface Party {
  userId: string;
  guests: number;
  guestNames: string[];
}

export interface Guest {
  id: string;
  guestOf: string;
  /** 0 for the first guest of the party. */
  index: number;
  /** The name the player gave, if any. */
  given: string | null;
}

/** A name-based uuid (version 5 bits: sha-1 of the namespace and the name). */
export function guestId(gameId: string, bringerId: string, index: number): string {
  const bytes = createHash('sha1').update(NAMESPACE).update(`${gameId}:${bringerId}:${index}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Users' ids are random (version 4); only a guest's carries version 5. */
export function isGuest(id: string): boolean {
  return id.length === 36 && id[14] === '5';
}

/** The guests a party brings now. */
export function guestsOf(gameId: string, party: Party): Guest[] {
  return Array.from({ length: party.guests }, (_, index) => ({
    id: guestId(gameId, party.userId, index),
    guestOf: party.userId,
    index,
    given: party.guestNames[index]?.trim() || null,
  }));
}

/** Which of the parties brought the guest, and as which of their guests. */
export function bringerOf(gameId: string, id: string, parties: Party[]): Guest | undefined {
  if (!isGuest(id)) return undefined;
  for (const party of parties)
    for (let index = 0; index < MOST_GUESTS; index++)
      if (guestId(gameId, party.userId, index) === id) return { id, guestOf: party.userId, index, given: party.guestNames[index]?.trim() || null };
  return undefined;
}

/** Whether the user brought this guest (any of their guests, now or earlier in the session). */
export function broughtBy(gameId: string, userId: string, id: string): boolean {
  return bringerOf(gameId, id, [{ userId, guests: 0, guestNames: [] }]) !== undefined;
}

/** Whether the user is on the side: in it, or a guest of theirs is (guests cannot sign in, so their player answers for them). */
export function playsOn(gameId: string, side: string[], userId: string): boolean {
  return side.includes(userId) || side.some((id) => broughtBy(gameId, userId, id));
}

/** The given name, else one that says whose guest it is. */
export function guestName(guest: Pick<Guest, 'index' | 'given'>, bringerName: string | null): string {
  return guest.given ?? `Guest ${guest.index + 1} of ${bringerName ?? 'a player'}`;
}

/** The checked-in players with each one's guests right after them, checked in at the same moment. */
export function withGuests(
  gameId: string,
  checkedIn: Array<{ userId: string; at: Date }>,
  parties: Party[],
): Array<{ userId: string; at: Date; guestOf?: string }> {
  const partyOf = new Map(parties.map((party) => [party.userId, party]));
  return checkedIn.flatMap((player) => {
    const party = partyOf.get(player.userId);
    const guests = party ? guestsOf(gameId, party).map((guest) => ({ userId: guest.id, at: player.at, guestOf: player.userId })) : [];
    return [player, ...guests];
  });
}
