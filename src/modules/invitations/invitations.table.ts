import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { crossModuleId, generatedId, timestamptz } from '../../platform/db/columns.ts';

export type InvitationKind = 'SERIES_REGULAR' | 'SERIES_CO_HOST' | 'GAME_CO_HOST';

/**
 * An open invitation to become a regular or co-host (consent for membership). A row lives only while
 * the invitation is open: accepting, declining and withdrawing delete it, and one past `expires_at`
 * counts as gone (a new invitation replaces it). The target (a series or a game) and both people
 * are other modules' rows. The unique key is "one pending invitation per (kind, target, person)".
 */
export const membershipInvitations = pgTable(
  'membership_invitations',
  {
    id: generatedId(),
    kind: text('kind').$type<InvitationKind>().notNull(),
    targetId: crossModuleId('target_id'),
    userId: crossModuleId('user_id'),
    invitedBy: crossModuleId('invited_by'),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (table) => [
    check('membership_invitations_kind', sql`${table.kind} IN ('SERIES_REGULAR', 'SERIES_CO_HOST', 'GAME_CO_HOST')`),
    uniqueIndex('membership_invitations_target_user_idx').on(table.kind, table.targetId, table.userId),
    index('membership_invitations_user_idx').on(table.userId),
  ],
);
