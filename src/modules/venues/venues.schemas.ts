import { Type, type Static } from 'typebox';
import { FreeText, NameText } from '../../platform/http/text.ts';

export const STATION_CODE = '^[A-Z]{2,3}[0-9]{1,3}$';
const Uuid = Type.String({ format: 'uuid' });
const Latitude = Type.Number({ minimum: -90, maximum: 90 });
const Longitude = Type.Number({ minimum: -180, maximum: 180 });

export const StationInput = Type.Object({
  code: Type.String({ pattern: STATION_CODE, description: 'A station code: line code and number, like EW8' }),
  name: NameText({ maxLength: 100 }),
  color: Type.Optional(Type.String({ pattern: '^#[0-9A-Fa-f]{6}$', description: "The line's colour as #RRGGBB" })),
  latitude: Type.Optional(Latitude),
  longitude: Type.Optional(Longitude),
});

const fields = {
  sourceId: Type.String({ maxLength: 100, pattern: '\\S', description: 'Not blank' }),
  name: NameText({ maxLength: 200 }),
  address: FreeText({ maxLength: 500 }),
  postalCode: Type.String({ minLength: 1, maxLength: 20 }),
  latitude: Latitude,
  longitude: Longitude,
  activityIds: Type.Array(Uuid, { maxItems: 20, uniqueItems: true }),
  stations: Type.Array(StationInput, { maxItems: 20 }),
};

export const CreateVenueBody = Type.Object({
  sourceId: Type.Optional(fields.sourceId),
  name: fields.name,
  address: fields.address,
  postalCode: Type.Optional(fields.postalCode),
  latitude: fields.latitude,
  longitude: fields.longitude,
  activityIds: fields.activityIds,
  stations: Type.Optional(fields.stations),
});
export type VenueInput = Static<typeof CreateVenueBody>;

/** A patch: what is present replaces, what is absent stays; null clears the optional fields. */
export const UpdateVenueBody = Type.Object({
  sourceId: Type.Optional(Type.Union([fields.sourceId, Type.Null()])),
  name: Type.Optional(fields.name),
  address: Type.Optional(fields.address),
  postalCode: Type.Optional(Type.Union([fields.postalCode, Type.Null()])),
  latitude: Type.Optional(fields.latitude),
  longitude: Type.Optional(fields.longitude),
  activityIds: Type.Optional(fields.activityIds),
  stations: Type.Optional(fields.stations),
});
export type VenuePatch = Static<typeof UpdateVenueBody>;

/**
 * An import row: a create body whose sourceId is required, since imports are idempotent by it; its
 * activities may be named (`activities`, any case) instead of, or as well as, given by id.
 */
export const ImportRow = Type.Object({
  ...CreateVenueBody.properties,
  sourceId: fields.sourceId,
  activityIds: Type.Optional(fields.activityIds),
  activities: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 20, description: 'Activity names, any case' })),
});
export type ImportRowInput = Static<typeof ImportRow>;

export const VenuesQuery = Type.Object({
  activityId: Type.Optional(Uuid),
  q: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Matches name or address, any case' })),
  lat: Type.Optional(Latitude),
  lng: Type.Optional(Longitude),
  radiusKm: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 50 })),
});
export type VenuesFilter = Static<typeof VenuesQuery>;

export const Venue = Type.Object({
  id: Uuid,
  sourceId: Type.Union([Type.String(), Type.Null()]),
  name: Type.String(),
  address: Type.String(),
  postalCode: Type.Union([Type.String(), Type.Null()]),
  latitude: Type.Number(),
  longitude: Type.Number(),
  activityIds: Type.Array(Uuid),
  stations: Type.Array(
    Type.Object({
      name: Type.String(),
      lines: Type.Array(
        Type.Object({
          code: Type.String(),
          name: Type.String(),
          color: Type.Union([Type.String(), Type.Null()]),
          stationNumber: Type.Integer(),
        }),
      ),
    }),
  ),
  distanceKm: Type.Optional(Type.Number({ description: 'Present on radius searches' })),
});

export const ImportUpload = Type.Object({
  file: Type.String({
    format: 'binary',
    description:
      'A JSON array of venues, or CSV with the header sourceId,name,address,postalCode,latitude,longitude,activities,stations (activities by name, or a column activityIds by id; lists separated by ";")',
  }),
});

export const ImportResult = Type.Object({ imported: Type.Integer(), skipped: Type.Integer() });

export const VenueIdParams = Type.Object({ id: Uuid });
