import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { crossModuleId, generatedId, ownedBy, timestamps, timestamptz } from '../../platform/db/columns.ts';

export const venues = pgTable(
  'venues',
  {
    id: generatedId(),
    sourceId: text('source_id'),
    name: text('name').notNull(),
    address: text('address').notNull(),
    postalCode: text('postal_code'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    ...timestamps(),
    deletedAt: timestamptz('deleted_at'),
  },
  (table) => [
    // Imports are idempotent by sourceId among live venues.
    uniqueIndex('venues_source_id_uq')
      .on(table.sourceId)
      .where(sql`deleted_at IS NULL`),
    // Serves the bounding-box prefilter of radius searches.
    index('venues_lat_lng_idx').on(table.latitude, table.longitude),
    index('venues_name_idx').on(sql`lower(${table.name})`, table.id),
  ],
);

/** activity_id refers to the activities module, which cannot delete an activity a live venue uses. */
export const venueActivities = pgTable(
  'venue_activities',
  {
    venueId: ownedBy('venue_id', () => venues.id),
    activityId: crossModuleId('activity_id'),
  },
  (table) => [primaryKey({ columns: [table.venueId, table.activityId] }), index('venue_activities_activity_idx').on(table.activityId)],
);

export const stations = pgTable(
  'stations',
  {
    id: generatedId(),
    name: text('name').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
  },
  (table) => [
    // One station per name: "Jurong East" of EW24 and of NS1 is one interchange.
    uniqueIndex('stations_name_uq').on(sql`lower(${table.name})`),
  ],
);

export const transitLines = pgTable('transit_lines', {
  id: generatedId(),
  code: text('code').notNull().unique('transit_lines_code_uq'),
  name: text('name').notNull(),
  color: text('color'),
});

export const stationLines = pgTable(
  'station_lines',
  {
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id),
    lineId: uuid('line_id')
      .notNull()
      .references(() => transitLines.id),
    stationNumber: integer('station_number').notNull(),
  },
  (table) => [primaryKey({ columns: [table.stationId, table.lineId] })],
);

export const venueStations = pgTable(
  'venue_stations',
  {
    venueId: ownedBy('venue_id', () => venues.id),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.venueId, table.stationId] }), index('venue_stations_station_idx').on(table.stationId)],
);
