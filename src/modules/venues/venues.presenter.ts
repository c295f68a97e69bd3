import type { VenueDetails } from './venues.service.ts';

interface PresentedStation {
  name: string;
  lines: Array<{ code: string; name: string; color: string | null; stationNumber: number }>;
}

export function presentVenue({ venue, activityIds, stations }: VenueDetails) {
  return {
    id: venue.id,
    sourceId: venue.sourceId,
    name: venue.name,
    address: venue.address,
    postalCode: venue.postalCode,
    latitude: venue.latitude,
    longitude: venue.longitude,
    activityIds,
    stations: groupStations(stations),
    // Metres are precise enough for a distance; more digits only suggest accuracy the data lacks.
    ...(venue.distanceKm !== undefined ? { distanceKm: Math.round(venue.distanceKm * 1000) / 1000 } : {}),
  };
}

/** Rows come one per station line, stations in the venue's order. */
function groupStations(rows: VenueDetails['stations']): PresentedStation[] {
  const grouped: PresentedStation[] = [];
  for (const row of rows) {
    let station = grouped.at(-1);
    if (!station || station.name !== row.stationName) {
      station = { name: row.stationName, lines: [] };
      grouped.push(station);
    }
    if (row.lineCode !== null && row.lineName !== null && row.stationNumber !== null) {
      station.lines.push({ code: row.lineCode, name: row.lineName, color: row.lineColor, stationNumber: row.stationNumber });
    }
  }
  return grouped;
}
