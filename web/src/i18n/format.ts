/**
 * Numbers, money, plurals, distances and day headings through Intl, in the app's one locale and the
 * service's time zone, so a translation changes LOCALE and the string files, never a component.
 */
import { formatDateTime, onFirstUse, TIME_ZONE } from '../time';

export const LOCALE = 'en-GB';

// Each formatter is built on first use (onFirstUse): building them all as the app loads cost its first screen.
const rules = onFirstUse(() => new Intl.PluralRules(LOCALE));
const count = onFirstUse(() => new Intl.NumberFormat(LOCALE));
/** plural(3, { one: '# place', other: '# places' }) → "3 places". */
export function plural(n: number, forms: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }): string {
  const form = forms[rules().select(n)] ?? forms.other;
  // Below a thousand a whole number reads the same without grouping, so the number format (the
  // costliest Intl object to build) is left for the pages that show money or large counts.
  return form.replace('#', Number.isInteger(n) && Math.abs(n) < 1000 ? String(n) : count().format(n));
}

const moneyFormats = new Map<string, Intl.NumberFormat>();
/** The currency's format in the app's locale, built once per currency. */
export function currencyFormat(currency: string): Intl.NumberFormat {
  let format = moneyFormats.get(currency);
  if (!format) moneyFormats.set(currency, (format = new Intl.NumberFormat(LOCALE, { style: 'currency', currency })));
  return format;
}

/** An amount in minor units (cents) → "S$12.50"; zero reads "Free". */
export function money(minor: number, currency = 'SGD', free = 'Free'): string {
  if (minor === 0) return free;
  const format = currencyFormat(currency);
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}

const kilometres = onFirstUse(() => new Intl.NumberFormat(LOCALE, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 }));
const metres = onFirstUse(() => new Intl.NumberFormat(LOCALE, { style: 'unit', unit: 'meter', maximumFractionDigits: 0 }));
/** 850 → "850 m", 2300 → "2.3 km". */
export const distance = (meters: number) => (meters < 1000 ? metres().format(Math.round(meters / 10) * 10) : kilometres().format(meters / 1000));

const dayKey = onFirstUse(() => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }));
/** "2026-03-01" for an instant, in the service's zone: the key that groups games by day. */
export const localDay = (iso: string | Date) => dayKey().format(new Date(iso));

const dayName = onFirstUse(() => new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long' }));
const relativeDay = onFirstUse(() => new Intl.RelativeTimeFormat(LOCALE, { numeric: 'auto' }));
/** A day heading: "Today", "Tomorrow", else "Saturday 7 March". */
export function dayHeading(iso: string, now = new Date()): string {
  const days = Math.round((Date.parse(localDay(iso)) - Date.parse(localDay(now))) / 86_400_000);
  if (days === 0 || days === 1) {
    const word = relativeDay().format(days, 'day');
    return word[0]!.toUpperCase() + word.slice(1);
  }
  return dayName().format(new Date(iso));
}

const relative = onFirstUse(() => new Intl.RelativeTimeFormat(LOCALE, { numeric: 'always' }));
/** Time left until `iso`: "in 4 minutes", "in 2 hours"; for countdowns and windows. */
export function timeUntil(iso: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 90) return relative().format(seconds, 'second');
  if (abs < 90 * 60) return relative().format(Math.round(seconds / 60), 'minute');
  if (abs < 36 * 3600) return relative().format(Math.round(seconds / 3600), 'hour');
  return relative().format(Math.round(seconds / 86_400), 'day');
}

const list = onFirstUse(() => new Intl.ListFormat(LOCALE, { style: 'long', type: 'conjunction' }));
/** A moment with its day and time, in the service's time zone: "Sun 11 Jul, 19:00" (the one format the whole app writes). */
export const moment = formatDateTime;

export const andList = (items: string[]) => list().format(items);
