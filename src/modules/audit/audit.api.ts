import { CursorPage } from '../../platform/http/pagination.ts';
import type { RouteSpec } from '../../platform/http/route-set.ts';
import { AuditEntry, AuditQuery } from './audit.schemas.ts';

/** What the audit route accepts and answers. */
export const AuditApi = {
  list: { summary: 'The audit trail, newest first (cursor-paged), by object or by actor', querystring: AuditQuery, data: CursorPage(AuditEntry), message: 'Audit entries' },
} satisfies Record<string, RouteSpec>;
