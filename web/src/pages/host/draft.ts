/** The host form's state: what the host types, checked as they type, and the body it becomes. */
import { useQuery } from '@tanstack/react-query';
import { activitiesQuery } from '../../api/queries/catalogue';
import type { paths } from '../../api/schema';
import { t } from '../../i18n';
import { isoToZoned, zonedToIso } from '../../time';
import { EMPTY_LISTING, type Listing, listingProblems, priceProblems } from './listing';

type Game = paths['/api/v1/games/{id}']['get']['responses'][200]['content']['application/json']['data'];
type CreateBody = NonNullable<paths['/api/v1/games']['post']['requestBody']>['content']['application/json'];
type UpdateBody = NonNullable<paths['/api/v1/games/{id}']['put']['requestBody']>['content']['application/json'];
export type { Game };

export interface Draft extends Listing {
  title: string;
  description: string;
  price: string;
  currency: string;
  slots: string;
  start: string;
  end: string;
  gameType: 'SINGLE' | 'DOUBLE';
  visibility: 'PUBLIC' | 'PRIVATE';
  /** Empty: no quorum. */
  minPlayers: string;
  decisionHoursBefore: string;
  joinPolicy: 'OPEN' | 'APPROVAL';
  offLevelPolicy: 'ALLOW' | 'REQUEST' | 'REFUSE';
  maxGuestsPerPlayer: string;
  waitlistMode: 'AUTO' | 'OFFER';
  selfCheckIn: boolean;
  /** Empty: no no-show gate. */
  maxRecentNoShows: string;
}
export type DraftField = Exclude<keyof Draft, 'selfCheckIn'>;

export const EMPTY: Draft = {
  ...EMPTY_LISTING,
  title: '',
  description: '',
  price: '0',
  currency: 'SGD',
  slots: '4',
  start: '',
  end: '',
  gameType: 'DOUBLE',
  visibility: 'PUBLIC',
  minPlayers: '',
  decisionHoursBefore: '3',
  joinPolicy: 'OPEN',
  offLevelPolicy: 'ALLOW',
  maxGuestsPerPlayer: '0',
  waitlistMode: 'AUTO',
  selfCheckIn: false,
  maxRecentNoShows: '',
};

export function fromGame(g: Game): Draft {
  return {
    activityId: g.activity.id,
    venueId: g.venue.id,
    skillLevelFromId: g.skillLevel.from.id,
    skillLevelToId: g.skillLevel.to.id,
    title: g.title ?? '',
    description: g.description ?? '',
    price: g.price.replace(/\.00$/, ''),
    currency: g.currency,
    slots: String(g.slots),
    start: isoToZoned(g.startTime),
    end: isoToZoned(g.endTime),
    gameType: g.gameType,
    visibility: g.visibility,
    minPlayers: g.minPlayers === null ? '' : String(g.minPlayers),
    decisionHoursBefore: String(g.decisionHoursBefore),
    joinPolicy: g.joinPolicy,
    offLevelPolicy: g.offLevelPolicy,
    maxGuestsPerPlayer: String(g.maxGuestsPerPlayer),
    waitlistMode: g.waitlistMode,
    selfCheckIn: g.selfCheckIn,
    maxRecentNoShows: g.maxRecentNoShows === null ? '' : String(g.maxRecentNoShows),
  };
}

const whole = (value: string, min: number, max: number) => /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max;

/** The service's input rules, checked as the host types (the service checks them again). */
export function rules(draft: Draft, levels: { id: string; sortOrder: number }[]): Partial<Record<DraftField, string>> {
  const p = t.host.problems;
  const problems: Partial<Record<DraftField, string>> = { ...listingProblems(draft, levels, p), ...priceProblems(draft, p) };
  if (!whole(draft.slots, 1, 100)) problems.slots = p.slots;
  if (!draft.start) problems.start = p.start;
  else if (new Date(zonedToIso(draft.start)).getTime() <= Date.now()) problems.start = p.startPast;
  if (!draft.end) problems.end = p.end;
  else if (draft.start && draft.end <= draft.start) problems.end = p.endOrder;
  if (draft.minPlayers && !whole(draft.minPlayers, 1, Math.min(100, Number(draft.slots) || 100))) problems.minPlayers = p.quorum;
  if (!whole(draft.decisionHoursBefore, 0, 168)) problems.decisionHoursBefore = p.decision;
  if (draft.maxRecentNoShows && !whole(draft.maxRecentNoShows, 1, 100)) problems.maxRecentNoShows = p.noShows;
  return problems;
}

/** The API's name of a draft field, for its per-field errors. */
export const apiField = (name: DraftField) => (name === 'start' ? 'startTime' : name === 'end' ? 'endTime' : name);

function common(draft: Draft) {
  return {
    venueId: draft.venueId,
    skillLevelFromId: draft.skillLevelFromId,
    skillLevelToId: draft.skillLevelToId,
    price: draft.price,
    currency: draft.currency,
    slots: Number(draft.slots),
    startTime: zonedToIso(draft.start),
    endTime: zonedToIso(draft.end),
    gameType: draft.gameType,
    decisionHoursBefore: Number(draft.decisionHoursBefore),
    joinPolicy: draft.joinPolicy,
    offLevelPolicy: draft.offLevelPolicy,
    maxGuestsPerPlayer: Number(draft.maxGuestsPerPlayer),
    waitlistMode: draft.waitlistMode,
    selfCheckIn: draft.selfCheckIn,
  };
}

export function createBody(draft: Draft): CreateBody {
  return {
    ...common(draft),
    activityId: draft.activityId,
    visibility: draft.visibility,
    joinAsOrganizer: true,
    ...(draft.title ? { title: draft.title } : {}),
    ...(draft.description ? { description: draft.description } : {}),
    ...(draft.minPlayers ? { minPlayers: Number(draft.minPlayers) } : {}),
    ...(draft.maxRecentNoShows ? { maxRecentNoShows: Number(draft.maxRecentNoShows) } : {}),
  };
}

/** A patch of every field: an emptied optional one is cleared (null). */
export function updateBody(draft: Draft): UpdateBody {
  return {
    ...common(draft),
    title: draft.title || null,
    description: draft.description || null,
    minPlayers: draft.minPlayers ? Number(draft.minPlayers) : null,
    maxRecentNoShows: draft.maxRecentNoShows ? Number(draft.maxRecentNoShows) : null,
  };
}

/** The activities with their level ladders (the same cache entry other screens read). */
export function useActivities() {
  return useQuery(activitiesQuery());
}

export type ContactMethod = NonNullable<Participant['contactMethods']>[number];
export type Participant = paths['/api/v1/games/{id}/participants']['get']['responses'][200]['content']['application/json']['data'][number];
