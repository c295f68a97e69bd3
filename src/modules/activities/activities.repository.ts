import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Counted, inAny, Repository } from '../../platform/db/index.ts';
import { activities, skillLevels } from './activities.table.ts';

export type ActivityRow = typeof activities.$inferSelect;
export type SkillLevelRow = typeof skillLevels.$inferSelect;

export class ActivitiesRepository extends Repository {
  namesByIds(ids: string[]): Promise<Array<{ id: string; name: string }>> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select({ id: activities.id, name: activities.name })
      .from(activities)
      .where(inAny(activities.id, ids, 'uuid'));
  }

  levelsByIds(ids: string[]): Promise<Array<{ id: string; name: string; sortOrder: number }>> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select({ id: skillLevels.id, name: skillLevels.name, sortOrder: skillLevels.sortOrder })
      .from(skillLevels)
      .where(inAny(skillLevels.id, ids, 'uuid'))
      .orderBy(asc(skillLevels.sortOrder), sql`lower(${skillLevels.name})`, asc(skillLevels.id));
  }

  async page(options: { limit: number; offset: number }): Promise<Counted<ActivityRow>> {
    const live = isNull(activities.deletedAt);
    return this.counted(
      this.db
        .select()
        .from(activities)
        .where(live)
        .orderBy(sql`lower(${activities.name})`, asc(activities.id))
        .limit(options.limit)
        .offset(options.offset),
      activities,
      live,
    );
  }

  findLive(id: string): Promise<ActivityRow | undefined> {
    return this.first(activities, and(eq(activities.id, id), isNull(activities.deletedAt)));
  }

  findLiveByName(name: string): Promise<ActivityRow | undefined> {
    return this.first(activities, and(sql`lower(${activities.name}) = lower(${name})`, isNull(activities.deletedAt)));
  }

  /** Live activities whose name is one of `names`, compared case-blind (as the unique index does). */
  liveByNames(names: string[]): Promise<Array<{ id: string; name: string }>> {
    if (names.length === 0) return Promise.resolve([]);
    return this.db
      .select({ id: activities.id, name: activities.name })
      .from(activities)
      .where(
        and(
          inAny(
            sql`lower(${activities.name})`,
            names.map((name) => name.toLowerCase()),
            'text',
          ),
          isNull(activities.deletedAt),
        ),
      );
  }

  /** Locks the live activity against concurrent deletion or use checks until the transaction ends. */
  lockLive(id: string): Promise<ActivityRow | undefined> {
    return this.first(activities, and(eq(activities.id, id), isNull(activities.deletedAt)), 'update');
  }

  /** Share-locks the live ones among `ids` so none can be deleted while the caller's transaction uses them. */
  async shareLockLive(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: activities.id })
      .from(activities)
      .where(and(inAny(activities.id, ids, 'uuid'), isNull(activities.deletedAt)))
      .for('share');
    return rows.map((row) => row.id);
  }

  insert(name: string): Promise<ActivityRow> {
    return this.inserted(activities, { name });
  }

  async rename(id: string, name: string): Promise<ActivityRow | undefined> {
    const [row] = await this.db
      .update(activities)
      .set({ name, updatedAt: new Date() })
      .where(and(eq(activities.id, id), isNull(activities.deletedAt)))
      .returning();
    return row;
  }

  async touch(id: string): Promise<void> {
    await this.db.update(activities).set({ updatedAt: new Date() }).where(eq(activities.id, id));
  }

  async softDelete(id: string): Promise<void> {
    const now = new Date();
    await this.db
      .update(skillLevels)
      .set({ deletedAt: now })
      .where(and(eq(skillLevels.activityId, id), isNull(skillLevels.deletedAt)));
    await this.db.update(activities).set({ deletedAt: now, updatedAt: now }).where(eq(activities.id, id));
  }

  /** Live levels of the given activities, ladder order. */
  async levelsOf(activityIds: string[]): Promise<SkillLevelRow[]> {
    if (activityIds.length === 0) return [];
    return this.db
      .select()
      .from(skillLevels)
      .where(and(inAny(skillLevels.activityId, activityIds, 'uuid'), isNull(skillLevels.deletedAt)))
      .orderBy(asc(skillLevels.sortOrder), asc(skillLevels.name));
  }

  /** Live levels among `ids` whose activity is live too. */
  async liveLevels(ids: string[]): Promise<Array<{ id: string; activityId: string }>> {
    if (ids.length === 0) return [];
    return this.db
      .select({ id: skillLevels.id, activityId: skillLevels.activityId })
      .from(skillLevels)
      .innerJoin(activities, eq(activities.id, skillLevels.activityId))
      .where(and(inAny(skillLevels.id, ids, 'uuid'), isNull(skillLevels.deletedAt), isNull(activities.deletedAt)));
  }

  async insertLevels(activityId: string, levels: Array<{ name: string; sortOrder: number }>): Promise<void> {
    if (levels.length === 0) return;
    await this.db.insert(skillLevels).values(levels.map((level) => ({ activityId, name: level.name, sortOrder: level.sortOrder })));
  }

  async updateLevel(id: string, level: { name: string; sortOrder: number }): Promise<void> {
    await this.db.update(skillLevels).set({ name: level.name, sortOrder: level.sortOrder }).where(eq(skillLevels.id, id));
  }

  async retireLevels(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.update(skillLevels).set({ deletedAt: new Date() }).where(inArray(skillLevels.id, ids));
  }
}
