import { referencesOf } from '../../platform/cache/page-cache.ts';
import type { ActivitiesService } from '../activities/index.ts';
import type { UsersService } from '../users/index.ts';
import type { VenuesService } from '../venues/index.ts';
import type { GameRefs } from './games.presenter.ts';
import type { GameRow } from './games.repository.ts';

export interface GameRefsDeps {
  activities: ActivitiesService;
  venues: VenuesService;
  users: UsersService;
}

/**
 * Names, venue and levels from the modules that own them: one batch each for a whole page.
 * Activities, levels and venues come from their owners' in-process caches (admin-written, a few
 * seconds stale at most across instances, never for a caller that read the page generation first
 * and names it: `generation`, whose reference part only admins' writes move); organiser names are
 * read every time, unless the caller read them with its rows. A game whose references cannot all
 * be found is left out.
 */
export async function refsOf(deps: GameRefsDeps, rows: GameRow[], names?: Map<string, string | null>, generation?: string): Promise<Map<string, GameRefs>> {
  // The caches take repeated ids, so each list goes as the rows give it.
  const activityIds = rows.map((row) => row.activityId);
  const venueIds = rows.map((row) => row.venueId);
  const levelIds = rows.flatMap((row) => [row.skillLevelFromId, row.skillLevelToId]);
  const version = generation === undefined ? undefined : referencesOf(generation);
  const [activityNames, organizerNames, venueById, levelById] = await Promise.all([
    deps.activities.cachedNamesOf(activityIds, version),
    names ?? deps.users.namesOf(rows.map((row) => row.organizerId)),
    deps.venues.cachedSummariesOf(venueIds, version),
    deps.activities.cachedLevelsOf(levelIds, version),
  ]);
  const refs = new Map<string, GameRefs>();
  for (const row of rows) {
    const venue = venueById.get(row.venueId);
    const from = levelById.get(row.skillLevelFromId);
    const to = levelById.get(row.skillLevelToId);
    const activityName = activityNames.get(row.activityId);
    if (!venue || !from || !to || activityName === undefined) continue;
    refs.set(row.id, {
      gameId: row.id,
      activityName,
      organizerName: organizerNames.get(row.organizerId) ?? null,
      venueName: venue.name,
      venueAddress: venue.address,
      venueLatitude: venue.latitude,
      venueLongitude: venue.longitude,
      fromName: from.name,
      fromSortOrder: from.sortOrder,
      toName: to.name,
      toSortOrder: to.sortOrder,
    });
  }
  return refs;
}
