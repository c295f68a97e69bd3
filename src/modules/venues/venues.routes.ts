import type { TypedApp } from '../../platform/http/typed-app.ts';
import multipart from '@fastify/multipart';
import { Envelope, envelope } from '../../platform/http/envelope.ts';
import { USER_SECURITY } from '../../platform/http/openapi.ts';
import { openRouteSet, userRouteSet } from '../../platform/http/route-set.ts';
import { presentPage } from '../../platform/http/pagination.ts';
import { presentVenue } from './venues.presenter.ts';
import { VenuesApi } from './venues.api.ts';
import { ImportResult, ImportUpload } from './venues.schemas.ts';
import type { VenuesService } from './venues.service.ts';
import { auditActor } from '../audit/index.ts';
import { MAX_IMPORT_BYTES, readImportUpload } from './venues.upload.ts';

export async function venuesRoutes(app: TypedApp, { venues }: { venues: VenuesService }) {
  // Registered here, not globally: only the import accepts multipart bodies.
  await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, parts: 5, fields: 4 } });

  const routes = openRouteSet(app, 'venues');
  routes.get('/api/v1/venues', VenuesApi.list, async (request) => presentPage(await venues.list(request.query), presentVenue, request.query));

  const admin = userRouteSet(app, 'admin');
  admin.post('/api/v1/admin/venues', VenuesApi.create, async (request) => presentVenue(await venues.create(request.body, auditActor(request))));
  admin.put('/api/v1/admin/venues/:id', VenuesApi.update, async (request) =>
    presentVenue(await venues.update(request.params.id, request.body, auditActor(request))),
  );
  admin.delete('/api/v1/admin/venues/:id', VenuesApi.remove, (request) => venues.delete(request.params.id, auditActor(request)));

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
    async (request) => envelope(request, await venues.importFile(await readImportUpload(request), auditActor(request)), 'Venues imported'),
  );
}
