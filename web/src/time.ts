/** Dates and times in the service's configured zone (APP_TIME_ZONE), which the service writes into the page. */
const configured = document.querySelector('meta[name="app-time-zone"]')?.getAttribute('content') ?? '';
export const TIME_ZONE = /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(configured) ? configured : 'Asia/Singapore';

const dateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});
const timeOnly = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' });

export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
export const formatTime = (iso: string) => timeOnly.format(new Date(iso));
export const formatRange = (start: string, end: string) => `${formatDateTime(start)}–${formatTime(end)}`;

/** The calendar fields of an instant in the app's zone. */
function partsOf(date: Date): Record<string, string> {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  return Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
}

/** "2026-03-01T18:00" as typed in the app's zone → an ISO instant. */
export function zonedToIso(local: string): string {
  const guess = new Date(`${local}:00Z`);
  const parts = partsOf(guess);
  const shown = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute));
  return new Date(guess.getTime() - (shown - guess.getTime())).toISOString();
}

/** An ISO instant → "2026-03-01T18:00" in the app's zone, for a datetime-local input. */
export function isoToZoned(iso: string): string {
  const parts = partsOf(new Date(iso));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}
