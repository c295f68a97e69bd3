import type { ActivitiesService, LadderInput } from '../activities/index.ts';
import { SAMPLE_VENUES } from './sample-data.venues.ts';
import type { VenuesService } from './venues.service.ts';

const ladder = (...names: string[]): LadderInput[] => names.map((name, sortOrder) => ({ name, sortOrder }));

const SAMPLE_ACTIVITIES = {
  b: { name: 'Badminton', ladder: ladder('Beginner', 'High Beginner', 'Low Intermediate', 'Intermediate', 'High Intermediate', 'Advanced', 'Expert') },
  p: { name: 'Pickleball', ladder: ladder('Novice (2.0)', 'Beginner (2.5)', 'Intermediate (3.0)', 'Advanced (3.5–4.0)', 'Expert (4.5+)') },
} as const;

export interface SampleDataResult {
  loaded: boolean;
  imported: number;
  skipped: number;
}

/**
 * Loads the sample activities and venues. Activities are matched by name and venues by
 * sourceId, so running it again changes nothing. Unless `always`, it only runs on a database
 * that never had a venue: an embedded database's first start, not one an admin has curated.
 */
export async function loadSampleData(
  services: { activities: ActivitiesService; venues: VenuesService },
  options: { always?: boolean } = {},
): Promise<SampleDataResult> {
  if (!options.always && !(await services.venues.isPristine())) return { loaded: false, imported: 0, skipped: 0 };
  const ids: Record<string, string> = {};
  for (const [key, activity] of Object.entries(SAMPLE_ACTIVITIES)) {
    ids[key] = (await services.activities.ensure(activity.name, [...activity.ladder])).id;
  }
  const rows = SAMPLE_VENUES.map(({ plays, stations, ...venue }) => ({
    ...venue,
    activityIds: [...plays].map((key) => ids[key]!),
    stations: stations.map((entry) => {
      const [code, ...name] = entry.split(' ');
      return { code: code!, name: name.join(' ') };
    }),
  }));
  const result = await services.venues.importFile(Buffer.from(JSON.stringify(rows)));
  return { loaded: true, ...result };
}
