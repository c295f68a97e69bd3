import { and, eq, gt } from 'drizzle-orm';
import { Repository } from '../../platform/db/index.ts';
import { calendarTokens } from './calendars.table.ts';

/** Calendar feed tokens: SQL only. */
export class CalendarsRepository extends Repository {
  /** One token per user: a new one replaces the old in one statement. */
  async replace(userId: string, tokenHash: string, now: Date): Promise<void> {
    await this.db
      .insert(calendarTokens)
      .values({ userId, tokenHash, createdAt: now, lastUsedAt: now })
      .onConflictDoUpdate({ target: calendarTokens.userId, set: { tokenHash, createdAt: now, lastUsedAt: now } });
  }

  /** The token's owner when it was used after `unusedSince`; records this use. */
  async use(tokenHash: string, now: Date, unusedSince: Date): Promise<{ userId: string; tokenHash: string } | undefined> {
    const [row] = await this.db
      .update(calendarTokens)
      .set({ lastUsedAt: now })
      .where(and(eq(calendarTokens.tokenHash, tokenHash), gt(calendarTokens.lastUsedAt, unusedSince)))
      .returning({ userId: calendarTokens.userId, tokenHash: calendarTokens.tokenHash });
    return row;
  }

  async remove(userId: string): Promise<void> {
    await this.db.delete(calendarTokens).where(eq(calendarTokens.userId, userId));
  }
}
