import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import { Repository } from '../../platform/db/index.ts';
import { membershipInvitations, type InvitationKind } from './invitations.table.ts';

export type InvitationRow = typeof membershipInvitations.$inferSelect;
export type InvitationValues = Omit<InvitationRow, 'id'>;

const t = membershipInvitations;
const open = (now: Date) => gt(t.expiresAt, now);

/** Open invitations: SQL only. Each change is one statement, so two requests cannot both win. */
export class InvitationsRepository extends Repository {
  /**
   * Inserts the invitation, or replaces one that has expired; answers the new row, or undefined when
   * one is still open (the unique key decides, so re-inviting is idempotent under any race).
   */
  async invite(values: InvitationValues, now: Date): Promise<InvitationRow | undefined> {
    const [row] = await this.db
      .insert(t)
      .values(values)
      .onConflictDoUpdate({
        target: [t.kind, t.targetId, t.userId],
        set: {
          id: sql`gen_random_uuid()`,
          invitedBy: values.invitedBy,
          createdAt: values.createdAt,
          expiresAt: values.expiresAt,
        },
        setWhere: lte(t.expiresAt, now),
      })
      .returning();
    return row;
  }

  open(kind: InvitationKind, targetId: string, userId: string, now: Date): Promise<InvitationRow | undefined> {
    return this.first(t, and(eq(t.kind, kind), eq(t.targetId, targetId), eq(t.userId, userId), open(now)));
  }

  /** The open invitations to one series or game, oldest first. */
  openFor(kind: InvitationKind, targetId: string, now: Date): Promise<InvitationRow[]> {
    return this.db
      .select()
      .from(t)
      .where(and(eq(t.kind, kind), eq(t.targetId, targetId), open(now)))
      .orderBy(asc(t.createdAt), asc(t.userId));
  }

  /** The user's open invitations, oldest first. */
  mine(userId: string, now: Date): Promise<InvitationRow[]> {
    return this.db
      .select()
      .from(t)
      .where(and(eq(t.userId, userId), open(now)))
      .orderBy(asc(t.createdAt), asc(t.id));
  }

  /** Takes the user's open invitation (accept or decline): answers it, or undefined when there is none. */
  take(id: string, userId: string, now: Date): Promise<InvitationRow | undefined> {
    return this.deleted(t, and(eq(t.id, id), eq(t.userId, userId), open(now)));
  }

  /** The organiser withdraws an open invitation: answers whether there was one. */
  async withdraw(kind: InvitationKind, targetId: string, userId: string, now: Date): Promise<boolean> {
    return (await this.deleted(t, and(eq(t.kind, kind), eq(t.targetId, targetId), eq(t.userId, userId), open(now)))) !== undefined;
  }

  /** A deleted account is invited to nothing, and its invitations to others lapse. */
  async forgetUser(userId: string): Promise<void> {
    await this.db.delete(t).where(eq(t.userId, userId));
    await this.db.delete(t).where(eq(t.invitedBy, userId));
  }
}
