import { page, type AppRoute } from '../../shell/app-route';
import { lazyPage } from '../../shell/lazy-page';

const SeriesListPage = lazyPage(() => import('./SeriesList'), 'SeriesListPage');
const NewSeriesPage = lazyPage(() => import('./NewSeries'), 'NewSeriesPage');
const SeriesPage = lazyPage(() => import('./SeriesPage'), 'SeriesPage');

export const routes: AppRoute[] = [
  page('/series', SeriesListPage, 'signed-in'),
  page('/series/new', NewSeriesPage, 'signed-in'),
  page('/series/:id', SeriesPage, 'signed-in'),
];
