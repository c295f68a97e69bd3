import { bigint, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { generatedId, timestamptz } from '../../platform/db/columns.ts';

/** Before and after of each field an action changed, and nothing else. */
export type Changes = Record<string, { before: unknown; after: unknown }>;

export const auditEntries = pgTable(
  'audit_entries',
  {
    id: generatedId(),
    // Orders entries of the same instant as they were written (one request may write several).
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    // Null for the service's own jobs; no foreign key: an entry outlives a deleted account.
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id'),
    changes: jsonb('changes').$type<Changes>().notNull().default({}),
    at: timestamptz('at').notNull(),
    requestId: text('request_id'),
  },
  (table) => [
    index('audit_entries_at_idx').on(table.at.desc(), table.seq.desc()),
    index('audit_entries_object_idx').on(table.objectType, table.objectId, table.at.desc(), table.seq.desc()),
    index('audit_entries_actor_idx').on(table.actorId, table.at.desc(), table.seq.desc()),
  ],
);
