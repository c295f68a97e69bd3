import type { AuditRow } from './audit.repository.ts';

export function presentAuditEntry(row: AuditRow) {
  return {
    id: row.id,
    actorId: row.actorId,
    action: row.action,
    objectType: row.objectType,
    objectId: row.objectId,
    changes: row.changes,
    at: row.at.toISOString(),
    requestId: row.requestId,
  };
}
