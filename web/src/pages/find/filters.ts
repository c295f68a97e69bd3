/**
 * Find's filters live in the address, so a search can be shared and survives a reload; the quick
 * chips are shortcuts that set the same filters.
 */
import { localDay } from '../../i18n';
import { navigate, useLocation } from '../../router';
import { validCircle } from './NearPicker';

export const FILTERS = [
  'activityId',
  'venueId',
  'skillLevelId',
  'gameType',
  'maxPrice',
  'fromDate',
  'toDate',
  'fromTime',
  'toTime',
  'lat',
  'lng',
  'radiusKm',
] as const;
export type Filter = (typeof FILTERS)[number];
export type Filters = Record<Filter, string>;
/** The filters the sheet holds (the chips' dates and activity and near me count too). */
export const SHEET_FILTERS: Filter[] = ['activityId', 'venueId', 'skillLevelId', 'gameType', 'maxPrice', 'fromDate', 'toDate', 'fromTime', 'toTime', 'lat'];

export function useFilters() {
  const { query } = useLocation();
  const filters = Object.fromEntries(FILTERS.map((name) => [name, query.get(name) ?? ''])) as Filters;
  const setMany = (values: Partial<Filters>) => {
    const next = new URLSearchParams(query);
    for (const [name, value] of Object.entries(values)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    // A venue or a level belongs to one activity: changing the activity drops them.
    if ('activityId' in values && values.activityId !== filters.activityId) ['venueId', 'skillLevelId'].forEach((dependent) => next.delete(dependent));
    navigate(`/?${next.toString()}`, { replace: true });
  };
  const view = query.get('view') === 'map' ? 'map' : 'list';
  const setView = (next: 'list' | 'map') => {
    const params = new URLSearchParams(query);
    if (next === 'map') params.set('view', 'map');
    else params.delete('view');
    navigate(`/?${params.toString()}`, { replace: true });
  };
  return { filters, setMany, view, setView } as const;
}

const GAME_TYPES = ['SINGLE', 'DOUBLE'] as const;

/** The listing's query for the API from the address's filters (a circle only while it is valid). */
export function listingQuery(filters: Filters) {
  const circle = validCircle({ lat: filters.lat, lng: filters.lng, radiusKm: filters.radiusKm });
  const gameType = GAME_TYPES.find((type) => type === filters.gameType);
  return {
    ...(filters.activityId && { activityId: filters.activityId }),
    ...(filters.venueId && { venueIds: [filters.venueId] }),
    ...(filters.skillLevelId && { skillLevelIds: [filters.skillLevelId] }),
    ...(gameType && { gameType }),
    ...(filters.maxPrice && { maxPrice: filters.maxPrice }),
    ...(filters.fromDate && { fromDate: filters.fromDate }),
    ...(filters.toDate && { toDate: filters.toDate }),
    ...(filters.fromTime && { fromTime: filters.fromTime }),
    ...(filters.toTime && { toTime: filters.toTime }),
    ...(circle && { lat: Number(circle.lat), lng: Number(circle.lng), radiusKm: Number(circle.radiusKm) }),
  };
}

/** "2026-03-01" plus `days`, as calendar arithmetic on the date alone. */
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The date ranges of the quick chips, in the service's zone: today, tomorrow, the coming (or current) weekend. */
export function quickRanges(now = new Date()): Record<'today' | 'tomorrow' | 'weekend', { fromDate: string; toDate: string }> {
  const today = localDay(now);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  const saturday = addDays(today, weekday === 0 ? -1 : 6 - weekday);
  return {
    today: { fromDate: today, toDate: today },
    tomorrow: { fromDate: addDays(today, 1), toDate: addDays(today, 1) },
    // On a Sunday the weekend is today; on a Saturday it starts today.
    weekend: { fromDate: weekday === 0 ? today : saturday, toDate: addDays(saturday, 1) },
  };
}
