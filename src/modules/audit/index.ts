export { AuditService, AuditTrail, changesBetween, SERVICE_ACTOR, type AuditActor, type AuditEntry } from './audit.service.ts';
export { auditActor, auditRoutes } from './audit.routes.ts';
export { AUDIT_ERRORS } from './audit.errors.ts';
