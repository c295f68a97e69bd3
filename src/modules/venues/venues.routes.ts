import type { TypedApp } from '../../platform/http/typed-app.ts';
import multipart from '@fastify/multipart';
import { Type } from 'typebox';
import { Envelope, envelope } from '../../platform/http/envelope.ts';
import { USER_SECURITY, openRoute, userRoute } from '../../platform/http/openapi.ts';
import { NoContent, created, noContent } from '../../platform/http/replies.ts';
import { OffsetPage, OffsetQuery, presentPage } from '../../platform/http/pagination.ts';
import { presentVenue } from './venues.presenter.ts';
import { CreateVenueBody, ImportResult, ImportUpload, UpdateVenueBody, Venue, VenueIdParams, VenuesQuery } from './venues.schemas.ts';
import type { VenuesService } from './venues.service.ts';
import { MAX_IMPORT_BYTES, readImportUpload } from './venues.upload.ts';

export async function venuesRoutes(app: TypedApp, { venues }: { venues: VenuesService }) {
  // Registered here, not globally: only the import accepts multipart bodies.
  await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, parts: 5, fields: 4 } });

  app.get(
    '/api/v1/venues',
    {
      schema: openRoute('venues', 'Venues by name, or nearest first within lat/lng/radiusKm', {
        querystring: Type.Intersect([OffsetQuery, VenuesQuery]),
        response: { 200: Envelope(OffsetPage(Venue)) },
      }),
    },
    async (request) => envelope(request, presentPage(await venues.list(request.query), presentVenue, request.query), 'Venues'),
  );

  app.post(
    '/api/v1/admin/venues',
    { schema: userRoute('admin', 'Create a venue', { body: CreateVenueBody, response: { 201: Envelope(Venue) } }) },
    async (request, reply) => created(reply, envelope(request, presentVenue(await venues.create(request.body)), 'Venue created')),
  );

  app.put(
    '/api/v1/admin/venues/:id',
    {
      schema: userRoute('admin', 'Update a venue (fields present replace, absent stay)', {
        params: VenueIdParams,
        body: UpdateVenueBody,
        response: { 200: Envelope(Venue) },
      }),
    },
    async (request) => envelope(request, presentVenue(await venues.update(request.params.id, request.body)), 'Venue updated'),
  );

  app.delete(
    '/api/v1/admin/venues/:id',
    { schema: userRoute('admin', 'Delete a venue', { params: VenueIdParams, response: NoContent }) },
    async (request, reply) => noContent(reply, venues.delete(request.params.id)),
  );

  app.post(
    '/api/v1/admin/venues/import',
    {
      // The body schema only documents the upload; the file is streamed and checked by the service.
      validatorCompiler: () => () => true,
      schema: {
        tags: ['admin'],
        security: USER_SECURITY,
        consumes: ['multipart/form-data'],
        body: ImportUpload,
        summary: 'Import venues from a JSON array or CSV file (part "file", at most 5 MB and 10,000 rows); all or nothing, idempotent by sourceId',
        response: { 200: Envelope(ImportResult) },
      },
    },
    async (request) => envelope(request, await venues.importFile(await readImportUpload(request)), 'Venues imported'),
  );
}
