/** Who is signed in: GET /me, shared by every page through TanStack Query. */
import { useQuery } from '@tanstack/react-query';
import { meQuery } from './api/queries/me';

/** The caller, or null when nobody is signed in (401) — not an error for the pages. */
export function useMe() {
  return useQuery(meQuery());
}
