import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { generatedId, timestamps, timestamptz } from '../../platform/db/columns.ts';

export const users = pgTable(
  'users',
  {
    id: generatedId(),
    authProvider: text('auth_provider').notNull(),
    providerSubject: text('provider_subject').notNull(),
    name: text('name'),
    email: text('email'),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...timestamps(),
    deletedAt: timestamptz('deleted_at'),
  },
  (table) => [
    // A deleted account frees its provider identity, so the same person can sign up again.
    uniqueIndex('users_provider_subject_uq')
      .on(table.authProvider, table.providerSubject)
      .where(sql`deleted_at IS NULL`),
    index('users_created_at_idx').on(table.createdAt),
  ],
);
