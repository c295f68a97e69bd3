/** Series (recurring games) and what hangs off one, all under ['series'] so a change refreshes the lists and the series alike. */
import { queryOptions } from '@tanstack/react-query';
import { api, data } from '../client';
import { seriesKeys } from './keys';
import { path, read } from './read';

export type MemberKind = 'regulars' | 'co-hosts';

export const mySeriesQuery = () =>
  queryOptions({ queryKey: seriesKeys.mine, queryFn: () => data(api.GET('/api/v1/series', { params: { query: { size: 50 } } })) });

export const seriesQuery = read(seriesKeys.detail, (id) => api.GET('/api/v1/series/{id}', path(id)));

export const occurrencesQuery = read(seriesKeys.occurrences, (id) => api.GET('/api/v1/series/{id}/occurrences', path(id, { size: 100 })));

/** Regulars and co-hosts answer the same shape. */
export const membersQuery = read(seriesKeys.members, (id, kind) =>
  kind === 'regulars' ? api.GET('/api/v1/series/{id}/regulars', path(id)) : api.GET('/api/v1/series/{id}/co-hosts', path(id)),
);

export const seriesPaymentRulesQuery = read(seriesKeys.paymentRules, (id) => api.GET('/api/v1/series/{id}/payment-rules', path(id)));

export { seriesKeys };
