import assert from 'node:assert/strict';
import type { KnownValues } from './schema-arbitrary.ts';
import type { Credentials } from './wire.ts';

/**
 * Real records made through the public API of a running server (internal secret + dev token
 * minting), so that generated ids and codes also reach the deeper layers.
 */
export async function call(base: string, method: string, url: string, options: { token?: string; internal?: string; body?: unknown } = {}) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.internal ? { 'x-internal-secret': options.internal } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  assert.ok(response.status < 300, `${method} ${url} → ${response.status} ${text}`);
  return text ? JSON.parse(text).data : undefined;
}

export async function createFixtures(base: string, internalSecret: string, victimCount: number): Promise<{ known: KnownValues; credentials: Credentials }> {
  const newUser = async (name: string, admin = false): Promise<{ id: string; token: string }> => {
    const { id } = await call(base, 'POST', '/api/v1/internal/users', {
      internal: internalSecret,
      body: { authProvider: 'social', subject: `fuzz-${name}-${Date.now()}`, name },
    });
    if (admin) await call(base, 'PUT', `/api/v1/internal/users/${id}/roles`, { internal: internalSecret, body: { roles: ['ADMIN'] } });
    const { accessToken } = await call(base, 'POST', '/api/v1/auth/dev/tokens', { body: { userId: id } });
    return { id, token: accessToken };
  };
  const user = await newUser('Fuzz User');
  const admin = await newUser('Fuzz Admin', true);
  const player = await newUser('Fuzz Player');
  const victims = await Promise.all(Array.from({ length: victimCount }, (_, i) => newUser(`Victim ${i}`)));
  const activity = await call(base, 'POST', '/api/v1/admin/activities', {
    token: admin.token,
    body: {
      name: 'Fuzzminton',
      skillLevels: [
        { name: 'Beginner', sortOrder: 1 },
        { name: 'Intermediate', sortOrder: 2 },
        { name: 'Pro', sortOrder: 3 },
      ],
    },
  });
  const levels: string[] = activity.skillLevels.map((level: { id: string }) => level.id);
  const venue = await call(base, 'POST', '/api/v1/admin/venues', {
    token: admin.token,
    body: {
      name: 'Fuzz Hall',
      address: '1 Fuzz Road',
      latitude: 1.35,
      longitude: 103.85,
      activityIds: [activity.id],
      stations: [{ code: 'EW8', name: 'Paya Lebar' }],
    },
  });
  const onboarding = {
    name: 'Fuzzer',
    contactMethods: [{ name: 'telegram', value: 'fuzzer' }],
    skillLevels: [{ activityId: activity.id, skillLevelId: levels[0] }],
  };
  await call(base, 'POST', '/api/v1/me', { token: user.token, body: onboarding });
  await call(base, 'POST', '/api/v1/me', { token: player.token, body: { ...onboarding, name: 'Player' } });
  const games: Array<{ id: string; shareLink: { code: string } }> = [];
  for (let i = 0; i < 4; i++) {
    const start = Date.now() + (3 + i * 2) * 86_400_000;
    games.push(
      await call(base, 'POST', '/api/v1/games', {
        token: user.token,
        body: {
          activityId: activity.id,
          venueId: venue.id,
          skillLevelFromId: levels[0],
          skillLevelToId: levels[2],
          title: `Fuzz game ${i} <b>&</b>`,
          currency: 'SGD',
          price: '8.50',
          slots: 8,
          startTime: new Date(start).toISOString(),
          endTime: new Date(start + 7_200_000).toISOString(),
          visibility: i % 2 ? 'PRIVATE' : 'PUBLIC',
          gameType: 'DOUBLE',
        },
      }),
    );
  }
  await call(base, 'POST', `/api/v1/games/${games[0]!.id}/participants`, { token: player.token });
  await call(base, 'POST', '/api/v1/game-bookmarks', { token: user.token, body: { gameId: games[0]!.id } });
  // Open invitations, so the invitation routes see real ids: one to the fuzzing user (theirs to
  // answer), one from them to the player (someone else's).
  const invitingGame = games[2]!;
  await call(base, 'POST', `/api/v1/games/${invitingGame.id}/co-hosts`, { token: user.token, body: { userId: player.id } });
  const theirs: Array<{ id: string }> = await call(base, 'GET', '/api/v1/me/invitations', { token: player.token });
  const start = Date.now() + 20 * 86_400_000;
  const playerGame = await call(base, 'POST', '/api/v1/games', {
    token: player.token,
    body: {
      activityId: activity.id,
      venueId: venue.id,
      skillLevelFromId: levels[0],
      skillLevelToId: levels[2],
      title: 'Fuzz invitation game',
      currency: 'SGD',
      price: '1',
      slots: 4,
      startTime: new Date(start).toISOString(),
      endTime: new Date(start + 3_600_000).toISOString(),
      visibility: 'PUBLIC',
      gameType: 'DOUBLE',
    },
  });
  await call(base, 'POST', `/api/v1/games/${playerGame.id}/co-hosts`, { token: player.token, body: { userId: user.id } });
  const mine: Array<{ id: string }> = await call(base, 'GET', '/api/v1/me/invitations', { token: user.token });
  const notifications = await call(base, 'GET', '/api/v1/notifications', { token: user.token });
  return {
    known: {
      // The fuzzing user's and admin's own ids stay out: a role change would end the deep coverage.
      uuids: [
        activity.id,
        ...levels,
        venue.id,
        ...games.map((g) => g.id),
        player.id,
        ...victims.slice(0, 1).map((v) => v.id),
        ...notifications.content.map((n: { id: string }) => n.id),
        ...[...theirs, ...mine].map((invitation) => invitation.id),
      ],
      shareCodes: games.map((g) => g.shareLink.code),
      jobNames: ['game-status', 'game-reminders', 'cleanup', 'audit-retention', 'payment-reminders', 'payment-summaries', 'payment-releases'],
    },
    credentials: { userToken: user.token, adminToken: admin.token, adminId: admin.id, internalSecret, victimTokens: victims.map((v) => v.token) },
  };
}
