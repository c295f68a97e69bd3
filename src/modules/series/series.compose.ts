import { SeriesChanges } from './series.changes.ts';
import { SeriesMembers } from './series.members.ts';
import { SeriesMoney } from './series.money.ts';
import { SeriesOpening } from './series.opening.ts';
import type { SeriesDeps } from './series.ports.ts';
import type { SeriesRoutesOptions } from './series.routes.ts';
import { SeriesService } from './series.service.ts';

/** The series module's parts over one set of dependencies: the opening (for the job) and the routes' services. */
export function createSeriesModule(deps: SeriesDeps): { opening: SeriesOpening; routes: SeriesRoutesOptions } {
  return {
    opening: new SeriesOpening(deps),
    routes: { series: new SeriesService(deps), changes: new SeriesChanges(deps), members: new SeriesMembers(deps), money: new SeriesMoney(deps) },
  };
}
