/** The new-series form's values as typed, the checks made while typing (the service checks again), and the body sent. */
import type { paths } from '../../api/schema';
import { t } from '../../i18n';
import { EMPTY_LISTING, type Listing, listingProblems, priceProblems } from '../host/listing';

type CreateBody = NonNullable<paths['/api/v1/series']['post']['requestBody']>['content']['application/json'];

export interface Draft extends Listing {
  title: string;
  weekdays: number[];
  startTime: string;
  durationMinutes: string;
  intervalWeeks: string;
  startsOn: string;
  ends: 'count' | 'date';
  count: string;
  endDate: string;
  openDaysAhead: string;
  slots: string;
  price: string;
  currency: string;
  gameType: 'SINGLE' | 'DOUBLE';
  visibility: 'PUBLIC' | 'PRIVATE';
  joinPolicy: 'OPEN' | 'APPROVAL';
  joinAsOrganizer: boolean;
}

export const EMPTY: Draft = {
  ...EMPTY_LISTING,
  title: '',
  weekdays: [],
  startTime: '19:00',
  durationMinutes: '90',
  intervalWeeks: '1',
  startsOn: '',
  ends: 'count',
  count: '8',
  endDate: '',
  openDaysAhead: '7',
  slots: '4',
  price: '0',
  currency: 'SGD',
  gameType: 'DOUBLE',
  visibility: 'PUBLIC',
  joinPolicy: 'OPEN',
  joinAsOrganizer: true,
};

export function rules(draft: Draft, levels: { id: string; sortOrder: number }[]): Partial<Record<keyof Draft, string>> {
  const need = t.series.need;
  const problems: Partial<Record<keyof Draft, string>> = listingProblems(draft, levels, need);
  if (draft.weekdays.length === 0) problems.weekdays = need.weekdays;
  if (!/^\d\d:\d\d$/.test(draft.startTime)) problems.startTime = need.startTime;
  if (!draft.startsOn) problems.startsOn = need.startsOn;
  if (draft.ends === 'count' && !(Number.isInteger(Number(draft.count)) && Number(draft.count) >= 1)) problems.count = need.count;
  if (draft.ends === 'date' && !draft.endDate) problems.endDate = need.endDate;
  const slots = Number(draft.slots);
  if (!Number.isInteger(slots) || slots < 1 || slots > 100) problems.slots = need.slots;
  return { ...problems, ...priceProblems(draft, need) };
}

export function bodyOf(draft: Draft): CreateBody {
  return {
    activityId: draft.activityId,
    venueId: draft.venueId,
    skillLevelFromId: draft.skillLevelFromId,
    skillLevelToId: draft.skillLevelToId,
    ...(draft.title.trim() ? { title: draft.title.trim() } : {}),
    weekdays: draft.weekdays,
    startTime: draft.startTime,
    durationMinutes: Number(draft.durationMinutes),
    intervalWeeks: Number(draft.intervalWeeks),
    startsOn: draft.startsOn,
    ...(draft.ends === 'count' ? { occurrenceCount: Number(draft.count) } : { endsOn: draft.endDate }),
    openDaysAhead: Number(draft.openDaysAhead),
    slots: Number(draft.slots),
    price: draft.price,
    currency: draft.currency,
    gameType: draft.gameType,
    visibility: draft.visibility,
    joinPolicy: draft.joinPolicy,
    joinAsOrganizer: draft.joinAsOrganizer,
  };
}
