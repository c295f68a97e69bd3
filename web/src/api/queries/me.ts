/**
 * The signed-in person's own reads. ['me'] is the caller (and prefixes their money and PayNow, so a
 * change of person refreshes those too); their game lists are in my-games.ts.
 */
import { queryOptions } from '@tanstack/react-query';
import { api, ApiProblem, data } from '../client';
import { meKeys } from './keys';

/** The caller, or null when nobody is signed in (401): not an error for the pages. */
export const meQuery = () =>
  queryOptions({
    queryKey: meKeys.all,
    queryFn: async () => {
      try {
        return await data(api.GET('/api/v1/me'));
      } catch (error) {
        if (error instanceof ApiProblem && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });

export const paynowQuery = () => queryOptions({ queryKey: meKeys.paynow, queryFn: () => data(api.GET('/api/v1/me/paynow')) });
export const moneyQuery = () => queryOptions({ queryKey: meKeys.money, queryFn: () => data(api.GET('/api/v1/me/money')) });
export const invitationsQuery = () => queryOptions({ queryKey: meKeys.invitations, queryFn: () => data(api.GET('/api/v1/me/invitations')) });
export const reliabilityQuery = () => queryOptions({ queryKey: meKeys.reliability, queryFn: () => data(api.GET('/api/v1/me/reliability')) });
export const preferencesQuery = () => queryOptions({ queryKey: meKeys.preferences, queryFn: () => data(api.GET('/api/v1/me/notification-preferences')) });
export const skillRatingsQuery = () => queryOptions({ queryKey: meKeys.skillRatings, queryFn: () => data(api.GET('/api/v1/me/ratings')) });

export { meKeys };
