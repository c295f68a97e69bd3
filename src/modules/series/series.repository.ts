import { and, asc, count, desc, eq, gte, inArray, or } from 'drizzle-orm';
import { type Counted, type Executor, IdRepository, inAny } from '../../platform/db/index.ts';
import { gameSeries, gameSeriesCoHosts, gameSeriesOccurrences, gameSeriesRegulars, gameSeriesSkips } from './series.table.ts';

export type SeriesRow = typeof gameSeries.$inferSelect;
export type SeriesValues = Omit<typeof gameSeries.$inferInsert, 'id' | 'status'>;
export type OccurrenceRow = typeof gameSeriesOccurrences.$inferSelect;
export type RegularRow = typeof gameSeriesRegulars.$inferSelect;
export type SeriesCoHostRow = typeof gameSeriesCoHosts.$inferSelect;

/**
 * Series, their settled dates, regulars, skips and co-hosts: SQL only. Openings, edits and the end
 * take the series' row lock (`lock`) first.
 */
export class SeriesRepository extends IdRepository<typeof gameSeries> {
  protected readonly table = gameSeries;

  insert(values: SeriesValues): Promise<SeriesRow> {
    return this.inserted(gameSeries, values);
  }

  async update(id: string, values: Partial<SeriesValues> & { status?: SeriesRow['status'] }): Promise<void> {
    await this.db.update(gameSeries).set(values).where(eq(gameSeries.id, id));
  }

  async activeIds(): Promise<string[]> {
    const found = await this.db.select({ id: gameSeries.id }).from(gameSeries).where(eq(gameSeries.status, 'ACTIVE')).orderBy(asc(gameSeries.id));
    return found.map((row) => row.id);
  }

  /** The series the user runs, co-hosts or plays in as a regular, newest first. */
  async pageFor(userId: string, limit: number, offset: number): Promise<Counted<SeriesRow>> {
    const mine = or(
      eq(gameSeries.organizerId, userId),
      inArray(gameSeries.id, this.db.select({ id: gameSeriesCoHosts.seriesId }).from(gameSeriesCoHosts).where(eq(gameSeriesCoHosts.userId, userId))),
      inArray(gameSeries.id, this.db.select({ id: gameSeriesRegulars.seriesId }).from(gameSeriesRegulars).where(eq(gameSeriesRegulars.userId, userId))),
    );
    const rows = await this.db.select().from(gameSeries).where(mine).orderBy(desc(gameSeries.createdAt), asc(gameSeries.id)).limit(limit).offset(offset);
    const [total] = await this.db.select({ n: count() }).from(gameSeries).where(mine);
    return { rows, total: Number(total?.n ?? 0) };
  }

  // Occurrences

  occurrences(seriesId: string, fromDate?: string): Promise<OccurrenceRow[]> {
    const from = fromDate ? [gte(gameSeriesOccurrences.occursOn, fromDate)] : [];
    return this.db
      .select()
      .from(gameSeriesOccurrences)
      .where(and(eq(gameSeriesOccurrences.seriesId, seriesId), ...from))
      .orderBy(asc(gameSeriesOccurrences.occursOn));
  }

  occurrence(seriesId: string, occursOn: string): Promise<OccurrenceRow | undefined> {
    return this.first(gameSeriesOccurrences, and(eq(gameSeriesOccurrences.seriesId, seriesId), eq(gameSeriesOccurrences.occursOn, occursOn)));
  }

  /** Settles a date: answers the new row, or undefined when another run (or instance) settled it first. */
  claim(values: Omit<OccurrenceRow, 'gameId'>): Promise<OccurrenceRow | undefined> {
    return this.insertedIfNew(gameSeriesOccurrences, values);
  }

  async settle(seriesId: string, occursOn: string, values: { state: OccurrenceRow['state']; gameId?: string | null }): Promise<void> {
    await this.db
      .update(gameSeriesOccurrences)
      .set(values)
      .where(and(eq(gameSeriesOccurrences.seriesId, seriesId), eq(gameSeriesOccurrences.occursOn, occursOn)));
  }

  // Regulars and skips

  regulars(seriesId: string): Promise<RegularRow[]> {
    return this.db.select().from(gameSeriesRegulars).where(eq(gameSeriesRegulars.seriesId, seriesId)).orderBy(asc(gameSeriesRegulars.seq));
  }

  addRegular(values: { seriesId: string; userId: string; addedAt: Date }): Promise<RegularRow | undefined> {
    return this.insertedIfNew(gameSeriesRegulars, values);
  }

  async removeRegular(seriesId: string, userId: string): Promise<boolean> {
    return (await this.deleted(gameSeriesRegulars, and(eq(gameSeriesRegulars.seriesId, seriesId), eq(gameSeriesRegulars.userId, userId)))) !== undefined;
  }

  isRegular(seriesId: string, userId: string): Promise<boolean> {
    return this.exists(gameSeriesRegulars, and(eq(gameSeriesRegulars.seriesId, seriesId), eq(gameSeriesRegulars.userId, userId)));
  }

  async addSkip(values: { seriesId: string; occursOn: string; userId: string }): Promise<void> {
    await this.db.insert(gameSeriesSkips).values(values).onConflictDoNothing();
  }

  /** Who sits out this date of the series. */
  skippers(seriesId: string, occursOn: string): Promise<Set<string>> {
    return this.#skips(seriesId, { occursOn });
  }

  /** The dates this user sits out in this series. */
  skipsOf(seriesId: string, userId: string): Promise<Set<string>> {
    return this.#skips(seriesId, { userId });
  }

  /** The series' skips of one date (answering who) or of one user (answering which dates). */
  async #skips(seriesId: string, of: { occursOn: string } | { userId: string }): Promise<Set<string>> {
    const [given, answered] =
      'occursOn' in of
        ? [eq(gameSeriesSkips.occursOn, of.occursOn), gameSeriesSkips.userId]
        : [eq(gameSeriesSkips.userId, of.userId), gameSeriesSkips.occursOn];
    const found = await this.db
      .select({ value: answered })
      .from(gameSeriesSkips)
      .where(and(eq(gameSeriesSkips.seriesId, seriesId), given));
    return new Set(found.map((row) => row.value));
  }

  // Co-hosts

  coHosts(seriesId: string): Promise<SeriesCoHostRow[]> {
    return this.db
      .select()
      .from(gameSeriesCoHosts)
      .where(eq(gameSeriesCoHosts.seriesId, seriesId))
      .orderBy(asc(gameSeriesCoHosts.addedAt), asc(gameSeriesCoHosts.userId));
  }

  /** Which of these series the user co-hosts and which they are a regular of: two statements for a whole page. */
  async membershipsIn(seriesIds: string[], userId: string): Promise<{ coHostOf: Set<string>; regularOf: Set<string> }> {
    if (seriesIds.length === 0) return { coHostOf: new Set(), regularOf: new Set() };
    const [coHosts, regulars] = await Promise.all([
      this.db
        .select({ seriesId: gameSeriesCoHosts.seriesId })
        .from(gameSeriesCoHosts)
        .where(and(inAny(gameSeriesCoHosts.seriesId, seriesIds, 'uuid'), eq(gameSeriesCoHosts.userId, userId))),
      this.db
        .select({ seriesId: gameSeriesRegulars.seriesId })
        .from(gameSeriesRegulars)
        .where(and(inAny(gameSeriesRegulars.seriesId, seriesIds, 'uuid'), eq(gameSeriesRegulars.userId, userId))),
    ]);
    return { coHostOf: new Set(coHosts.map((row) => row.seriesId)), regularOf: new Set(regulars.map((row) => row.seriesId)) };
  }

  isCoHost(seriesId: string, userId: string): Promise<boolean> {
    return this.exists(gameSeriesCoHosts, and(eq(gameSeriesCoHosts.seriesId, seriesId), eq(gameSeriesCoHosts.userId, userId)));
  }

  addCoHost(values: SeriesCoHostRow): Promise<SeriesCoHostRow | undefined> {
    return this.insertedIfNew(gameSeriesCoHosts, values);
  }

  async removeCoHost(seriesId: string, userId: string): Promise<boolean> {
    return (await this.deleted(gameSeriesCoHosts, and(eq(gameSeriesCoHosts.seriesId, seriesId), eq(gameSeriesCoHosts.userId, userId)))) !== undefined;
  }

  /** A deleted account: its series end, and it is no one's regular or co-host any more. */
  async forgetUser(userId: string): Promise<void> {
    await this.db.update(gameSeries).set({ status: 'ENDED' }).where(eq(gameSeries.organizerId, userId));
    await this.db.delete(gameSeriesRegulars).where(eq(gameSeriesRegulars.userId, userId));
    await this.db.delete(gameSeriesCoHosts).where(eq(gameSeriesCoHosts.userId, userId));
    await this.db.delete(gameSeriesSkips).where(eq(gameSeriesSkips.userId, userId));
  }

  /** The opened dates on or after `fromDate` whose games are still to come (for an edit or the end). */
  async openedFrom(seriesId: string, fromDate: string): Promise<Array<{ occursOn: string; gameId: string }>> {
    const found = await this.db
      .select({ occursOn: gameSeriesOccurrences.occursOn, gameId: gameSeriesOccurrences.gameId })
      .from(gameSeriesOccurrences)
      .where(and(eq(gameSeriesOccurrences.seriesId, seriesId), eq(gameSeriesOccurrences.state, 'OPENED'), gte(gameSeriesOccurrences.occursOn, fromDate)))
      .orderBy(asc(gameSeriesOccurrences.occursOn));
    return found.flatMap((row) => (row.gameId ? [{ occursOn: row.occursOn, gameId: row.gameId }] : []));
  }
}

/** Inside the account deletion's transaction: the user's series end, and they are no one's regular or co-host. */
export async function forgetSeriesUser(userId: string, executor: Executor): Promise<void> {
  await new SeriesRepository(executor).forgetUser(userId);
}
