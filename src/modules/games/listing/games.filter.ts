import type { Clock } from '../../../platform/clock.ts';
import { circleQuery } from '../../../platform/http/circle-query.ts';
import { validationFailed, type FieldError } from '../../../platform/http/errors.ts';
import type { VenuesService } from '../../venues/index.ts';
import type { GameFilter } from './games.sql.ts';
import type { GameFilterInput } from '../games.schemas.ts';

export interface GameFilterDeps {
  clock: Clock;
  /** APP_TIME_ZONE: dates and HH:mm of the filters are read in it. */
  timeZone: string;
  venues: Pick<VenuesService, 'idsWithin' | 'summariesOf'>;
}

/** A listing's query as the repository's filter; 400 for a circle or a range that cannot be. */
export async function gameFilterOf(query: GameFilterInput, deps: GameFilterDeps): Promise<GameFilter> {
  const { circle, errors } = circleQuery(query);
  const order: FieldError[] = [];
  if (query.fromDate && query.toDate && query.fromDate > query.toDate)
    order.push({ field: 'toDate', location: 'query', message: 'must not be before fromDate' });
  if (query.fromTime && query.toTime && query.fromTime > query.toTime)
    order.push({ field: 'toTime', location: 'query', message: 'must not be before fromTime' });
  if (errors.length || order.length) throw validationFailed([...errors, ...order]);
  const now = deps.clock.now();
  return {
    activityId: query.activityId,
    venueIds: query.venueIds,
    skillLevelIds: query.skillLevelIds,
    gameType: query.gameType,
    maxPrice: query.maxPrice,
    fromDate: query.fromDate,
    toDate: query.toDate,
    fromTime: query.fromTime,
    toTime: query.toTime,
    // The venues module owns positions; it answers which venues lie within the circle, nearest first here.
    venueIdsWithin: circle ? await nearestFirst(circle, await deps.venues.idsWithin(circle), deps.venues) : undefined,
    startsFrom: query.includePast ? undefined : now,
    confirmed: query.confirmed,
    timeZone: deps.timeZone,
    now,
  };
}

/** Great-circle distance in metres (the venues module's own formula, on a sphere of the Earth's mean radius). */
export function metresBetween(centre: { lat: number; lng: number }, point: { latitude: number; longitude: number }): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(point.latitude - centre.lat);
  const dLng = radians(point.longitude - centre.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(centre.lat)) * Math.cos(radians(point.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Venue ids by distance from the centre (then id, so the order is stable): a near listing's first key. */
async function nearestFirst(centre: { lat: number; lng: number }, ids: string[], venues: Pick<VenuesService, 'summariesOf'>): Promise<string[]> {
  if (ids.length === 0) return ids;
  const distances = new Map((await venues.summariesOf(ids)).map((venue) => [venue.id, metresBetween(centre, venue)]));
  const far = Number.POSITIVE_INFINITY;
  return [...ids].sort((a, b) => (distances.get(a) ?? far) - (distances.get(b) ?? far) || (a < b ? -1 : 1));
}
