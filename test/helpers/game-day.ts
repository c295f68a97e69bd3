import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import type { AppOverrides } from '../../src/app.ts';
import type { Backend } from './backends.ts';
import { TestClock } from './clock.ts';
import { createSport, gameBody, onboardedUser, type Game, type Sport } from './games.ts';
import { createUser, mintTokens, type TestUser } from './users.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface BoardMatch {
  id: string;
  round: number;
  court: number;
  status: string;
  sideA: Array<{ userId: string; name: string | null }>;
  sideB: Array<{ userId: string; name: string | null }>;
  reason?: string;
  score: null | { a: number; b: number; state: string; enteredBy: string; changes: Array<{ action: string; a: number | null; b: number | null; by: string }> };
}

/** A game day world: an organiser, players with a place, a clock set around the game's start. */
export class GameDayKit {
  t!: TestApp;
  readonly clock: TestClock;
  host!: TestUser;
  sport!: Sport;
  #days = 0;
  readonly #origin: Date;

  constructor(clock: TestClock) {
    this.clock = clock;
    this.#origin = clock.now();
  }

  /** Builds the app on the kit's clock (and `overrides`), with the organiser and the sport. */
  async setUp(backend: Backend, overrides: AppOverrides = {}) {
    this.t = await buildTestApp(backend, {}, { ...overrides, clock: this.clock });
    this.host = await onboardedUser(this.t.app, 'Host Hana');
    this.sport = await createSport(this.t.app, await createUser(this.t.app, { admin: true }), { name: 'Badminton day' });
  }

  /** Every request carries a token minted now: the clock moves by days. */
  async req(method: 'GET' | 'POST' | 'PUT', url: string, who?: TestUser, payload?: object): Promise<LightMyRequestResponse> {
    const headers = who ? { authorization: `Bearer ${(await mintTokens(this.t.app, who.id)).accessToken}` } : {};
    return this.t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  }

  async ok(method: 'GET' | 'POST' | 'PUT', url: string, who: TestUser, payload?: object, status = 200) {
    const response = await this.req(method, url, who, payload);
    assert.equal(response.statusCode, status, response.body);
    return response.json().data;
  }

  /** A game two days ahead with `count` players who joined; the clock is left at 30 minutes before its start. */
  async gameWithPlayers(count: number, names = 'Player', overrides: Record<string, unknown> = {}): Promise<{ game: Game; players: TestUser[] }> {
    this.#days += 3;
    this.clock.set(new Date(this.#origin.getTime() + this.#days * DAY));
    const body = gameBody(this.sport, this.clock.now(), 48, { slots: 20, selfCheckIn: true, ...overrides });
    const game = await this.ok('POST', '/api/v1/games', this.host, body, 201);
    const players: TestUser[] = [];
    for (let i = 0; i < count; i++) {
      const player = await onboardedUser(this.t.app, `${names} ${String.fromCharCode(65 + i)}`);
      await this.ok('POST', `/api/v1/games/${game.id}/participants`, player, undefined, 201);
      players.push(player);
    }
    this.at(game, -30 * MINUTE);
    return { game, players };
  }

  at(game: Game, offsetMs: number) {
    this.clock.set(new Date(new Date(game.startTime).getTime() + offsetMs));
  }

  /** One after the other, a second apart: the queue follows the order they came. */
  async checkIn(game: Game, players: TestUser[]) {
    for (const player of players) {
      await this.ok('POST', `/api/v1/games/${game.id}/check-in`, player);
      this.clock.set(new Date(this.clock.now().getTime() + 1000));
    }
  }

  open(game: Game, body: object = { courts: 1, format: 'ROTATING_DOUBLES', scoreRule: 'TO_21' }, who = this.host) {
    return this.req('POST', `/api/v1/games/${game.id}/game-day`, who, body);
  }

  board(game: Game, who = this.host) {
    return this.ok('GET', `/api/v1/games/${game.id}/game-day`, who);
  }

  propose(game: Game, who = this.host) {
    return this.req('POST', `/api/v1/games/${game.id}/game-day/rounds`, who);
  }

  start(game: Game, roundId: string, who = this.host) {
    return this.req('POST', `/api/v1/games/${game.id}/game-day/rounds/${roundId}/start`, who);
  }

  /** Proposes and starts the next round; answers its matches. */
  async playRound(game: Game): Promise<BoardMatch[]> {
    const proposed = await this.propose(game);
    assert.equal(proposed.statusCode, 200, proposed.body);
    const started = await this.start(game, proposed.json().data.roundId);
    assert.equal(started.statusCode, 200, started.body);
    return started.json().data.matches;
  }

  score(game: Game, matchId: string, who: TestUser, a: number, b: number) {
    return this.req('PUT', `/api/v1/games/${game.id}/game-day/matches/${matchId}/score`, who, { a, b });
  }
}

/** A game day world for the enclosing `describe`, its clock at `start`: set up in `before`, closed in `after`. */
export function gameDayKit(backend: Backend, start: string, overrides: AppOverrides = {}): GameDayKit {
  const kit = new GameDayKit(new TestClock(new Date(start)));
  before(() => kit.setUp(backend, overrides));
  after(() => kit.t.close());
  return kit;
}

export const MINUTES = MINUTE;
export const sideIds = (side: Array<{ userId: string }>) => side.map((player) => player.userId);
