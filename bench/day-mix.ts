import { mintTokens } from './service.ts';

/**
 * The realistic day's traffic (bench/day.ts): each connection is a visitor going through the web
 * app's screens in a loop, making the calls each screen makes (web/src: Find reads the listing,
 * the activities and the venues; a game page the game, and its participants when signed in; the shell the caller,
 * the unread counts; My games the joined games and invitations; Notifications the list, read-all
 * and the count). Anonymous visitors browse; signed-in ones also join a game and leave it again
 * (their own game, one per connection and step), read their notifications and refresh their token.
 */

export interface DayPlan {
  /** How many of the connections are anonymous visitors; the rest are signed in. */
  anonymous: number;
  /** Listing paths the Find screen asks for (filters and all). */
  listings: string[];
  /** Public games whose pages visitors open. */
  gameIds: string[];
  /** One per signed-in connection: the user and the game they join and leave. */
  sessions: Array<{ userId: string; gameId: string }>;
}

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  refresh?: true;
}

interface Visitor {
  session?: { userId: string; gameId: string; access: string; refresh: string };
  screens: readonly Screen[];
  screen: number;
  queue: Call[];
  joined: boolean;
}

type Screen = 'find' | 'game' | 'open' | 'join' | 'leave' | 'notifications' | 'my-games' | 'refresh';

/** Loops through these; a signed-in visitor's loop holds one join, one leave and one token refresh. */
export const ANONYMOUS_SCREENS: readonly Screen[] = ['find', 'game', 'game', 'find', 'game'];
export const SIGNED_IN_SCREENS: readonly Screen[] = [
  'open',
  'find',
  'game',
  'join',
  'game',
  'notifications',
  'find',
  'game',
  'my-games',
  'leave',
  'game',
  'refresh',
];

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;

function calls(screen: Screen, plan: DayPlan, visitor: Visitor): Call[] {
  const own = visitor.session?.gameId;
  // Who is going is shown to signed-in viewers only (web/src/pages/game/Facts.tsx).
  const game = (id: string): Call[] => [
    { method: 'GET', path: `/api/v1/games/${id}` },
    ...(visitor.session ? [{ method: 'GET' as const, path: `/api/v1/games/${id}/participants` }] : []),
  ];
  switch (screen) {
    case 'find':
      return [
        { method: 'GET', path: pick(plan.listings) },
        { method: 'GET', path: '/api/v1/activities?size=100' },
        { method: 'GET', path: '/api/v1/venues?size=100' },
      ];
    case 'game':
      return game(pick(plan.gameIds));
    case 'open':
      return [
        { method: 'GET', path: '/api/v1/me' },
        { method: 'GET', path: '/api/v1/notifications/unread-count' },
        { method: 'GET', path: '/api/v1/me/chat-unread' },
      ];
    case 'join':
      visitor.joined = true;
      return [{ method: 'POST', path: `/api/v1/games/${own}/participants` }, ...game(own!)];
    case 'leave':
      // A visitor whose loop began between its join and its leave has nothing to leave yet.
      if (!visitor.joined) return game(own!);
      visitor.joined = false;
      return [{ method: 'DELETE', path: `/api/v1/games/${own}/participants/me` }, ...game(own!)];
    case 'notifications':
      return [
        { method: 'GET', path: '/api/v1/notifications?size=20&page=0' },
        { method: 'PUT', path: '/api/v1/notifications/read-all' },
        { method: 'GET', path: '/api/v1/notifications/unread-count' },
      ];
    case 'my-games':
      return [
        { method: 'GET', path: '/api/v1/me/games/joined?size=20' },
        { method: 'GET', path: '/api/v1/me/invitations' },
      ];
    case 'refresh':
      return [{ method: 'POST', path: '/api/v1/auth/refresh', refresh: true }];
  }
}

/** One request as a visitor sends it. */
export interface DayRequest {
  method: Call['method'];
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** A visitor of the day: `next()` is its next call, `answered` takes the answer (a token refresh keeps the new pair). */
export interface DayVisitor {
  next(): DayRequest;
  answered(status: number, body: string): void;
}

/** The plan's visitors, one per connection, each starting somewhere else in its loop so the screens are spread over them. */
export async function dayVisitors(plan: DayPlan, url: string, count: number): Promise<DayVisitor[]> {
  const sessions = await Promise.all(
    plan.sessions.map(async (s) => {
      const tokens = await mintTokens(url, s.userId);
      return { ...s, access: tokens.accessToken, refresh: tokens.refreshToken };
    }),
  );
  return Array.from({ length: count }, (_, index) => {
    const session = index < plan.anonymous ? undefined : sessions.pop();
    const screens = session ? SIGNED_IN_SCREENS : ANONYMOUS_SCREENS;
    const v: Visitor = { session, screens, screen: (index * 5) % screens.length, queue: [], joined: false };
    let call: Call | undefined;
    return {
      next() {
        while (v.queue.length === 0) v.queue = calls(v.screens[v.screen++ % v.screens.length]!, plan, v);
        call = v.queue.shift()!;
        const headers: Record<string, string> = v.session && !call.refresh ? { authorization: `Bearer ${v.session.access}` } : {};
        if (!call.refresh) return { method: call.method, path: call.path, headers };
        return {
          method: call.method,
          path: call.path,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ refreshToken: v.session!.refresh }),
        };
      },
      answered(status, body) {
        if (!call?.refresh || status !== 200 || !v.session) return;
        const pair = JSON.parse(body) as { accessToken: string; refreshToken: string };
        v.session.access = pair.accessToken;
        v.session.refresh = pair.refreshToken;
      },
    };
  });
}
