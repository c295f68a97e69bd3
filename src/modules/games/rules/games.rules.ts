import type { FieldError } from '../../../platform/http/errors.ts';
import type { GameRow } from '../games.repository.ts';
import type { GameFilterInput } from '../games.schemas.ts';

/** The rules of a game that need no database: each answers from the values it is given. */

export type GameStatus = GameRow['status'];
export type ParticipantStatus = 'ACTIVE' | 'WAITLISTED';

/** Players may not leave within this long of the start. */
export const LEAVE_WINDOW_MS = 24 * 60 * 60 * 1000;

export { valuesFromPatch } from '../games.patch.ts';

const bodyField = (name: string, message: string): FieldError => ({ field: name, location: 'body', message });

/** The status a client sees: the stored one, moved on by the clock (the status job may not have run yet). */
export function effectiveStatus(game: Pick<GameRow, 'status' | 'startTime' | 'endTime'>, now: Date): GameStatus {
  if (game.status === 'CANCELLED' || game.status === 'COMPLETED') return game.status;
  if (now.getTime() >= game.endTime.getTime()) return 'COMPLETED';
  if (now.getTime() >= game.startTime.getTime()) return 'STARTED';
  return game.status;
}

/** A start must lie ahead (when it is being set) and the end after the start. */
export function timeErrors(startTime: Date, endTime: Date, startChanged: boolean, now: Date): FieldError[] {
  const errors: FieldError[] = [];
  if (startChanged && startTime.getTime() <= now.getTime()) errors.push(bodyField('startTime', 'must be in the future'));
  if (endTime.getTime() <= startTime.getTime()) errors.push(bodyField('endTime', 'must be after startTime'));
  return errors;
}

/** The go / no-go moment of a game with a quorum. */
export function decisionAt(game: Pick<GameRow, 'startTime' | 'decisionHoursBefore'>): Date {
  return new Date(game.startTime.getTime() - game.decisionHoursBefore * 3_600_000);
}

type Quorum = Pick<GameRow, 'minPlayers' | 'slots' | 'startTime' | 'decisionHoursBefore'>;

/**
 * A quorum must fit the slots, and its decision moment must lie ahead when the quorum or its timing
 * is being set (a game created or moved too late for it would be decided at once).
 */
export function quorumErrors(game: Quorum, timingChanged: boolean, now: Date): FieldError[] {
  if (game.minPlayers === null || game.minPlayers === undefined) return [];
  const errors: FieldError[] = [];
  if (game.minPlayers > game.slots) errors.push(bodyField('minPlayers', 'must not exceed slots'));
  if (timingChanged && decisionAt(game).getTime() <= now.getTime()) {
    errors.push(bodyField('decisionHoursBefore', 'puts the go / no-go decision in the past'));
  }
  return errors;
}

/** A move of the start or end by at most this much is a nudge, not a change the players must accept. */
export const CHANGE_TOLERANCE_MS = 15 * 60 * 1000;
/** How long after a material change its players may leave without the leave window. */
export const CHANGE_FREEDOM_MS = 24 * 60 * 60 * 1000;

type Material = Pick<GameRow, 'startTime' | 'endTime' | 'venueId' | 'price' | 'currency'>;

/**
 * A change the players did not agree to: start or end moved by more than the tolerance, another
 * venue, a higher price, or another currency for a price that is not zero.
 */
export function materiallyChanged(before: Material, after: Material): boolean {
  const moved = (a: Date, b: Date) => Math.abs(a.getTime() - b.getTime()) > CHANGE_TOLERANCE_MS;
  const dearer = Number(after.price) > Number(before.price) || (after.currency !== before.currency && Number(after.price) > 0);
  return moved(before.startTime, after.startTime) || moved(before.endTime, after.endTime) || before.venueId !== after.venueId || dearer;
}

/** Until when the last material change frees the players from the leave window (undefined: it does not, or no longer). */
export function leaveFreeUntil(game: Pick<GameRow, 'materiallyChangedAt'>, now: Date): Date | undefined {
  if (!game.materiallyChangedAt) return undefined;
  const until = new Date(game.materiallyChangedAt.getTime() + CHANGE_FREEDOM_MS);
  return until > now ? until : undefined;
}

/**
 * Leaving inside the leave window is refused, except from a quorum game still waiting for its
 * decision, and for 24 hours after a material change (leaving then is free). game_leave
 * (sql/game_leave.sql) applies the same rule, proven equal in games.rules.parity.test.ts; the app
 * shows leaveWindow's answer (viewerPlace.leave).
 */
export function leaveRefused(game: Pick<GameRow, 'status' | 'startTime' | 'minPlayers' | 'decidedAt' | 'materiallyChangedAt'>, now: Date): boolean {
  if (game.status === 'CANCELLED') return false;
  if (game.minPlayers !== null && game.decidedAt === null) return false;
  if (leaveFreeUntil(game, now)) return false;
  return game.startTime.getTime() - now.getTime() < LEAVE_WINDOW_MS;
}

/**
 * The leave rule as a game's page shows it, for a place held now or taken now: whether leaving is
 * allowed, why, and the moment that ends (null: not by time). An undecided quorum game frees its
 * players until its decision, or the window's opening when that comes later; the decision itself
 * may then close leaving at once. A material change frees them until leaveFreeUntil.
 */
export function leaveWindow(
  game: Pick<GameRow, 'status' | 'startTime' | 'minPlayers' | 'decidedAt' | 'materiallyChangedAt' | 'decisionHoursBefore'>,
  now: Date,
): { allowed: boolean; reason: 'CANCELLED' | 'UNDECIDED' | 'FREED' | 'OPEN' | 'CLOSED'; closesAt: Date | null } {
  if (game.status === 'CANCELLED') return { allowed: true, reason: 'CANCELLED', closesAt: null };
  const windowOpens = new Date(game.startTime.getTime() - LEAVE_WINDOW_MS);
  if (game.minPlayers !== null && game.decidedAt === null)
    return { allowed: true, reason: 'UNDECIDED', closesAt: new Date(Math.max(decisionAt(game).getTime(), windowOpens.getTime())) };
  if (!leaveRefused(game, now)) {
    // A change's freedom matters only where it outlasts the usual window.
    const freed = leaveFreeUntil(game, now);
    return freed && freed > windowOpens ? { allowed: true, reason: 'FREED', closesAt: freed } : { allowed: true, reason: 'OPEN', closesAt: windowOpens };
  }
  return { allowed: false, reason: 'CLOSED', closesAt: windowOpens };
}

export interface LadderLevel {
  id: string;
  sortOrder: number;
}

export interface ReferenceCheck {
  activityId: string;
  /** The activity's live ladder; undefined when the activity is unknown. */
  ladder: LadderLevel[] | undefined;
  fromId: string;
  toId: string;
  /** Only when a venue is being set: undefined when it is unknown. */
  venue?: { found: { activityIds: string[] } | undefined };
}

/** Levels must be live levels of the activity in ladder order; the venue must be live and offer the activity. */
export function referenceErrors(check: ReferenceCheck): FieldError[] {
  if (!check.ladder) return [bodyField('activityId', 'is not a known activity')];
  const errors: FieldError[] = [];
  const from = check.ladder.find((level) => level.id === check.fromId);
  const to = check.ladder.find((level) => level.id === check.toId);
  if (!from) errors.push(bodyField('skillLevelFromId', 'is not a skill level of the activity'));
  if (!to) errors.push(bodyField('skillLevelToId', 'is not a skill level of the activity'));
  if (from && to && from.sortOrder > to.sortOrder) errors.push(bodyField('skillLevelToId', 'must not be below skillLevelFromId'));
  if (check.venue) {
    if (!check.venue.found) errors.push(bodyField('venueId', 'is not a known venue'));
    else if (!check.venue.found.activityIds.includes(check.activityId)) errors.push(bodyField('venueId', 'does not offer the activity'));
  }
  return errors;
}

/**
 * What a join does for a party of `size` places (the player and their guests): places while they
 * all fit (places on offer are held), else the waitlist; and whether it fills the game.
 */
export function joinPlan(
  game: Pick<GameRow, 'slots' | 'playersJoined'> & { placesOnOffer?: number },
  size = 1,
): { status: ParticipantStatus; fillsGame: boolean } {
  const fits = game.playersJoined + (game.placesOnOffer ?? 0) + size <= game.slots;
  return { status: fits ? 'ACTIVE' : 'WAITLISTED', fillsGame: fits && game.playersJoined + size === game.slots };
}

/** Free places: neither taken by a player (or guest) nor held for an offer. */
export function freePlaces(game: Pick<GameRow, 'slots' | 'playersJoined' | 'placesOnOffer'>): number {
  return Math.max(0, game.slots - game.playersJoined - game.placesOnOffer);
}

/** Quiet hours as minutes after local midnight; start inclusive, end exclusive, may span midnight. */
export interface QuietHours {
  start: number;
  end: number;
}

const DAY_MS = 24 * 3_600_000;
const MINUTE_MS = 60_000;
const localClocks = new Map<string, Intl.DateTimeFormat>();

function minuteOfDay(instant: number, timeZone: string): number {
  let format = localClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    localClocks.set(timeZone, format);
  }
  const parts = format.formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

function quietAt(instant: number, quiet: QuietHours | undefined, timeZone: string): boolean {
  if (!quiet || quiet.start === quiet.end) return false;
  const minute = minuteOfDay(instant, timeZone);
  return quiet.start < quiet.end ? minute >= quiet.start && minute < quiet.end : minute >= quiet.start || minute < quiet.end;
}

/**
 * When an offer made at `now` runs out: 2 h of claim time more than 24 h before the start, 30 min
 * after that; quiet hours do not count (the clock stops), and never past the start. Walked minute by
 * minute in the app's zone, so a daylight-saving change moves the quiet hours with the wall clock.
 */
export function offerDeadline(now: Date, startTime: Date, quiet: QuietHours | undefined, timeZone: string): Date {
  const start = startTime.getTime();
  let remaining = start - now.getTime() > DAY_MS ? 2 * 3_600_000 : 30 * MINUTE_MS;
  let t = now.getTime();
  while (remaining > 0 && t < start) {
    const nextMinute = (Math.floor(t / MINUTE_MS) + 1) * MINUTE_MS;
    if (quietAt(t, quiet, timeZone)) {
      t = nextMinute;
    } else {
      const used = Math.min(nextMinute - t, remaining);
      remaining -= used;
      t += used;
    }
  }
  return new Date(Math.min(t, start));
}

/** Who hears of a change: each recipient once, never the one who made it. */
export function recipientsOf(recipients: string[], actorId: string): string[] {
  return [...new Set(recipients)].filter((id) => id !== actorId);
}

/** The filters a cursor is bound to, in a fixed form (arrays sorted). */
export function scopeOf(query: GameFilterInput): string {
  const sorted = (values?: string[]) => (values ? [...values].sort() : null);
  return JSON.stringify([
    query.activityId ?? null,
    sorted(query.venueIds),
    sorted(query.skillLevelIds),
    query.gameType ?? null,
    query.fromDate ?? null,
    query.toDate ?? null,
    query.fromTime ?? null,
    query.toTime ?? null,
    query.lat ?? null,
    query.lng ?? null,
    query.radiusKm ?? null,
    query.includePast,
    ...(query.confirmed === undefined ? [] : [query.confirmed]),
    ...(query.maxPrice === undefined ? [] : [`price<=${query.maxPrice}`]),
  ]);
}

/**
 * How a player may enter: join at once, ask, or not at all. Off level means a stated level outside
 * the game's range, or no level stated for the activity (`playerOrder` undefined).
 */
export function entryFor(
  game: Pick<GameRow, 'joinPolicy' | 'offLevelPolicy'>,
  range: { from: number; to: number } | undefined,
  playerOrder: number | undefined,
): 'JOIN' | 'REQUEST' | 'REFUSED' {
  const offLevel = range !== undefined && (playerOrder === undefined || playerOrder < range.from || playerOrder > range.to);
  if (offLevel && game.offLevelPolicy === 'REFUSE') return 'REFUSED';
  if (game.joinPolicy === 'APPROVAL' || (offLevel && game.offLevelPolicy === 'REQUEST')) return 'REQUEST';
  return 'JOIN';
}

/** The first moment after `now` when a game's status changes by the clock alone, or it leaves an upcoming listing. */
export function nextChange(games: Array<{ startTime: string; endTime: string }>, now: Date): Date | undefined {
  let next = Infinity;
  for (const game of games) {
    for (const at of [Date.parse(game.startTime), Date.parse(game.endTime)]) if (at > now.getTime() && at < next) next = at;
  }
  return Number.isFinite(next) ? new Date(next) : undefined;
}
