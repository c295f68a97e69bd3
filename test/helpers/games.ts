import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { createUser, type TestUser } from './users.ts';

export interface Ladder {
  beginner: string;
  intermediate: string;
  advanced: string;
}
export interface Sport {
  activityId: string;
  levels: Ladder;
  venueId: string;
}

/** A user who has completed onboarding, so may host games. */
export async function onboardedUser(app: FastifyInstance, name = 'Player'): Promise<TestUser> {
  const user = await createUser(app);
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/me',
    headers: user.auth,
    payload: { name, contactMethods: [{ name: 'whatsapp', value: '+65 9123 4567' }] },
  });
  assert.equal(response.statusCode, 201, response.body);
  return user;
}

/** An activity with a three-step ladder and a venue offering it. */
export async function createSport(app: FastifyInstance, admin: TestUser, options: { name: string; latitude?: number; longitude?: number }): Promise<Sport> {
  const activity = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/activities',
    headers: admin.auth,
    payload: {
      name: options.name,
      skillLevels: [
        { name: 'Beginner', sortOrder: 1 },
        { name: 'Intermediate', sortOrder: 2 },
        { name: 'Advanced', sortOrder: 3 },
      ],
    },
  });
  assert.equal(activity.statusCode, 201, activity.body);
  const data = activity.json().data as { id: string; skillLevels: Array<{ id: string; name: string }> };
  const level = (name: string) => data.skillLevels.find((l) => l.name === name)!.id;
  const venueId = await createVenue(app, admin, {
    name: `${options.name} Hall`,
    activityIds: [data.id],
    latitude: options.latitude,
    longitude: options.longitude,
  });
  return { activityId: data.id, levels: { beginner: level('Beginner'), intermediate: level('Intermediate'), advanced: level('Advanced') }, venueId };
}

export async function createVenue(
  app: FastifyInstance,
  admin: TestUser,
  options: { name: string; activityIds: string[]; latitude?: number; longitude?: number },
): Promise<string> {
  const venue = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/venues',
    headers: admin.auth,
    payload: {
      name: options.name,
      address: `1 ${options.name} Road`,
      latitude: options.latitude ?? 1.3,
      longitude: options.longitude ?? 103.8,
      activityIds: options.activityIds,
    },
  });
  assert.equal(venue.statusCode, 201, venue.body);
  return venue.json().data.id as string;
}

/** A valid create body starting `startsInHours` after `now`, lasting two hours. */
export function gameBody(sport: Sport, now: Date, startsInHours = 48, overrides: Record<string, unknown> = {}) {
  const start = new Date(now.getTime() + startsInHours * 3_600_000);
  return {
    activityId: sport.activityId,
    venueId: sport.venueId,
    skillLevelFromId: sport.levels.beginner,
    skillLevelToId: sport.levels.advanced,
    title: 'Friendly game',
    description: 'Bring water',
    currency: 'SGD',
    price: '8.5',
    slots: 4,
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
    visibility: 'PUBLIC',
    gameType: 'DOUBLE',
    ...overrides,
  };
}

export async function createGame(app: FastifyInstance, host: TestUser, body: object) {
  const response = await app.inject({ method: 'POST', url: '/api/v1/games', headers: host.auth, payload: body });
  assert.equal(response.statusCode, 201, response.body);
  return response.json().data as Game;
}

export interface Game {
  id: string;
  activity: { id: string; name: string };
  organizer: { id: string; name: string | null };
  venue: { id: string; name: string; address: string; latitude: number; longitude: number };
  skillLevel: { from: { id: string; name: string; sortOrder: number }; to: { id: string; name: string; sortOrder: number } };
  title: string | null;
  description: string | null;
  currency: string;
  price: string;
  slots: number;
  playersJoined: number;
  waitlisted: number;
  startTime: string;
  endTime: string;
  visibility: 'PUBLIC' | 'PRIVATE';
  gameType: 'SINGLE' | 'DOUBLE';
  status: string;
  selfCheckIn: boolean;
  maxRecentNoShows: number | null;
  shareLink?: { code: string; shareUrl: string; webUrl: string; mobileUrl: string };
  viewer?: { joined: boolean; waitlisted: boolean; bookmarked: boolean; isOrganizer: boolean; isCoHost?: boolean };
  createdAt: string;
  updatedAt: string;
}
