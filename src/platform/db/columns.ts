import { sql } from 'drizzle-orm';
import { timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** Every point in time the schema stores: timestamptz, read as a Date. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** An `id` primary key the database generates. */
export const generatedId = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);

/** created_at and updated_at, both set on insert; updates set updated_at themselves. */
export const timestamps = () => ({
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** A uuid column naming the parent row this one belongs to: it goes when the parent goes. */
export const ownedBy = (name: string, parent: () => AnyPgColumn) => uuid(name).notNull().references(parent, { onDelete: 'cascade' });

/**
 * A uuid naming a row another module owns. No foreign key: a module may not touch another's tables,
 * so consistency rests on that module's soft deletes, usage checks and row locks (README).
 */
export const crossModuleId = (name: string) => uuid(name).notNull();
