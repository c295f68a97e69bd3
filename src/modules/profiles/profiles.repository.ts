import { asc, eq, sql } from 'drizzle-orm';
import { inAny, Repository } from '../../platform/db/index.ts';
import { profileSkillLevels, profiles, type ContactMethod } from './profiles.table.ts';

export type ProfileRow = typeof profiles.$inferSelect;
export type ProfileSkillLevelRow = typeof profileSkillLevels.$inferSelect;

export class ProfilesRepository extends Repository {
  find(userId: string): Promise<ProfileRow | undefined> {
    return this.first(profiles, eq(profiles.userId, userId));
  }

  /** The stored contact methods of several users (a user without a profile is absent). */
  contactMethodsOf(userIds: string[]): Promise<Pick<ProfileRow, 'userId' | 'contactMethods'>[]> {
    return this.db
      .select({ userId: profiles.userId, contactMethods: profiles.contactMethods })
      .from(profiles)
      .where(inAny(profiles.userId, userIds, 'uuid'));
  }

  async skillLevelsOf(userId: string): Promise<ProfileSkillLevelRow[]> {
    return this.db.select().from(profileSkillLevels).where(eq(profileSkillLevels.userId, userId)).orderBy(asc(profileSkillLevels.activityId));
  }

  /** Marks onboarding complete; undefined when it already was (so two racing requests cannot both succeed). */
  async completeOnboarding(userId: string, contactMethods: ContactMethod[]): Promise<ProfileRow | undefined> {
    const now = new Date();
    const [row] = await this.db
      .insert(profiles)
      .values({ userId, contactMethods, onboardedAt: now })
      .onConflictDoUpdate({
        target: profiles.userId,
        set: { contactMethods, onboardedAt: now, updatedAt: now },
        setWhere: sql`${profiles.onboardedAt} IS NULL`,
      })
      .returning();
    return row;
  }

  /** Creates the profile row when missing, so patches work before onboarding too. */
  async ensure(userId: string): Promise<void> {
    await this.db.insert(profiles).values({ userId }).onConflictDoNothing();
  }

  async setContactMethods(userId: string, contactMethods: ContactMethod[]): Promise<void> {
    await this.db.update(profiles).set({ contactMethods, updatedAt: new Date() }).where(eq(profiles.userId, userId));
  }

  async touch(userId: string): Promise<void> {
    await this.db.update(profiles).set({ updatedAt: new Date() }).where(eq(profiles.userId, userId));
  }

  async replaceSkillLevels(userId: string, levels: Array<{ activityId: string; skillLevelId: string }>): Promise<void> {
    await this.db.delete(profileSkillLevels).where(eq(profileSkillLevels.userId, userId));
    if (levels.length) await this.db.insert(profileSkillLevels).values(levels.map((level) => ({ userId, ...level })));
  }

  async remove(userId: string): Promise<void> {
    await this.db.delete(profiles).where(eq(profiles.userId, userId));
  }
}
