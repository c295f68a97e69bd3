/**
 * Numbers, money, plurals, distances and day headings through Intl, in the app's one locale and the
 * service's time zone, so a translation changes LOCALE and the string files, never a component.
 */
import { formatDateTime, TIME_ZONE } from '../time';

export const LOCALE = 'en-GB';

const rules = new Intl.PluralRules(LOCALE);
/** plural(3, { one: '# place', other: '# places' }) → "3 places". */
export function plural(count: number, forms: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }): string {
  const form = forms[rules.select(count)] ?? forms.other;
  return form.replace('#', new Intl.NumberFormat(LOCALE).format(count));
}

const moneyFormats = new Map<string, Intl.NumberFormat>();
/** An amount in minor units (cents) → "S$12.50"; zero reads "Free". */
export function money(minor: number, currency = 'SGD', free = 'Free'): string {
  if (minor === 0) return free;
  let format = moneyFormats.get(currency);
  if (!format) moneyFormats.set(currency, (format = new Intl.NumberFormat(LOCALE, { style: 'currency', currency })));
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}

const kilometres = new Intl.NumberFormat(LOCALE, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 });
const metres = new Intl.NumberFormat(LOCALE, { style: 'unit', unit: 'meter', maximumFractionDigits: 0 });
/** 850 → "850 m", 2300 → "2.3 km". */
export const distance = (meters: number) => (meters < 1000 ? metres.format(Math.round(meters / 10) * 10) : kilometres.format(meters / 1000));

const dayKey = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
/** "2026-03-01" for an instant, in the service's zone: the key that groups games by day. */
export const localDay = (iso: string | Date) => dayKey.format(new Date(iso));

const dayName = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long' });
const relativeDay = new Intl.RelativeTimeFormat(LOCALE, { numeric: 'auto' });
/** A day heading: "Today", "Tomorrow", else "Saturday 7 March". */
export function dayHeading(iso: string, now = new Date()): string {
  const days = Math.round((Date.parse(localDay(iso)) - Date.parse(localDay(now))) / 86_400_000);
  if (days === 0 || days === 1) {
    const word = relativeDay.format(days, 'day');
    return word[0]!.toUpperCase() + word.slice(1);
  }
  return dayName.format(new Date(iso));
}

const relative = new Intl.RelativeTimeFormat(LOCALE, { numeric: 'always' });
/** Time left until `iso`: "in 4 minutes", "in 2 hours"; for countdowns and windows. */
export function timeUntil(iso: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 90) return relative.format(seconds, 'second');
  if (abs < 90 * 60) return relative.format(Math.round(seconds / 60), 'minute');
  if (abs < 36 * 3600) return relative.format(Math.round(seconds / 3600), 'hour');
  return relative.format(Math.round(seconds / 86_400), 'day');
}

const list = new Intl.ListFormat(LOCALE, { style: 'long', type: 'conjunction' });
/** A moment with its day and time, in the service's time zone: "Sun 11 Jul, 19:00" (the one format the whole app writes). */
export const moment = formatDateTime;

export const andList = (items: string[]) => list.format(items);
