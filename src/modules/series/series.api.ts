import { offsetPaged } from '../../platform/http/pagination.ts';
import type { RouteSpec } from '../../platform/http/route-set.ts';
import { CreateSeriesBody, EditOccurrenceBody, EditResult, Occurrence, OccurrenceParams, SeriesIdParams, SeriesSchema } from './series.schemas.ts';

/** What each series route accepts and answers (its path and its work are in series.routes.ts). */
export const SeriesApi = {
  create: { summary: 'Host a recurring series of games', body: CreateSeriesBody, data: SeriesSchema, status: 201, message: 'Series created' },
  list: { summary: 'The series you run, co-host or play in as a regular, newest first', ...offsetPaged(SeriesSchema), message: 'Series' },
  one: { summary: 'One series', params: SeriesIdParams, data: SeriesSchema, message: 'Series' },
  end: { summary: 'End a series (organiser): its games still to come are cancelled', params: SeriesIdParams },
  occurrences: { summary: 'Every date of the series in order, with its game once opened', params: SeriesIdParams, ...offsetPaged(Occurrence), message: 'Occurrences' },
  edit: { summary: 'Change this game, or this and the following ones (organiser or co-host)', params: OccurrenceParams, body: EditOccurrenceBody, data: EditResult, message: 'Series updated' },
  cancel: { summary: 'Cancel one date of the series (organiser)', params: OccurrenceParams },
  skip: { summary: 'Sit one date out (a regular)', params: OccurrenceParams },
} satisfies Record<string, RouteSpec>;
