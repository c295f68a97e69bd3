/** Series (recurring games) and what hangs off one, all under ['series'] so a change refreshes the lists and the series alike. */
import { queryOptions } from '@tanstack/react-query';
import { api, data } from '../client';
import { seriesKeys } from './keys';

export type MemberKind = 'regulars' | 'co-hosts';

const path = (id: string) => ({ params: { path: { id } } });

export const mySeriesQuery = () =>
  queryOptions({ queryKey: seriesKeys.mine, queryFn: () => data(api.GET('/api/v1/series', { params: { query: { size: 50 } } })) });

export const seriesQuery = (id: string) => queryOptions({ queryKey: seriesKeys.detail(id), queryFn: () => data(api.GET('/api/v1/series/{id}', path(id))) });

export const occurrencesQuery = (id: string) =>
  queryOptions({
    queryKey: seriesKeys.occurrences(id),
    queryFn: () => data(api.GET('/api/v1/series/{id}/occurrences', { params: { path: { id }, query: { size: 100 } } })),
  });

/** Regulars and co-hosts answer the same shape. */
export const membersQuery = (id: string, kind: MemberKind) =>
  queryOptions({
    queryKey: seriesKeys.members(id, kind),
    queryFn: () => data(kind === 'regulars' ? api.GET('/api/v1/series/{id}/regulars', path(id)) : api.GET('/api/v1/series/{id}/co-hosts', path(id))),
  });

export const seriesPaymentRulesQuery = (id: string) =>
  queryOptions({ queryKey: seriesKeys.paymentRules(id), queryFn: () => data(api.GET('/api/v1/series/{id}/payment-rules', path(id))) });

export { seriesKeys };
