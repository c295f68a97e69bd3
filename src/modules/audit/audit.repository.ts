import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import { Repository } from '../../platform/db/index.ts';
import { auditEntries } from './audit.table.ts';

export type AuditRow = typeof auditEntries.$inferSelect;
export type NewAuditRow = typeof auditEntries.$inferInsert;

export interface AuditFilter {
  objectType?: string;
  objectId?: string;
  actorId?: string;
}

export class AuditRepository extends Repository {
  async insert(row: NewAuditRow): Promise<void> {
    await this.db.insert(auditEntries).values(row);
  }

  /** Newest first; `after` is the last entry of the previous page. */
  page(filter: AuditFilter, after: { at: Date; seq: number } | undefined, limit: number): Promise<AuditRow[]> {
    const conditions: SQL[] = [];
    if (filter.objectType !== undefined) conditions.push(eq(auditEntries.objectType, filter.objectType));
    if (filter.objectId !== undefined) conditions.push(eq(auditEntries.objectId, filter.objectId));
    if (filter.actorId !== undefined) conditions.push(eq(auditEntries.actorId, filter.actorId));
    if (after) {
      const older = or(lt(auditEntries.at, after.at), and(eq(auditEntries.at, after.at), lt(auditEntries.seq, after.seq)));
      if (older) conditions.push(older);
    }
    return this.db
      .select()
      .from(auditEntries)
      .where(and(...conditions))
      .orderBy(desc(auditEntries.at), desc(auditEntries.seq))
      .limit(limit);
  }

  async deleteBefore(cutoff: Date): Promise<number> {
    const deleted = await this.db.delete(auditEntries).where(lt(auditEntries.at, cutoff)).returning({ id: auditEntries.id });
    return deleted.length;
  }
}
