export { createSeriesModule } from './series.compose.ts';
export { SeriesOpening } from './series.opening.ts';
export { seriesRoutes } from './series.routes.ts';
export { forgetSeriesUser } from './series.repository.ts';
export { SERIES_ERRORS } from './series.errors.ts';
export type { SeriesDeps, SeriesEvents } from './series.ports.ts';
