import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    authProvider: text('auth_provider').notNull(),
    providerSubject: text('provider_subject').notNull(),
    name: text('name'),
    email: text('email'),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    // A deleted account frees its provider identity, so the same person can sign up again.
    uniqueIndex('users_provider_subject_uq')
      .on(table.authProvider, table.providerSubject)
      .where(sql`deleted_at IS NULL`),
    index('users_created_at_idx').on(table.createdAt),
  ],
);
