import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type { FlooderCommand, FlooderReport } from './abuse-flooder.ts';
import type { FakeFcm } from '../test/helpers/fake-fcm.ts';
import { call } from './fuzz/fixtures.ts';

/**
 * The flooding client of issue #31: one user, many targets. While it churns co-hosts over 20
 * targets and spams device registrations as fast as its pacing allows, normal hosts and players
 * join and leave each other's games; their requests and the hosts' pushes are timed, and compared
 * with the same rounds run while nobody floods.
 */
export interface FloodOutcome {
  quiet: { requestsP99: number; pushesP99: number; requestsP50: number };
  flood: { requestsP99: number; pushesP99: number; requestsP50: number };
  /** Requests the flooder made before the measured rounds: its allowance for the window, spent. */
  flooderWarmUp: number;
  normalFailures: number;
  flooderSent: number;
  flooderRefused: number;
  /** The most notifications any target holds about the flooder's game. */
  mostPerTarget: number;
  flooderDevicePushes: number;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
};

export async function floodScenario(base: string, internalSecret: string, fcm: FakeFcm, rounds: number): Promise<FloodOutcome> {
  let userCount = 0;
  const newUser = async (name: string) => {
    const { id } = await call(base, 'POST', '/api/v1/internal/users', {
      internal: internalSecret,
      body: { authProvider: 'social', subject: `flood-${++userCount}-${Date.now()}`, name },
    });
    const { accessToken } = await call(base, 'POST', '/api/v1/auth/dev/tokens', { body: { userId: id } });
    return { id: id as string, token: accessToken as string };
  };
  const activity = (await call(base, 'GET', '/api/v1/activities')).content[0];
  const venue = (await call(base, 'GET', `/api/v1/venues?activityId=${activity.id}`)).content[0];
  const level = activity.skillLevels[0].id;
  let day = 20;
  const host = async (name: string, token: string) => {
    await call(base, 'POST', '/api/v1/me', { token, body: { name, contactMethods: [{ name: 'telegram', value: 'flood' }] } });
    const start = Date.now() + day++ * 86_400_000;
    return call(base, 'POST', '/api/v1/games', {
      token,
      body: {
        activityId: activity.id,
        venueId: venue.id,
        skillLevelFromId: level,
        skillLevelToId: level,
        title: 'Flood test',
        currency: 'SGD',
        price: '5.00',
        slots: 20,
        startTime: new Date(start).toISOString(),
        endTime: new Date(start + 7_200_000).toISOString(),
        visibility: 'PUBLIC',
        gameType: 'DOUBLE',
      },
    }) as Promise<{ id: string }>;
  };

  const flooder = await newUser('Flo Flooder');
  const flooderGame = await host('Flo Flooder', flooder.token);
  const targets = await Promise.all(Array.from({ length: 20 }, (_, i) => newUser(`Target ${i}`)));
  for (const target of targets)
    await call(base, 'POST', '/api/v1/device-tokens', { token: target.token, body: { deviceToken: `target-${target.id}`, platform: 'ANDROID' } });
  const hosts: Array<{ id: string; token: string; game: { id: string } }> = [];
  for (let i = 0; i < 3; i++) {
    const user = await newUser(`Normal host ${i}`);
    const game = await host(`Normal host ${i}`, user.token);
    await call(base, 'POST', '/api/v1/device-tokens', { token: user.token, body: { deviceToken: `host-${user.id}`, platform: 'IOS' } });
    hosts.push({ ...user, game });
  }
  // Fresh players every five rounds: a normal player joins and leaves well within RATE_LIMIT_PARTICIPATION.
  const newPlayers = () => Promise.all(Array.from({ length: 3 }, (_, i) => newUser(`Normal player ${i}`)));

  let normalFailures = 0;
  const timed = async (method: string, url: string, token: string) => {
    const started = performance.now();
    const response = await fetch(`${base}${url}`, { method, headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    if (response.status >= 300) normalFailures += 1;
    return performance.now() - started;
  };
  /** A join then a leave by each player in a host's game; each tells the host, whose push for the join is timed. */
  const normalRound = async (round: number, players: Array<{ id: string; token: string }>, into: { requests: number[]; pushes: number[] }) => {
    for (const [i, player] of players.entries()) {
      const hostOf = hosts[(round + i) % hosts.length]!;
      for (const [method, url] of [
        ['POST', `/api/v1/games/${hostOf.game.id}/participants`],
        ['DELETE', `/api/v1/games/${hostOf.game.id}/participants/me`],
      ] as const) {
        const pushed = () => fcm.delivered.filter((item) => item.token === `host-${hostOf.id}`).length;
        const before = pushed();
        const started = Date.now();
        into.requests.push(await timed(method, url, player.token));
        // The leave right after the join updates the join's notification (one player's acts coalesce),
        // which is pushed once: only the join's push is timed.
        if (method === 'DELETE') continue;
        await fcm.until(() => pushed() > before, 10_000);
        into.pushes.push(fcm.delivered.findLast((item) => item.token === `host-${hostOf.id}`)!.at - started);
      }
    }
  };

  // The flooder runs in a worker thread (abuse-flooder.ts), so its client work does not delay the timing here.
  const flooderThread = new Worker(new URL('./abuse-flooder.ts', import.meta.url), {
    workerData: { base, token: flooder.token, gameId: flooderGame.id, targetIds: targets.map((target) => target.id) },
  });
  let last: FlooderReport = { sent: 0, refused: 0, refusedKinds: [] };
  const tell = (command: FlooderCommand) =>
    new Promise<FlooderReport>((resolve) => {
      flooderThread.once('message', (answer: FlooderReport) => resolve((last = answer)));
      flooderThread.postMessage(command);
    });

  // The flooder first spends its allowance (within its limits it is a user like any other, and its
  // writes cost what anyone's do): the rounds measure what its flood beyond the limits costs others.
  await tell('start');
  while ((await tell('stop')).refusedKinds.length < 2) {
    await tell('start');
    await sleep(100);
  }
  const flooderWarmUp = last.sent;

  // Quiet and flooded rounds alternate, so a loaded machine's drift weighs on both alike.
  const quiet = { requests: [] as number[], pushes: [] as number[] };
  const flood = { requests: [] as number[], pushes: [] as number[] };
  for (let round = 0; round < rounds; round++) {
    // Fresh players for each half: a player's second join of a game within the coalescing window
    // would update their first notification (pushed once), and each stays within RATE_LIMIT_PARTICIPATION.
    await normalRound(round, await newPlayers(), quiet);
    const players = await newPlayers();
    await tell('start');
    await normalRound(round, players, flood);
    await tell('stop');
  }
  const { sent: flooderSent, refused: flooderRefused } = await tell('exit');
  const summary = (samples: { requests: number[]; pushes: number[] }) => ({
    requestsP99: percentile(samples.requests, 0.99),
    pushesP99: percentile(samples.pushes, 0.99),
    requestsP50: percentile(samples.requests, 0.5),
  });

  let mostPerTarget = 0;
  for (const target of targets) {
    const listed = await call(base, 'GET', '/api/v1/notifications?size=100', { token: target.token });
    const about = listed.content.filter((n: { resourceId: string }) => n.resourceId === flooderGame.id).length;
    mostPerTarget = Math.max(mostPerTarget, about);
  }
  return {
    quiet: summary(quiet),
    flood: summary(flood),
    normalFailures,
    flooderWarmUp,
    flooderSent,
    flooderRefused,
    mostPerTarget,
    flooderDevicePushes: fcm.delivered.filter((item) => item.token.startsWith('flooder-')).length,
  };
}
