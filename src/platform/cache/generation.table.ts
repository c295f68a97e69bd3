import { bigint, pgTable, smallint } from 'drizzle-orm/pg-core';

/**
 * A counter of committed changes to what public pages show, split in stripes so concurrent writers
 * rarely wait on one row. Triggers (hand-written in the migration) bump a stripe in the writing
 * transaction; the sum only grows, and grows with every commit, so two reads that see the same sum
 * saw the same committed data. Stripes 32 to 35 are reference data's (activities, levels, venues).
 * Only page-cache.ts reads it.
 */
export const pageGenerations = pgTable('page_generations', {
  stripe: smallint('stripe').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
});
