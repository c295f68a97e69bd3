import type { FastifyRequest } from 'fastify';
import { userRouteSet } from '../../platform/http/route-set.ts';
import type { TypedApp } from '../../platform/http/typed-app.ts';
import { AuditApi } from './audit.api.ts';
import { presentAuditEntry } from './audit.presenter.ts';
import type { AuditActor, AuditService } from './audit.service.ts';

export async function auditRoutes(app: TypedApp, { audit }: { audit: AuditService }) {
  const admin = userRouteSet(app, 'admin');
  admin.get('/api/v1/admin/audit', AuditApi.list, async (request) => {
    const { rows, nextCursor } = await audit.page(request.query);
    return { content: rows.map(presentAuditEntry), nextCursor };
  });
}

/** The actor of an audited change: the signed-in caller and the request's id, for the service call's arguments. */
export function auditActor(request: FastifyRequest): AuditActor {
  return { actorId: request.principal?.userId ?? null, requestId: request.id };
}
