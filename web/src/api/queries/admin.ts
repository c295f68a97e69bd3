/** The admins' queues and lists (the admin game listing is in games.ts, under the listing's key). */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, data } from '../client';
import type { paths } from '../schema';
import { adminKeys } from './keys';

export type AuditFilters = Omit<NonNullable<paths['/api/v1/admin/audit']['get']['parameters']['query']>, 'size' | 'cursor'>;

export const auditQuery = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: adminKeys.audit(filters),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => data(api.GET('/api/v1/admin/audit', { params: { query: { size: 20, ...filters, ...(pageParam && { cursor: pageParam }) } } })),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const adminUsersQuery = (search: string) =>
  queryOptions({
    queryKey: adminKeys.usersFound(search),
    queryFn: () => data(api.GET('/api/v1/admin/users', { params: { query: { size: 50, ...(search ? { q: search } : {}) } } })),
    placeholderData: (previous) => previous,
  });

export const disputesQuery = () => queryOptions({ queryKey: adminKeys.disputes, queryFn: () => data(api.GET('/api/v1/admin/attendance-disputes')) });

export const chatReportsQuery = () => queryOptions({ queryKey: adminKeys.chatReports, queryFn: () => data(api.GET('/api/v1/admin/chat-reports')) });

export { adminKeys };
