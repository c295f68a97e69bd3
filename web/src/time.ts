/** Dates and times in the service's configured zone (APP_TIME_ZONE), which the service writes into the page. */
const configured = document.querySelector('meta[name="app-time-zone"]')?.getAttribute('content') ?? '';
export const TIME_ZONE = /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(configured) ? configured : 'Asia/Singapore';

/**
 * `make()` on the first call, then the same value: an Intl formatter costs milliseconds to build (more
 * on a slow phone, and a zone or locale's data loads with the first), so each is built when first
 * asked for, not while the app's first screen is waiting for its code to run.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

const dateTime = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: TIME_ZONE,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    }),
);
const timeOnly = onFirstUse(() => new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' }));

export const formatDateTime = (iso: string) => dateTime().format(new Date(iso));
export const formatTime = (iso: string) => timeOnly().format(new Date(iso));
export const formatRange = (start: string, end: string) => `${formatDateTime(start)}–${formatTime(end)}`;

// Swedish writes dates the ISO way ("2026-03-01 18:00"): the wall-clock time a datetime-local input holds.
const wallClock = onFirstUse(() => new Intl.DateTimeFormat('sv-SE', { timeZone: TIME_ZONE, dateStyle: 'short', timeStyle: 'short' }));

/** An ISO instant → "2026-03-01T18:00" in the app's zone, for a datetime-local input. */
export function isoToZoned(iso: string): string {
  return wallClock().format(new Date(iso)).replace(' ', 'T');
}

/** "2026-03-01T18:00" as typed in the app's zone → an ISO instant. */
export function zonedToIso(local: string): string {
  const guess = new Date(`${local}:00Z`);
  const shown = Date.parse(`${isoToZoned(guess.toISOString())}:00Z`);
  return new Date(guess.getTime() - (shown - guess.getTime())).toISOString();
}
