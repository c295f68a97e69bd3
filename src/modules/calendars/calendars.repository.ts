import { eq } from 'drizzle-orm';
import { Repository } from '../../platform/db/index.ts';
import { calendarTokens } from './calendars.table.ts';

/** Calendar feed tokens: SQL only. */
export class CalendarsRepository extends Repository {
  /** One token per user: a new one replaces the old in one statement. */
  async replace(userId: string, tokenHash: string, now: Date): Promise<void> {
    await this.db
      .insert(calendarTokens)
      .values({ userId, tokenHash, createdAt: now })
      .onConflictDoUpdate({ target: calendarTokens.userId, set: { tokenHash, createdAt: now } });
  }

  async findByHash(tokenHash: string): Promise<{ userId: string; tokenHash: string } | undefined> {
    const [row] = await this.db
      .select({ userId: calendarTokens.userId, tokenHash: calendarTokens.tokenHash })
      .from(calendarTokens)
      .where(eq(calendarTokens.tokenHash, tokenHash));
    return row;
  }

  async remove(userId: string): Promise<void> {
    await this.db.delete(calendarTokens).where(eq(calendarTokens.userId, userId));
  }
}
