import { and, asc, eq, inArray } from 'drizzle-orm';
import { Repository } from '../../platform/db/index.ts';
import { notificationGameMutes, notificationPreferences } from './notifications.table.ts';

export type PreferencesRow = typeof notificationPreferences.$inferSelect;
export type PreferencesValues = Omit<PreferencesRow, 'userId' | 'updatedAt'>;

/** SQL of notification preferences and game mutes. */
export class PreferencesRepository extends Repository {
  find(userId: string): Promise<PreferencesRow | undefined> {
    return this.first(notificationPreferences, eq(notificationPreferences.userId, userId));
  }

  /** Row lock for a read-modify-write of one user's preferences (two PUTs at once must not lose a change). */
  async lock(userId: string, now: Date): Promise<PreferencesRow> {
    await this.db.insert(notificationPreferences).values({ userId, updatedAt: now }).onConflictDoNothing();
    const [row] = await this.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)).for('update');
    return row!;
  }

  async save(userId: string, values: PreferencesValues, now: Date): Promise<void> {
    await this.db
      .update(notificationPreferences)
      .set({ ...values, updatedAt: now })
      .where(eq(notificationPreferences.userId, userId));
  }

  async mutedGames(userId: string): Promise<string[]> {
    const rows = await this.db
      .select({ gameId: notificationGameMutes.gameId })
      .from(notificationGameMutes)
      .where(eq(notificationGameMutes.userId, userId))
      .orderBy(asc(notificationGameMutes.createdAt), asc(notificationGameMutes.gameId));
    return rows.map((row) => row.gameId);
  }

  async replaceMutes(userId: string, gameIds: string[], now: Date): Promise<void> {
    await this.db.delete(notificationGameMutes).where(eq(notificationGameMutes.userId, userId));
    if (gameIds.length) await this.db.insert(notificationGameMutes).values(gameIds.map((gameId) => ({ userId, gameId, createdAt: now })));
  }

  /** The recipients' rows (those who have any) and which of them muted the game. */
  async forRecipients(userIds: string[], gameId: string): Promise<{ rows: PreferencesRow[]; muted: Set<string> }> {
    if (userIds.length === 0) return { rows: [], muted: new Set() };
    // One after the other: this runs inside the producer's transaction (one connection).
    const rows = await this.db.select().from(notificationPreferences).where(inArray(notificationPreferences.userId, userIds));
    const mutes = await this.db
      .select({ userId: notificationGameMutes.userId })
      .from(notificationGameMutes)
      .where(and(eq(notificationGameMutes.gameId, gameId), inArray(notificationGameMutes.userId, userIds)));
    return { rows, muted: new Set(mutes.map((mute) => mute.userId)) };
  }

  async deleteForUser(userId: string): Promise<void> {
    await this.db.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
    await this.db.delete(notificationGameMutes).where(eq(notificationGameMutes.userId, userId));
  }
}
