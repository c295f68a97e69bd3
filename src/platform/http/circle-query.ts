import type { FieldError } from './errors.ts';

export interface QueryCircle {
  lat: number;
  lng: number;
  radiusKm: number;
}

const PARAMS = ['lat', 'lng', 'radiusKm'] as const;

/**
 * The radius filter of a listing: `lat`, `lng` and `radiusKm` come together or not at all. Answers
 * the circle when all three are given, and an error for each one missing when only some are.
 */
export function circleQuery(query: Partial<QueryCircle>): { circle: QueryCircle | undefined; errors: FieldError[] } {
  const { lat, lng, radiusKm } = query;
  if (lat !== undefined && lng !== undefined && radiusKm !== undefined) return { circle: { lat, lng, radiusKm }, errors: [] };
  const given = PARAMS.filter((name) => query[name] !== undefined);
  if (given.length === 0) return { circle: undefined, errors: [] };
  const errors = PARAMS.filter((name) => query[name] === undefined).map((name): FieldError => ({
    field: name,
    location: 'query',
    message: 'is required when any of lat, lng and radiusKm is given',
  }));
  return { circle: undefined, errors };
}
