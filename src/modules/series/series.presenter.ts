import type { Static } from 'typebox';
import { timeOf } from './series.rules.ts';
import type { SeriesRow } from './series.repository.ts';
import type { ViewerRoles } from './series.access.ts';
import type { Member, SeriesSchema } from './series.schemas.ts';

export type PresentedSeries = Static<typeof SeriesSchema>;
export type PresentedMember = Static<typeof Member>;

export function presentSeries(row: SeriesRow, viewer: ViewerRoles, timeZone: string): PresentedSeries {
  return {
    id: row.id,
    organizerId: row.organizerId,
    activityId: row.activityId,
    venueId: row.venueId,
    skillLevelFromId: row.skillLevelFromId,
    skillLevelToId: row.skillLevelToId,
    title: row.title,
    description: row.description,
    currency: row.currency,
    price: Number(row.price).toFixed(2),
    slots: row.slots,
    visibility: row.visibility,
    gameType: row.gameType,
    minPlayers: row.minPlayers,
    decisionHoursBefore: row.decisionHoursBefore,
    joinPolicy: row.joinPolicy,
    offLevelPolicy: row.offLevelPolicy,
    maxGuestsPerPlayer: row.maxGuestsPerPlayer,
    waitlistMode: row.waitlistMode,
    selfCheckIn: row.selfCheckIn,
    maxRecentNoShows: row.maxRecentNoShows,
    joinAsOrganizer: row.joinAsOrganizer,
    weekdays: [...row.weekdays].sort((a, b) => a - b),
    startTime: timeOf(row.startMinutes),
    durationMinutes: row.durationMinutes,
    intervalWeeks: row.intervalWeeks,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    occurrenceCount: row.occurrenceCount,
    openDaysAhead: row.openDaysAhead,
    timeZone,
    status: row.status,
    viewer,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A regular or co-host (ACTIVE), or someone invited to be one (PENDING; `addedAt` is when they were invited). */
export function presentMembers(
  rows: Array<{ userId: string; addedAt: Date; state: PresentedMember['state'] }>,
  names: Map<string, string | null>,
): PresentedMember[] {
  return rows.map((row) => ({ userId: row.userId, name: names.get(row.userId) ?? null, addedAt: row.addedAt.toISOString(), state: row.state }));
}
