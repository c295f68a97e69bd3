import type { Executor } from '../../../platform/db/index.ts';
import type { GameEvents } from '../games.ports.ts';
import { ParticipationRepository, type MovedParty } from './games.participation.repository.ts';
import type { GameRow } from '../games.repository.ts';
import { effectiveStatus, offerDeadline, type QuietHours } from '../rules/games.rules.ts';
import { announce } from '../games.writes.ts';

/** How waitlist offers are timed: quiet hours (no claim time runs) in the app's zone. */
export interface WaitlistSettings {
  quietHours: QuietHours | undefined;
  timeZone: string;
}

export const placesOf = (parties: MovedParty[]) => parties.reduce((sum, party) => sum + party.size, 0);

/**
 * Gives the free places to the waitlist, in joining order, whole parties only: at once (AUTO), or
 * as offers held until their claim window closes (OFFER). Runs under the game's row lock after any
 * change that may free a place; `game` carries the game's mode as of the change.
 */
export async function fillPlaces(
  events: GameEvents,
  settings: WaitlistSettings,
  tx: Executor,
  game: Pick<GameRow, 'id' | 'title' | 'status' | 'startTime' | 'endTime' | 'waitlistMode'>,
  actorId: string,
  now: Date,
): Promise<void> {
  if (effectiveStatus(game, now) !== 'SCHEDULED') return;
  const participation = new ParticipationRepository(tx);
  const change = { gameId: game.id, actorId, title: game.title };
  if (game.waitlistMode === 'OFFER') {
    const until = offerDeadline(now, game.startTime, settings.quietHours, settings.timeZone);
    if (until.getTime() <= now.getTime()) return;
    const offered = await participation.fillFromWaitlist(game.id, until);
    if (!offered.length) return;
    await participation.adjustCounts(game.id, { offered: placesOf(offered) });
    await announce(events, tx, { ...change, type: 'WAITLIST_OFFERED', recipients: offered.map((p) => p.userId) });
    return;
  }
  const promoted = await participation.fillFromWaitlist(game.id, undefined);
  if (!promoted.length) return;
  const places = placesOf(promoted);
  await participation.adjustCounts(game.id, { active: places, waitlisted: -places });
  await announce(events, tx, { ...change, type: 'WAITLIST_PROMOTED', recipients: promoted.map((p) => p.userId) });
}

/** The game leaves OFFER mode: every running offer becomes a place (they were held), then AUTO fills the rest. */
export async function settleOffers(tx: Executor, events: GameEvents, game: Pick<GameRow, 'id' | 'title'>, actorId: string): Promise<void> {
  const participation = new ParticipationRepository(tx);
  const accepted = await participation.acceptAllOffers(game.id);
  if (!accepted.length) return;
  const places = placesOf(accepted);
  await participation.adjustCounts(game.id, { active: places, waitlisted: -places, offered: -places });
  await announce(events, tx, { type: 'WAITLIST_PROMOTED', gameId: game.id, actorId, recipients: accepted.map((p) => p.userId), title: game.title });
}
