import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, asc, eq, exists, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { type Counted, inAny, Repository } from '../../platform/db/index.ts';
import { stationLines, stations, transitLines, venueActivities, venueStations, venues } from './venues.table.ts';

export type VenueRow = typeof venues.$inferSelect;
export type VenueValues = Pick<typeof venues.$inferInsert, 'sourceId' | 'name' | 'address' | 'postalCode' | 'latitude' | 'longitude'>;

export interface Circle {
  lat: number;
  lng: number;
  radiusKm: number;
}

export interface VenueSummary {
  id: string;
  name: string;
  address: string;
  latitude: number;
  longitude: number;
}

export interface StationLineRow {
  venueId: string;
  stationName: string;
  lineCode: string | null;
  lineName: string | null;
  lineColor: string | null;
  stationNumber: number | null;
}

const EARTH_RADIUS_KM = 6371.0088;
// Keeps multi-row inserts well under PostgreSQL's 65,535 bind parameters.
const CHUNK = 1000;

/**
 * `items` in chunks, with a turn of the event loop between two: a 10,000-row import is dozens of
 * statements, and the embedded database runs them on this thread, so other requests wait otherwise.
 */
async function* chunks<T>(items: T[]): AsyncGenerator<T[]> {
  for (let i = 0; i < items.length; i += CHUNK) {
    if (i > 0) await nextTurn();
    yield items.slice(i, i + CHUNK);
  }
}

/** Great-circle distance from the circle's centre (haversine). */
function distanceKm(circle: Circle): SQL<number> {
  const lat = sql`${circle.lat}::float8`;
  const lng = sql`${circle.lng}::float8`;
  return sql<number>`${EARTH_RADIUS_KM}::float8 * 2 * asin(least(1::float8, sqrt(
    power(sin(radians(${venues.latitude} - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(${venues.latitude})) * power(sin(radians(${venues.longitude} - ${lng}) / 2), 2))))`;
}

/**
 * The smallest latitude/longitude box around the circle, so the (latitude, longitude) index
 * narrows the rows before the exact distance is computed. Near a pole or across the
 * antimeridian the longitude range is left open.
 */
function boundingBox(circle: Circle): SQL {
  const angular = circle.radiusKm / EARTH_RADIUS_KM;
  const latDelta = (angular * 180) / Math.PI;
  const byLatitude = and(gte(venues.latitude, circle.lat - latDelta), lte(venues.latitude, circle.lat + latDelta))!;
  const cosLat = Math.cos((circle.lat * Math.PI) / 180);
  if (Math.sin(angular) >= cosLat) return byLatitude;
  const lngDelta = (Math.asin(Math.sin(angular) / cosLat) * 180) / Math.PI;
  if (circle.lng - lngDelta < -180 || circle.lng + lngDelta > 180) return byLatitude;
  return and(byLatitude, gte(venues.longitude, circle.lng - lngDelta), lte(venues.longitude, circle.lng + lngDelta))!;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export class VenuesRepository extends Repository {
  async page(filter: {
    activityId?: string;
    q?: string;
    circle?: Circle;
    limit: number;
    offset: number;
  }): Promise<Counted<VenueRow & { distanceKm?: number }>> {
    const pattern = filter.q ? `%${escapeLike(filter.q)}%` : undefined;
    const distance = filter.circle ? distanceKm(filter.circle) : undefined;
    const where = and(
      isNull(venues.deletedAt),
      filter.activityId
        ? exists(
            this.db
              .select({ one: sql`1` })
              .from(venueActivities)
              .where(and(eq(venueActivities.venueId, venues.id), eq(venueActivities.activityId, filter.activityId))),
          )
        : undefined,
      pattern ? or(ilike(venues.name, pattern), ilike(venues.address, pattern)) : undefined,
      filter.circle ? boundingBox(filter.circle) : undefined,
      filter.circle && distance ? sql`${distance} <= ${filter.circle.radiusKm}::float8` : undefined,
    );
    const order = distance ? [asc(distance), asc(venues.id)] : [sql`lower(${venues.name})`, asc(venues.id)];
    return this.counted(
      distance
        ? this.db
            .select({ venue: venues, distanceKm: distance })
            .from(venues)
            .where(where)
            .orderBy(...order)
            .limit(filter.limit)
            .offset(filter.offset)
            .then((found) => found.map(({ venue, distanceKm }) => ({ ...venue, distanceKm: Number(distanceKm) })))
        : this.db
            .select()
            .from(venues)
            .where(where)
            .orderBy(...order)
            .limit(filter.limit)
            .offset(filter.offset),
      venues,
      where,
    );
  }

  /** Venues (deleted ones too: games there keep their place) within the circle. */
  async idsWithin(circle: Circle): Promise<string[]> {
    const rows = await this.db
      .select({ id: venues.id })
      .from(venues)
      .where(and(boundingBox(circle), sql`${distanceKm(circle)} <= ${circle.radiusKm}::float8`));
    return rows.map((row) => row.id);
  }

  summariesByIds(ids: string[]): Promise<VenueSummary[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select({ id: venues.id, name: venues.name, address: venues.address, latitude: venues.latitude, longitude: venues.longitude })
      .from(venues)
      .where(inAny(venues.id, ids, 'uuid'))
      .orderBy(sql`lower(${venues.name})`, asc(venues.id));
  }

  findLive(id: string): Promise<VenueRow | undefined> {
    return this.first(venues, and(eq(venues.id, id), isNull(venues.deletedAt)));
  }

  lockLive(id: string): Promise<VenueRow | undefined> {
    return this.first(venues, and(eq(venues.id, id), isNull(venues.deletedAt)), 'update');
  }

  /** Inserts the venues whose sourceId no live venue has; answers the inserted ids in input order (undefined when skipped). */
  async insertNew(values: VenueValues[]): Promise<Array<string | undefined>> {
    const ids: Array<string | undefined> = [];
    for await (const chunk of chunks(values)) {
      const inserted = await this.db
        .insert(venues)
        .values(chunk)
        .onConflictDoNothing({ target: venues.sourceId, where: sql`deleted_at IS NULL` })
        .returning({ id: venues.id, sourceId: venues.sourceId });
      // Without a sourceId nothing conflicts, so those rows come back in input order too.
      const bySource = new Map(inserted.filter((row) => row.sourceId !== null).map((row) => [row.sourceId, row.id]));
      const unsourced = inserted.filter((row) => row.sourceId === null).map((row) => row.id);
      for (const value of chunk) ids.push(value.sourceId ? bySource.get(value.sourceId) : unsourced.shift());
    }
    return ids;
  }

  async update(id: string, values: Partial<VenueValues>): Promise<void> {
    await this.db
      .update(venues)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(venues.id, id));
  }

  async softDelete(id: string): Promise<boolean> {
    const deleted = await this.db
      .update(venues)
      .set({ deletedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(venues.id, id), isNull(venues.deletedAt)))
      .returning({ id: venues.id });
    return deleted.length > 0;
  }

  async everHadVenues(): Promise<boolean> {
    const [row] = await this.db.select({ id: venues.id }).from(venues).limit(1);
    return row !== undefined;
  }

  async usesActivity(activityId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ one: sql`1` })
      .from(venueActivities)
      .innerJoin(venues, eq(venues.id, venueActivities.venueId))
      .where(and(eq(venueActivities.activityId, activityId), isNull(venues.deletedAt)))
      .limit(1);
    return row !== undefined;
  }

  async replaceActivities(venueIds: string[], links: Array<{ venueId: string; activityId: string }>): Promise<void> {
    if (venueIds.length) await this.db.delete(venueActivities).where(inArray(venueActivities.venueId, venueIds));
    for await (const chunk of chunks(links)) await this.db.insert(venueActivities).values(chunk).onConflictDoNothing();
  }

  async replaceStations(venueIds: string[], links: Array<{ venueId: string; stationId: string; position: number }>): Promise<void> {
    if (venueIds.length) await this.db.delete(venueStations).where(inArray(venueStations.venueId, venueIds));
    for await (const chunk of chunks(links)) await this.db.insert(venueStations).values(chunk).onConflictDoNothing();
  }

  /** Station ids by lower-cased name, creating the missing stations. */
  async ensureStations(entries: Array<{ name: string; latitude?: number; longitude?: number }>): Promise<Map<string, string>> {
    for await (const chunk of chunks(entries)) {
      await this.db
        .insert(stations)
        .values(chunk.map((e) => ({ name: e.name, latitude: e.latitude ?? null, longitude: e.longitude ?? null })))
        .onConflictDoNothing();
    }
    const ids = new Map<string, string>();
    for await (const chunk of chunks(entries)) {
      const rows = await this.db
        .select({ id: stations.id, name: stations.name })
        .from(stations)
        .where(
          inArray(
            sql`lower(${stations.name})`,
            chunk.map((e) => e.name.toLowerCase()),
          ),
        );
      for (const row of rows) ids.set(row.name.toLowerCase(), row.id);
    }
    return ids;
  }

  /** Line ids by code, creating the missing lines. */
  async ensureLines(lines: Array<{ code: string; name: string; color: string | null }>): Promise<Map<string, string>> {
    if (lines.length === 0) return new Map();
    await this.db.insert(transitLines).values(lines).onConflictDoNothing();
    const rows = await this.db
      .select({ id: transitLines.id, code: transitLines.code })
      .from(transitLines)
      .where(
        inArray(
          transitLines.code,
          lines.map((line) => line.code),
        ),
      );
    return new Map(rows.map((row) => [row.code, row.id]));
  }

  async linkStationLines(links: Array<{ stationId: string; lineId: string; stationNumber: number }>): Promise<void> {
    for await (const chunk of chunks(links)) await this.db.insert(stationLines).values(chunk).onConflictDoNothing();
  }

  async activitiesOf(venueIds: string[]): Promise<Array<{ venueId: string; activityId: string }>> {
    if (venueIds.length === 0) return [];
    return this.db
      .select()
      .from(venueActivities)
      .where(inAny(venueActivities.venueId, venueIds, 'uuid'))
      .orderBy(asc(venueActivities.venueId), asc(venueActivities.activityId));
  }

  /** Each venue's stations in their given order, one row per station line. */
  async stationsOf(venueIds: string[]): Promise<StationLineRow[]> {
    if (venueIds.length === 0) return [];
    return this.db
      .select({
        venueId: venueStations.venueId,
        stationName: stations.name,
        lineCode: transitLines.code,
        lineName: transitLines.name,
        lineColor: transitLines.color,
        stationNumber: stationLines.stationNumber,
      })
      .from(venueStations)
      .innerJoin(stations, eq(stations.id, venueStations.stationId))
      .leftJoin(stationLines, eq(stationLines.stationId, stations.id))
      .leftJoin(transitLines, eq(transitLines.id, stationLines.lineId))
      .where(inAny(venueStations.venueId, venueIds, 'uuid'))
      .orderBy(asc(venueStations.venueId), asc(venueStations.position), asc(transitLines.code));
  }
}
