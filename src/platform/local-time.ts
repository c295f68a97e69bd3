/** Wall-clock arithmetic in one IANA time zone, without a date library. */

const formats = new Map<string, Intl.DateTimeFormat>();

function format(timeZone: string): Intl.DateTimeFormat {
  let found = formats.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, found);
  }
  return found;
}

/** The zone's wall clock at `instant`, read as if it were UTC (milliseconds). */
function wallClock(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    format(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  );
  return Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
}

/** The zone's wall clock at `instant` as a Date whose UTC fields read it (for writers that print UTC fields). */
export function wallClockAt(instant: Date, timeZone: string): Date {
  return new Date(wallClock(instant.getTime(), timeZone));
}

/** Days since 1970-01-01 of the zone's calendar date at `instant`. */
export function localDay(instant: Date, timeZone: string): number {
  return Math.floor(wallClock(instant.getTime(), timeZone) / 86_400_000);
}

/** The instant when the zone's clock shows `minutes` after midnight on calendar day `day`. */
export function instantAt(day: number, minutes: number, timeZone: string): Date {
  const wall = day * 86_400_000 + minutes * 60_000;
  const offset = wallClock(wall, timeZone) - wall;
  // Second pass: the offset at the guessed instant, which differs only across a DST change.
  return new Date(wall - (wallClock(wall - offset, timeZone) - (wall - offset)));
}

/** Day number of a `YYYY-MM-DD` calendar date (days since 1970-01-01). */
export function dayOf(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
}

/** The `YYYY-MM-DD` calendar date of a day number. */
export function dateOf(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/** ISO weekday of a day number: 1 (Monday) to 7 (Sunday); day 0 was a Thursday. */
export function weekdayOf(day: number): number {
  return ((day + 3) % 7) + 1;
}
