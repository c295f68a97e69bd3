/**
 * What the Find journeys start from: an activity with a four-step ladder, three venues at known
 * distances from (1.30, 103.80), and games tomorrow and the day after at 18:00 and later in the
 * service's zone (so they are upcoming whenever the journey runs).
 */
import assert from 'node:assert/strict';
import type { Journey, Person } from './journey.ts';

export const CENTRE = { latitude: 1.3, longitude: 103.8 };
const ZONE = 'Asia/Singapore';

/** The instant of `hh:00` in the service's zone, `days` after today there. */
export function localInstant(days: number, hour: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const day = new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  // Singapore keeps UTC+8 all year.
  return new Date(Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00+08:00`)).toISOString();
}

export const dayName = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(iso));

export interface FindWorld {
  host: Person;
  activityId: string;
  venues: Record<'near' | 'middle' | 'far', string>;
  games: Record<string, string>;
}

export async function findWorld(journey: Journey): Promise<FindWorld> {
  const admin = await journey.person('Ada Admin', { admin: true });
  const ladder = ['Beginner', 'Low Intermediate', 'Intermediate', 'Advanced'].map((name, index) => ({ name, sortOrder: (index + 1) * 10 }));
  const activity = await journey.api<{ id: string; skillLevels: Array<{ id: string; name: string }> }>(admin, 'POST', '/api/v1/admin/activities', {
    name: 'Pickleball',
    skillLevels: ladder,
  });
  assert.equal(activity.status, 201);
  const level = (name: string) => activity.data.skillLevels.find((candidate) => candidate.name === name)!.id;
  const venue = async (name: string, latitude: number, longitude: number) => {
    const made = await journey.api<{ id: string }>(admin, 'POST', '/api/v1/admin/venues', {
      name,
      address: `1 ${name} Road`,
      latitude,
      longitude,
      activityIds: [activity.data.id],
    });
    assert.equal(made.status, 201);
    return made.data.id;
  };
  // About 1.1 km, 3.3 km and 5.6 km from the centre.
  const venues = { near: await venue('Near Court', 1.31, 103.8), middle: await venue('Middle Court', 1.3, 103.83), far: await venue('Far Court', 1.35, 103.8) };
  const host = await journey.person('Hana Host');
  const games: Record<string, string> = {};
  const game = async (title: string, where: keyof typeof venues, days: number, hour: number, from: string, to: string) => {
    const made = await journey.api<{ id: string }>(host, 'POST', '/api/v1/games', {
      activityId: activity.data.id,
      venueId: venues[where],
      skillLevelFromId: level(from),
      skillLevelToId: level(to),
      title,
      currency: 'SGD',
      price: '8',
      slots: 8,
      startTime: localInstant(days, hour),
      endTime: localInstant(days, hour + 1),
      visibility: 'PUBLIC',
      gameType: 'DOUBLE',
      joinAsOrganizer: false,
    });
    assert.equal(made.status, 201, JSON.stringify(made.data));
    games[title] = made.data.id;
  };
  await game('Far social', 'far', 1, 18, 'Beginner', 'Intermediate');
  await game('Middle drills', 'middle', 1, 19, 'Advanced', 'Advanced');
  await game('Near open play', 'near', 1, 20, 'Beginner', 'Advanced');
  await game('Near ladder night', 'near', 2, 18, 'Intermediate', 'Advanced');
  await game('Far weekend', 'far', 2, 19, 'Beginner', 'Beginner');
  return { host, activityId: activity.data.id, venues, games };
}
