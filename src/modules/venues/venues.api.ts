import { offsetPaged } from '../../platform/http/pagination.ts';
import type { RouteSpec } from '../../platform/http/route-set.ts';
import { CreateVenueBody, UpdateVenueBody, Venue, VenueIdParams, VenuesQuery } from './venues.schemas.ts';

/** What each venues route accepts and answers (the import, a multipart upload, is declared in the routes). */
export const VenuesApi = {
  list: { summary: 'Venues by name, or nearest first within lat/lng/radiusKm', ...offsetPaged(Venue, VenuesQuery), message: 'Venues' },
  create: { summary: 'Create a venue', body: CreateVenueBody, data: Venue, status: 201, message: 'Venue created' },
  update: { summary: 'Update a venue (fields present replace, absent stay)', params: VenueIdParams, body: UpdateVenueBody, data: Venue, message: 'Venue updated' },
  remove: { summary: 'Delete a venue', params: VenueIdParams },
} satisfies Record<string, RouteSpec>;
