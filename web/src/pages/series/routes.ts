import { createElement } from 'react';
import type { AppRoute } from '../../shell/app-route';
import { lazyPage } from '../../shell/lazy-page';

const SeriesListPage = lazyPage(() => import('./SeriesList'), 'SeriesListPage');
const NewSeriesPage = lazyPage(() => import('./NewSeries'), 'NewSeriesPage');
const SeriesPage = lazyPage(() => import('./SeriesPage'), 'SeriesPage');

export const routes: AppRoute[] = [
  { path: '/series', access: 'signed-in', render: () => createElement(SeriesListPage) },
  { path: '/series/new', access: 'signed-in', render: () => createElement(NewSeriesPage) },
  { path: '/series/:id', access: 'signed-in', render: ({ params }) => createElement(SeriesPage, { id: params.id! }) },
];
