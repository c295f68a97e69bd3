import type { Clock } from '../../platform/clock.ts';
import { circleQuery } from '../../platform/http/circle-query.ts';
import { validationFailed, type FieldError } from '../../platform/http/errors.ts';
import type { VenuesService } from '../venues/index.ts';
import type { GameFilter } from './games.repository.ts';
import type { GameFilterInput } from './games.schemas.ts';

export interface GameFilterDeps {
  clock: Clock;
  /** APP_TIME_ZONE: dates and HH:mm of the filters are read in it. */
  timeZone: string;
  venues: Pick<VenuesService, 'idsWithin'>;
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
    fromDate: query.fromDate,
    toDate: query.toDate,
    fromTime: query.fromTime,
    toTime: query.toTime,
    // The venues module owns positions; it answers which venues lie within the circle.
    venueIdsWithin: circle ? await deps.venues.idsWithin(circle) : undefined,
    startsFrom: query.includePast ? undefined : now,
    confirmed: query.confirmed,
    timeZone: deps.timeZone,
    now,
  };
}
