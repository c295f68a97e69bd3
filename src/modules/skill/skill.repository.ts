import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { inAny, Repository } from '../../platform/db/index.ts';
import { skillRatingChanges, skillRatingEvents, skillRatings, skillVisibility, type SkillKind } from './skill.table.ts';

export type SkillRow = typeof skillRatings.$inferSelect;
export type SkillChangeRow = typeof skillRatingChanges.$inferSelect;

/** Skill's rows: SQL only. */
export class SkillRepository extends Repository {
  /** The match's event row, or undefined when the match was rated already (the primary key holds). */
  claim(event: typeof skillRatingEvents.$inferInsert) {
    return this.insertedIfNew(skillRatingEvents, event);
  }

  /** Makes the missing rows with the starting estimate, then locks all of them in one order (no deadlock between two matches). */
  async lockRatings(userIds: string[], activityId: string, kind: SkillKind, start: { mu: number; sigma: number }, now: Date): Promise<SkillRow[]> {
    const ids = [...new Set(userIds)].sort();
    await this.db
      .insert(skillRatings)
      .values(ids.map((userId) => ({ userId, activityId, kind, mu: start.mu, sigma: start.sigma, games: 0, updatedAt: now })))
      .onConflictDoNothing();
    return this.db
      .select()
      .from(skillRatings)
      .where(and(inAny(skillRatings.userId, ids, 'uuid'), eq(skillRatings.activityId, activityId), eq(skillRatings.kind, kind)))
      .orderBy(asc(skillRatings.userId))
      .for('update');
  }

  async write(row: { userId: string; activityId: string; kind: SkillKind; mu: number; sigma: number }, now: Date): Promise<void> {
    await this.db
      .update(skillRatings)
      .set({ mu: row.mu, sigma: row.sigma, games: sql`${skillRatings.games} + 1`, updatedAt: now })
      .where(and(eq(skillRatings.userId, row.userId), eq(skillRatings.activityId, row.activityId), eq(skillRatings.kind, row.kind)));
  }

  async record(changes: Array<typeof skillRatingChanges.$inferInsert>): Promise<void> {
    if (changes.length > 0) await this.db.insert(skillRatingChanges).values(changes);
  }

  ratingsOf(userIds: string[], activityId: string, kind: SkillKind): Promise<SkillRow[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(skillRatings)
      .where(and(inAny(skillRatings.userId, userIds, 'uuid'), eq(skillRatings.activityId, activityId), eq(skillRatings.kind, kind)));
  }

  ownRatings(userId: string): Promise<SkillRow[]> {
    return this.db.select().from(skillRatings).where(eq(skillRatings.userId, userId)).orderBy(asc(skillRatings.activityId), asc(skillRatings.kind));
  }

  /** The newest `limit` changes of one rating, newest first. */
  recentChanges(userId: string, activityId: string, kind: SkillKind, limit: number): Promise<SkillChangeRow[]> {
    return this.db
      .select()
      .from(skillRatingChanges)
      .where(and(eq(skillRatingChanges.userId, userId), eq(skillRatingChanges.activityId, activityId), eq(skillRatingChanges.kind, kind)))
      .orderBy(desc(skillRatingChanges.seq))
      .limit(limit);
  }

  async hiddenAmong(userIds: string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.db
      .select({ userId: skillVisibility.userId })
      .from(skillVisibility)
      .where(and(inAny(skillVisibility.userId, userIds, 'uuid'), eq(skillVisibility.hidden, true)));
    return new Set(rows.map((row) => row.userId));
  }

  async setHidden(userId: string, hidden: boolean, now: Date): Promise<void> {
    await this.db
      .insert(skillVisibility)
      .values({ userId, hidden, updatedAt: now })
      .onConflictDoUpdate({ target: skillVisibility.userId, set: { hidden, updatedAt: now } });
  }

  /** The account is gone: its ratings, history and setting go with it (the match events stay for the other players). */
  async forgetUser(userId: string): Promise<void> {
    await this.db.delete(skillRatingChanges).where(eq(skillRatingChanges.userId, userId));
    await this.db.delete(skillRatings).where(eq(skillRatings.userId, userId));
    await this.db.delete(skillVisibility).where(eq(skillVisibility.userId, userId));
  }
}
