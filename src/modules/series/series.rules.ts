import { dayOf, instantAt, weekdayOf } from '../../platform/local-time.ts';
import type { FieldError } from '../../platform/http/errors.ts';

/** The longest a series may run by end date, and the most dates it may count. */
export const MAX_SPAN_DAYS = 730;
export const MAX_OCCURRENCES = 200;

export interface SeriesRule {
  weekdays: number[];
  intervalWeeks: number;
  startsOn: string;
  endsOn: string | null;
  occurrenceCount: number | null;
}

const bodyField = (name: string, message: string): FieldError => ({ field: name, location: 'body', message });

/** The rule's last possible day: its end date, or far enough for its count. */
function lastDayOf(rule: SeriesRule): number {
  const first = dayOf(rule.startsOn);
  return rule.endsOn ? dayOf(rule.endsOn) : first + ((rule.occurrenceCount ?? 0) + 1) * 7 * rule.intervalWeeks;
}

/**
 * The series' dates (day numbers) in order, up to `untilDay`: the chosen weekdays of every
 * `intervalWeeks`-th week (weeks start on Monday, counted from the week of `startsOn`), from
 * `startsOn` on, stopping at the end date or after `occurrenceCount` dates.
 */
export function seriesDays(rule: SeriesRule, untilDay = Number.POSITIVE_INFINITY): number[] {
  const first = dayOf(rule.startsOn);
  const last = Math.min(lastDayOf(rule), untilDay);
  const monday = first - (weekdayOf(first) - 1);
  const days: number[] = [];
  for (let day = first; day <= last; day++) {
    if (rule.occurrenceCount !== null && days.length >= rule.occurrenceCount) break;
    if (Math.floor((day - monday) / 7) % rule.intervalWeeks === 0 && rule.weekdays.includes(weekdayOf(day))) days.push(day);
  }
  return days;
}

/** The start and end of the date's game: the local time on that calendar day in the zone, so 19:00 stays 19:00 across a clock change. */
export function occurrenceTimes(day: number, startMinutes: number, durationMinutes: number, timeZone: string): { startTime: Date; endTime: Date } {
  const startTime = instantAt(day, startMinutes, timeZone);
  return { startTime, endTime: new Date(startTime.getTime() + durationMinutes * 60_000) };
}

/** `HH:mm` → minutes after midnight, and back. */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
export const timeOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A rule must start today or later, end once (a date or a count, not both), within two years. */
export function ruleErrors(rule: SeriesRule, today: number): FieldError[] {
  const errors: FieldError[] = [];
  const first = dayOf(rule.startsOn);
  if (first < today) errors.push(bodyField('startsOn', 'must not be in the past'));
  if ((rule.endsOn === null) === (rule.occurrenceCount === null)) errors.push(bodyField('endsOn', 'give either endsOn or occurrenceCount'));
  if (rule.endsOn !== null && (dayOf(rule.endsOn) < first || dayOf(rule.endsOn) > first + MAX_SPAN_DAYS)) {
    errors.push(bodyField('endsOn', `must lie from startsOn to ${MAX_SPAN_DAYS} days after it`));
  }
  if (new Set(rule.weekdays).size !== rule.weekdays.length) errors.push(bodyField('weekdays', 'must not repeat a day'));
  return errors;
}
