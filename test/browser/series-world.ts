/** What the series journeys share: dates in the service's zone, and a series set up through the API. */
import assert from 'node:assert/strict';
import { createSport } from '../helpers/games.ts';
import { createUser } from '../helpers/users.ts';
import type { Journey, Person } from './journey.ts';

const ZONE = 'Asia/Singapore';
const SHORT_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** An activity with a three-level ladder and a venue, made by an administrator. */
export async function seedSport(journey: Journey): Promise<void> {
  await createSport(journey.service.app, await createUser(journey.service.app, { admin: true }), { name: 'Badminton' });
}

/** The calendar date `days` from the journey's now, in the service's zone. */
export function dayFromNow(journey: Journey, days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(journey.clock.now().getTime() + days * 86_400_000));
}

export const isoWeekday = (date: string) => ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
export const shortDay = (date: string) => SHORT_DAYS[isoWeekday(date) - 1]!;

/**
 * Four weekly dates from two days ahead (at 19:00 unless told), opening ten days before: the first two are open
 * games from the start, the last two wait.
 */
export async function weeklySeries(journey: Journey, organiser: Person, title: string, startTime = '19:00'): Promise<{ id: string; first: string }> {
  const first = dayFromNow(journey, 2);
  const activity = (
    await journey.api<{ content: Array<{ id: string; name: string; skillLevels: Array<{ id: string }> }> }>(organiser, 'GET', '/api/v1/activities?size=100')
  ).data.content[0]!;
  const venue = (await journey.api<{ content: Array<{ id: string }> }>(organiser, 'GET', `/api/v1/venues?size=100&activityId=${activity.id}`)).data.content[0]!;
  const created = await journey.api<{ id: string }>(organiser, 'POST', '/api/v1/series', {
    activityId: activity.id,
    venueId: venue.id,
    skillLevelFromId: activity.skillLevels[0]!.id,
    skillLevelToId: activity.skillLevels.at(-1)!.id,
    title,
    currency: 'SGD',
    price: '5',
    slots: 8,
    visibility: 'PUBLIC',
    gameType: 'DOUBLE',
    weekdays: [isoWeekday(first)],
    startTime,
    durationMinutes: 90,
    startsOn: first,
    occurrenceCount: 4,
    openDaysAhead: 10,
    joinAsOrganizer: true,
  });
  assert.equal(created.status, 201, JSON.stringify(created.data));
  return { id: created.data.id, first };
}

/** The series' dates as the API gives them. */
export async function datesOf(journey: Journey, who: Person, id: string) {
  const answer = await journey.api<{ content: Array<{ date: string; state: string; gameId: string | null }> }>(
    who,
    'GET',
    `/api/v1/series/${id}/occurrences?size=100`,
  );
  return answer.data.content;
}
