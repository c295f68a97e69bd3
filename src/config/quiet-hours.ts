/** Quiet hours as minutes after local midnight: start inclusive, end exclusive, may span midnight. */
export interface QuietHoursConfig {
  start: number;
  end: number;
}

const RANGE = /^([01][0-9]|2[0-3]):([0-5][0-9])-([01][0-9]|2[0-3]):([0-5][0-9])$/;

/**
 * `HH:mm-HH:mm` in APP_TIME_ZONE (`22:00-08:00` by default), or `off`. Waitlist offers' claim time
 * does not run inside them.
 */
export function parseQuietHours(value: string, refuse: (reason: string) => Error): QuietHoursConfig | undefined {
  if (value.toLowerCase() === 'off') return undefined;
  const match = RANGE.exec(value);
  if (!match) throw refuse('must be HH:mm-HH:mm (such as 22:00-08:00) or off');
  const start = Number(match[1]) * 60 + Number(match[2]);
  const end = Number(match[3]) * 60 + Number(match[4]);
  if (start === end) throw refuse('must have different start and end (or be off)');
  return { start, end };
}
