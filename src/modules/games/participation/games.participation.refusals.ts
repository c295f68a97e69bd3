import { conflict, notFound } from '../../../platform/http/errors.ts';
import { gameNotFound } from '../listing/games.queries.ts';
import type { LeaveOutcome } from './games.participation.repository.ts';

/** The refusals of joining and leaving, each with its stable code (games.errors.ts lists them per route). */
export const notJoinable = (detail: string) => conflict('game_not_joinable', detail);
export const alreadyJoined = () => conflict('already_joined', 'You have already joined this game (or its waitlist).');
export const partyDoesNotFit = (free: number) =>
  conflict('party_does_not_fit', `Only ${free} place(s) are free and a party is never split: bring fewer guests, or wait on the waitlist.`);
export const offerNotFound = () => notFound('You have no running offer of a place in this game.', 'offer_not_found');

/** What a leave the statement refused answers. */
export function leaveRefusal(outcome: Exclude<LeaveOutcome['outcome'], 'ok'>) {
  if (outcome === 'not_found') return gameNotFound();
  if (outcome === 'organizer') return notJoinable('The organiser cannot leave their own game; cancel it instead.');
  if (outcome === 'not_participant') return notFound('You are not a player of this game.', 'not_participant');
  // The window protects the other players' game; a waitlisted player holds no place anyone counts on.
  if (outcome === 'leave_window_closed') return conflict('leave_window_closed', 'Players cannot leave within 24 hours of the start.');
  // 'stale' cannot happen while the row stays locked from the read to the statement; kept as a defence.
  return notJoinable('The game changed while you left; try again.');
}
