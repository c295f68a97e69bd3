/** Who is signed in: GET /me, shared by every page through TanStack Query. */
import { useQuery } from '@tanstack/react-query';
import { api, ApiProblem, data } from './api/client';

export type Me = Awaited<ReturnType<typeof fetchMe>>;

async function fetchMe() {
  return data(api.GET('/api/v1/me'));
}

/** The caller, or null when nobody is signed in (401) — not an error for the pages. */
export function useMe() {
  return useQuery({
    queryKey: ['me'],
    queryFn: async () => {
      try {
        return await fetchMe();
      } catch (error) {
        if (error instanceof ApiProblem && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });
}
