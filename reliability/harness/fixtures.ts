import { randomUUID } from 'node:crypto';
import { dataOf, request, type HttpAnswer, type RequestOptions } from './http.ts';
import { INTERNAL_SECRET } from './environment.ts';

export interface Session {
  userId: string;
  accessToken: string;
  refreshToken: string;
}

export interface Fixtures {
  games: Array<{ id: string; slots: number }>;
  players: Session[];
}

async function expectStatus(base: string, options: RequestOptions, ...statuses: number[]): Promise<HttpAnswer> {
  const answer = await request(base, { timeoutMs: 30_000, ...options });
  if (!statuses.includes(answer.status)) {
    throw new Error(`${options.method} ${options.path}: expected ${statuses.join('/')}, got ${answer.status} ${answer.body.slice(0, 500)}`);
  }
  return answer;
}

export async function mint(base: string, userId: string): Promise<Session> {
  const answer = await expectStatus(base, { method: 'POST', path: '/api/v1/auth/dev/tokens', body: { userId } }, 200);
  const pair = dataOf<{ accessToken: string; refreshToken: string }>(answer);
  return { userId, accessToken: pair.accessToken, refreshToken: pair.refreshToken };
}

/** A user through the internal API (optionally ADMIN), tokens through the dev endpoint, onboarded. */
export async function createSession(base: string, name: string, options: { admin?: boolean } = {}): Promise<Session> {
  const internal = { 'x-internal-secret': INTERNAL_SECRET };
  const created = await expectStatus(
    base,
    {
      method: 'POST',
      path: '/api/v1/internal/users',
      headers: internal,
      body: { authProvider: 'social', subject: `rel-${randomUUID()}`, name },
    },
    200,
    201,
  );
  const userId = dataOf<{ id: string }>(created).id;
  if (options.admin) {
    await expectStatus(base, { method: 'PUT', path: `/api/v1/internal/users/${userId}/roles`, headers: internal, body: { roles: ['ADMIN'] } }, 200);
  }
  const session = await mint(base, userId);
  await expectStatus(
    base,
    {
      method: 'POST',
      path: '/api/v1/me',
      headers: { authorization: `Bearer ${session.accessToken}` },
      body: { name, contactMethods: [{ name: 'whatsapp', value: '+65 9123 4567' }] },
    },
    201,
  );
  return session;
}

async function inBatches<T>(count: number, width: number, make: (index: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let start = 0; start < count; start += width) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(width, count - start) }, (_, k) => make(start + k)))));
  }
  return out;
}

/**
 * An activity, a venue, `games` public games two days ahead (so leaving is allowed) with few slots
 * (so joins contend and the waitlist moves), hosted by a few organisers, and `players` onboarded users.
 */
export async function createFixtures(base: string, options: { games: number; slots: number; players: number; devices?: boolean }): Promise<Fixtures> {
  const admin = await createSession(base, 'Reliability Admin', { admin: true });
  const auth = { authorization: `Bearer ${admin.accessToken}` };
  const activity = await expectStatus(
    base,
    {
      method: 'POST',
      path: '/api/v1/admin/activities',
      headers: auth,
      body: {
        name: `Reliability ${randomUUID().slice(0, 8)}`,
        skillLevels: [
          { name: 'Beginner', sortOrder: 1 },
          { name: 'Advanced', sortOrder: 2 },
        ],
      },
    },
    201,
  );
  const { id: activityId, skillLevels } = dataOf<{ id: string; skillLevels: Array<{ id: string }> }>(activity);
  const venue = await expectStatus(
    base,
    {
      method: 'POST',
      path: '/api/v1/admin/venues',
      headers: auth,
      body: { name: `Reliability Hall ${randomUUID().slice(0, 8)}`, address: '1 Reliability Road', latitude: 1.3, longitude: 103.8, activityIds: [activityId] },
    },
    201,
  );
  const venueId = dataOf<{ id: string }>(venue).id;

  const organisers = await inBatches(4, 4, (i) => createSession(base, `Organiser ${i}`));
  const firstStart = Date.now() + 48 * 3_600_000;
  const games = await inBatches(options.games, 4, async (i) => {
    const organiser = organisers[i % organisers.length]!;
    // Each organiser's games are three hours apart: hosting may not overlap.
    const start = new Date(firstStart + i * 3 * 3_600_000);
    const answer = await expectStatus(
      base,
      {
        method: 'POST',
        path: '/api/v1/games',
        headers: { authorization: `Bearer ${organiser.accessToken}` },
        body: {
          activityId,
          venueId,
          skillLevelFromId: skillLevels[0]!.id,
          skillLevelToId: skillLevels[1]!.id,
          title: `Reliability game ${i}`,
          currency: 'SGD',
          price: '5',
          slots: options.slots,
          startTime: start.toISOString(),
          endTime: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
          visibility: 'PUBLIC',
          gameType: 'DOUBLE',
        },
      },
      201,
    );
    const game = dataOf<{ id: string; slots: number }>(answer);
    return { id: game.id, slots: game.slots };
  });
  const players = await inBatches(options.players, 10, (i) => createSession(base, `Player ${i}`));
  if (options.devices) {
    // One device per organiser and player, so every notification of the run is also a push; all three platforms.
    await inBatches(organisers.length + players.length, 10, (i) => {
      const session = [...organisers, ...players][i]!;
      return expectStatus(
        base,
        {
          method: 'POST',
          path: '/api/v1/device-tokens',
          headers: { authorization: `Bearer ${session.accessToken}` },
          body: { deviceToken: `rel-device-${session.userId}`, platform: (['ANDROID', 'IOS', 'WEB'] as const)[i % 3] },
        },
        201,
      );
    });
  }
  return { games, players };
}
