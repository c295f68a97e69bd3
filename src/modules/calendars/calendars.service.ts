import { createHash, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../platform/clock.ts';
import type { Database, Executor } from '../../platform/db/index.ts';
import { notFound } from '../../platform/http/errors.ts';
import { randomSecret } from '../../platform/random.ts';
import type { CalendarGames, CalendarGameViews } from './calendars.ports.ts';
import { etagOf, renderCalendar } from './calendars.presenter.ts';
import { CalendarsRepository } from './calendars.repository.ts';

export interface CalendarsDeps {
  db: Database;
  clock: Clock;
  games: CalendarGames;
  views: CalendarGameViews;
  /** The service's public address: feed URLs and event UIDs are made from it. */
  baseUrl: string;
  /** Venues carry no zone of their own: games are in APP_TIME_ZONE. */
  timeZone: string;
}

/** 32 random bytes, base64url: 43 characters. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** A feed shows games that ended at most this long ago, and at most this many. */
const FEED_DAYS = 30;
const FEED_LIMIT = 500;
/** A feed no one has read for this long lapses (a calendar service polls far more often). */
const FEED_IDLE_DAYS = 90;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const feedNotFound = () => notFound('The calendar was not found.', 'calendar_not_found');

export interface Rendered {
  body: string;
  etag: string;
}

/** iCalendar files: one game, or a user's feed behind a secret URL. */
export class CalendarsService {
  readonly #deps: CalendarsDeps;
  readonly #uidDomain: string;

  constructor(deps: CalendarsDeps) {
    this.#deps = deps;
    this.#uidDomain = new URL(deps.baseUrl).hostname;
  }

  /** A new secret feed URL; the previous one stops working. Only the token's hash is kept. */
  async rotate(userId: string): Promise<{ url: string; createdAt: string }> {
    const token = randomSecret(32);
    const now = this.#deps.clock.now();
    await new CalendarsRepository(this.#deps.db).replace(userId, hashOf(token), now);
    return { url: new URL(`/api/v1/calendar/${token}.ics`, this.#deps.baseUrl).toString(), createdAt: now.toISOString() };
  }

  async revoke(userId: string): Promise<void> {
    await new CalendarsRepository(this.#deps.db).remove(userId);
  }

  /** The game as anyone who may see it sees it; 404 otherwise. */
  async game(gameId: string, viewerId: string | null): Promise<Rendered> {
    const { games, views } = this.#deps;
    const [game] = await views.presentMany([gameId], viewerId);
    if (!game) throw notFound('The game was not found.', 'game_not_found');
    const sequence = (await games.sequencesOf([gameId])).get(gameId) ?? 0;
    return this.#render(game.title ?? 'Game', [{ game, sequence, waitlisted: game.viewer?.waitlisted ?? false }], true);
  }

  /** The feed of the token's user: games hosted and joined, cancelled ones as CANCELLED. */
  async feed(token: string): Promise<Rendered> {
    const userId = await this.#owner(token);
    if (!userId) throw feedNotFound();
    const { games, views, clock } = this.#deps;
    const since = new Date(clock.now().getTime() - FEED_DAYS * 86_400_000);
    const listed = await games.calendarOf(userId, since, FEED_LIMIT);
    const presented = new Map(
      (
        await views.presentMany(
          listed.map((entry) => entry.id),
          userId,
        )
      ).map((game) => [game.id, game]),
    );
    const entries = listed.flatMap((entry) => {
      const game = presented.get(entry.id);
      return game ? [{ game, sequence: entry.sequence, waitlisted: entry.waitlisted }] : [];
    });
    return this.#render('My games', entries, false);
  }

  /** A deleted account's feed ends with it. */
  async forgetUser(userId: string, executor: Executor): Promise<void> {
    await new CalendarsRepository(executor).remove(userId);
  }

  async #owner(token: string): Promise<string | undefined> {
    if (!TOKEN.test(token)) return undefined;
    const hash = hashOf(token);
    const now = this.#deps.clock.now();
    // One statement records the use and refuses a lapsed feed, so two polls cannot revive one.
    const row = await new CalendarsRepository(this.#deps.db).use(hash, now, new Date(now.getTime() - FEED_IDLE_DAYS * 86_400_000));
    // The lookup is by hash already; the comparison is constant-time all the same.
    if (!row || !timingSafeEqual(Buffer.from(row.tokenHash), Buffer.from(hash))) return undefined;
    return row.userId;
  }

  #render(name: string, entries: Parameters<typeof renderCalendar>[1], shareLinks: boolean): Rendered {
    const body = renderCalendar(name, entries, { timeZone: this.#deps.timeZone, uidDomain: this.#uidDomain, shareLinks });
    return { body, etag: etagOf(body) };
  }
}
