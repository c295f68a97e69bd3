import { conflict, notFound } from '../../../platform/http/errors.ts';

/** The refusals of joining and leaving, each with its stable code (games.errors.ts lists them per route). */
export const notJoinable = (detail: string) => conflict('game_not_joinable', detail);
export const alreadyJoined = () => conflict('already_joined', 'You have already joined this game (or its waitlist).');
export const partyDoesNotFit = (free: number) =>
  conflict('party_does_not_fit', `Only ${free} place(s) are free and a party is never split: bring fewer guests, or wait on the waitlist.`);
export const offerNotFound = () => notFound('You have no running offer of a place in this game.', 'offer_not_found');
