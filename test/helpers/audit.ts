import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { mintTokens, type TestUser } from './users.ts';

export interface AuditEntry {
  id: string;
  actorId: string | null;
  action: string;
  objectType: string;
  objectId: string | null;
  changes: Record<string, { before: unknown; after: unknown }>;
  at: string;
  requestId: string | null;
}

/** One page of the audit trail as the admin reads it. */
export async function auditPage(app: FastifyInstance, admin: TestUser, query: Record<string, string | number> = {}) {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]));
  const response = await app.inject({ url: `/api/v1/admin/audit?${search}`, headers: admin.auth });
  assert.equal(response.statusCode, 200, response.body);
  return response.json().data as { content: AuditEntry[]; nextCursor: string | null };
}

/** Every entry about one object, newest first. */
export async function auditOf(app: FastifyInstance, admin: TestUser, objectType: string, objectId: string): Promise<AuditEntry[]> {
  return (await auditPage(app, admin, { objectType, objectId, size: 100 })).content;
}

/**
 * The entries about one object (of one action, when given), newest first, read with a token minted
 * now: for tests whose clock moves past a token's life.
 */
export async function auditActionsOf(app: FastifyInstance, adminId: string, objectType: string, objectId: string, action?: string): Promise<AuditEntry[]> {
  const admin = { id: adminId, auth: { authorization: `Bearer ${(await mintTokens(app, adminId)).accessToken}` } } as TestUser;
  return (await auditOf(app, admin, objectType, objectId)).filter((entry) => action === undefined || entry.action === action);
}
