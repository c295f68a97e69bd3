import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { wallClockAt } from '../../src/platform/local-time.ts';
import type { Backend } from './backends.ts';
import { TestClock } from './clock.ts';
import { createSport, onboardedUser, type Sport } from './games.ts';
import { buildTestApp, runJob, type TestApp } from './test-app.ts';
import { createUser, mintTokens, type TestUser } from './users.ts';

export const ZONE = 'Europe/Berlin';

export interface Occurrence {
  date: string;
  startTime: string;
  state: 'PENDING' | 'OPENED' | 'SKIPPED' | 'CANCELLED';
  gameId: string | null;
  skipping: boolean;
}

/** The wall clock of `instant` in the series' zone, as `YYYY-MM-DD HH:mm`. */
export function local(instant: string | Date): string {
  return wallClockAt(new Date(instant), ZONE).toISOString().slice(0, 16).replace('T', ' ');
}

/** ISO weekday (1 Monday .. 7 Sunday) of a calendar date. */
export const weekday = (date: string) => ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** The calendar date `days` after `date`. */
export const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** One service in Europe/Berlin on an injected clock, a sport, a host, and the calls the series tests make. */
export class SeriesWorld {
  t!: TestApp;
  readonly clock: TestClock;
  sport!: Sport;
  host!: TestUser;
  readonly #users: TestUser[] = [];

  constructor(start: Date) {
    this.clock = new TestClock(start);
  }

  async open(backend: Backend): Promise<void> {
    this.t = await buildTestApp(backend, { APP_TIME_ZONE: ZONE, RATE_LIMIT_PUBLIC_ANON: '100000', RATE_LIMIT_PUBLIC_USER: '100000' }, { clock: this.clock });
    const admin = await createUser(this.t.app, { admin: true });
    this.sport = await createSport(this.t.app, admin, { name: 'Handball' });
    this.host = await this.user('Series Host');
  }

  async user(name: string): Promise<TestUser> {
    const created = await onboardedUser(this.t.app, name);
    this.#users.push(created);
    return created;
  }

  /** Moves the clock; access tokens are checked against it, so everyone gets fresh ones. */
  async advanceDays(days: number): Promise<void> {
    this.clock.advance(days * 86_400);
    for (const who of this.#users) who.auth = { authorization: `Bearer ${(await mintTokens(this.t.app, who.id)).accessToken}` };
  }

  async setClock(date: Date): Promise<void> {
    this.clock.set(date);
    await this.advanceDays(0);
  }

  /** Today's calendar date in the zone. */
  today(): string {
    return local(this.clock.now()).slice(0, 10);
  }

  req(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: TestUser, payload?: object) {
    return this.t.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });
  }

  body(overrides: Record<string, unknown> = {}) {
    return {
      activityId: this.sport.activityId,
      venueId: this.sport.venueId,
      skillLevelFromId: this.sport.levels.beginner,
      skillLevelToId: this.sport.levels.advanced,
      title: 'Thursday handball',
      currency: 'EUR',
      price: '6',
      slots: 4,
      visibility: 'PUBLIC',
      gameType: 'DOUBLE',
      startTime: '19:00',
      durationMinutes: 90,
      openDaysAhead: 7,
      ...overrides,
    };
  }

  async create(overrides: Record<string, unknown>, who = this.host): Promise<{ id: string; [key: string]: unknown }> {
    const response = await this.req('POST', '/api/v1/series', who, this.body(overrides));
    assert.equal(response.statusCode, 201, response.body);
    return response.json().data;
  }

  async occurrences(id: string, who = this.host): Promise<Occurrence[]> {
    const response = await this.req('GET', `/api/v1/series/${id}/occurrences?size=100`, who);
    assert.equal(response.statusCode, 200, response.body);
    return response.json().data.content;
  }

  runJob(): Promise<number> {
    return runJob(this.t.app, 'series-occurrences');
  }

  async game(id: string, who = this.host) {
    const response = await this.req('GET', `/api/v1/games/${id}`, who);
    assert.equal(response.statusCode, 200, response.body);
    return response.json().data as { id: string; title: string | null; status: string; startTime: string; endTime: string; price: string; slots: number };
  }

  async players(gameId: string) {
    const response = await this.req('GET', `/api/v1/games/${gameId}/participants`, this.host);
    assert.equal(response.statusCode, 200, response.body);
    const data = response.json().data;
    return (Array.isArray(data) ? data : data.content) as Array<{ userId: string; status: string }>;
  }

  async told(who: TestUser, type: string) {
    const response = await this.req('GET', '/api/v1/notifications?size=100', who);
    assert.equal(response.statusCode, 200, response.body);
    return (response.json().data.content as Array<{ type: string; resourceId: string; message: string }>).filter((n) => n.type === type);
  }
}

/** A series world for the enclosing `describe`, starting at `start`: opened in `before`, closed in `after`. */
export function seriesWorld(backend: Backend, start: string): SeriesWorld {
  const world = new SeriesWorld(new Date(start));
  before(() => world.open(backend));
  after(() => world.t.close());
  return world;
}
