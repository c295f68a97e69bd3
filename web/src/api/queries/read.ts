/** The shape most reads share: one call of the typed client, cached under its resource's key made of the same arguments. */
import { queryOptions } from '@tanstack/react-query';
import { data } from '../client';

/** The typed client's answer to one call (api.GET(…)), as data() takes it. */
type Call<T> = Promise<{ data?: { data: T }; error?: unknown; response: Response }>;

/** A resource's path parameter and, for a list, its query: `{ params: { path: { id }, query } }`. */
export function path(id: string): { params: { path: { id: string } } };
export function path<Query extends object>(id: string, query: Query): { params: { path: { id: string }; query: Query } };
export function path(id: string, query?: object) {
  return { params: query ? { path: { id }, query } : { path: { id } } };
}

/**
 * read(gameKeys.ledger, (id) => api.GET('/api/v1/games/{id}/ledger', path(id))) → (id) => the query of that
 * game's ledger: its key and its call take the same arguments.
 */
export function read<Args extends unknown[], Key extends readonly unknown[], T>(key: (...args: Args) => Key, call: (...args: Args) => Call<T>) {
  return (...args: Args) => queryOptions({ queryKey: key(...args), queryFn: () => data(call(...args)) });
}
