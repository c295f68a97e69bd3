import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Router } from './environment.ts';
import type { Fixtures, Session } from './fixtures.ts';
import { dataOf, problemCode, request, TransportError, type HttpAnswer, type RequestOptions } from './http.ts';
import type { ServiceInstance } from './instances.ts';
import type { Outcome, Recorder } from './stats.ts';

type ParticipationState = 'in' | 'out' | 'unknown';

/**
 * What the client was told, kept for the checks after the run:
 * - per (user, game) the last acknowledged participation state (`unknown` once a join or leave got
 *   no clear answer, until a later answer settles it);
 * - every refresh token that was successfully rotated (each must be refused when presented again).
 */
export class Ledger {
  readonly participation = new Map<string, { userId: string; gameId: string; state: ParticipationState }>();
  joins201 = 0;
  joinsAlreadyJoined = 0;
  leaves204 = 0;
  leavesNotParticipant = 0;
  /** an answer that contradicts an earlier acknowledged one (a lost join or leave) */
  readonly contradictions: string[] = [];
  readonly usedTokens = new Set<string>();
  refreshes200 = 0;
  /** a token rotated successfully twice (by two answers) */
  doubleSpends = 0;
  racedPairs = 0;
  racedWins = 0;
  /** refreshes whose answer was lost (503, connection error): the VU signed in again instead */
  refreshesUnsettled = 0;
  remints = 0;

  state(userId: string, gameId: string): ParticipationState {
    return this.participation.get(`${userId}:${gameId}`)?.state ?? 'out';
  }

  settle(userId: string, gameId: string, state: ParticipationState) {
    this.participation.set(`${userId}:${gameId}`, { userId, gameId, state });
  }
}

export interface LoadOptions {
  vus: number;
  /** pause between one VU's requests, uniformly in [min, max] ms */
  thinkMs: [number, number];
  timeoutMs?: number;
  /** relative weights of the operations */
  mix?: Partial<Record<'list' | 'get' | 'joinLeave' | 'refresh' | 'race', number>>;
}

const DEFAULT_MIX = { list: 25, get: 25, joinLeave: 35, refresh: 12, race: 3 };

interface Answered {
  answer?: HttpAnswer;
  outcome: Outcome;
  code?: string;
}

/** `vus` async loops over a steady mix of reads, joins and leaves, refresh rotations and refresh races. */
export class LoadDriver {
  readonly #router: Router;
  readonly #recorder: Recorder;
  readonly #ledger: Ledger;
  readonly #fixtures: Fixtures;
  readonly #options: LoadOptions;
  readonly #mix: Array<[string, number]>;
  #running = false;
  #loops: Array<Promise<void>> = [];

  constructor(deps: { router: Router; recorder: Recorder; ledger: Ledger; fixtures: Fixtures }, options: LoadOptions) {
    this.#router = deps.router;
    this.#recorder = deps.recorder;
    this.#ledger = deps.ledger;
    this.#fixtures = deps.fixtures;
    this.#options = options;
    this.#mix = Object.entries({ ...DEFAULT_MIX, ...options.mix });
  }

  start() {
    if (this.#options.vus > this.#fixtures.players.length) throw new Error('more VUs than players');
    this.#running = true;
    this.#loops = this.#fixtures.players.slice(0, this.#options.vus).map((session, index) => this.#loop(index, { ...session }));
  }

  async stop() {
    this.#running = false;
    await Promise.all(this.#loops);
  }

  async #loop(index: number, initial: Session) {
    const vu = { index, session: initial, needsSession: false };
    let lastMint = 0;
    // Spread the start so the VUs do not move in lock step.
    await sleep(Math.random() * this.#options.thinkMs[1]);
    while (this.#running) {
      try {
        if (vu.needsSession && Date.now() - lastMint >= 1000) {
          // Signing in again at most once a second; meanwhile the access token still works.
          lastMint = Date.now();
          await this.#remint(vu);
        } else {
          let op = this.#choose();
          if (vu.needsSession && (op === 'refresh' || op === 'race')) op = 'list';
          await this.#operation(vu, op);
        }
      } catch (error) {
        // A bug in the driver must not pass for a quiet service.
        console.error(`VU ${index} crashed:`, error);
        this.#recorder.record({ node: '-', op: 'driver', outcome: 'other5xx', code: 'driver_error' }, 0);
      }
      const [min, max] = this.#options.thinkMs;
      await sleep(min + Math.random() * (max - min));
    }
  }

  #choose(): string {
    const total = this.#mix.reduce((sum, [, w]) => sum + w, 0);
    let roll = Math.random() * total;
    for (const [name, weight] of this.#mix) {
      roll -= weight;
      if (roll < 0) return name;
    }
    return this.#mix[0]![0];
  }

  /** Sends one request to `node` (default: the next in rotation), records and classifies it. */
  async #call(op: string, options: RequestOptions, expected4xx: string[], node = this.#router.pick()): Promise<Answered> {
    const started = performance.now();
    let answer: HttpAnswer;
    try {
      answer = await request(node.base, { timeoutMs: this.#options.timeoutMs ?? 10_000, ...options });
    } catch (error) {
      if (!(error instanceof TransportError)) throw error;
      if (error.kind === 'connection') this.#router.markDown(node);
      this.#recorder.record({ node: node.name, op, outcome: error.kind, code: error.code }, performance.now() - started);
      return { outcome: error.kind, code: error.code };
    }
    const code = problemCode(answer);
    let outcome: Outcome;
    if (answer.status >= 200 && answer.status < 300) outcome = 'ok';
    else if (answer.status >= 400 && answer.status < 500) outcome = code && expected4xx.includes(`${answer.status} ${code}`) ? 'expected4xx' : 'unexpected4xx';
    else if (answer.status === 503 && code) outcome = 'unavailable';
    else outcome = 'other5xx';
    this.#recorder.record({ node: node.name, op, outcome, status: answer.status, code }, performance.now() - started);
    return { answer, outcome, code };
  }

  #auth(vu: { session: Session }) {
    return { authorization: `Bearer ${vu.session.accessToken}` };
  }

  async #operation(vu: { index: number; session: Session; needsSession: boolean }, op: string) {
    const games = this.#fixtures.games;
    const game = games[Math.floor(Math.random() * games.length)]!;
    switch (op) {
      case 'list':
        await this.#call('list', { method: 'GET', path: '/api/v1/games?size=20', headers: this.#auth(vu) }, []);
        return;
      case 'get':
        await this.#call('get', { method: 'GET', path: `/api/v1/games/${game.id}`, headers: this.#auth(vu) }, []);
        return;
      case 'joinLeave':
        await this.#joinOrLeave(vu, game.id);
        return;
      case 'refresh':
        await this.#refresh(vu);
        return;
      case 'race':
        await this.#race(vu);
        return;
    }
  }

  async #joinOrLeave(vu: { session: Session }, gameId: string) {
    const ledger = this.#ledger;
    const userId = vu.session.userId;
    const state = ledger.state(userId, gameId);
    const leave = state === 'in' || (state === 'unknown' && Math.random() < 0.5);
    if (leave) {
      const result = await this.#call('leave', { method: 'DELETE', path: `/api/v1/games/${gameId}/participants/me`, headers: this.#auth(vu) }, [
        '404 not_participant',
      ]);
      if (result.answer?.status === 204) {
        ledger.leaves204++;
        ledger.settle(userId, gameId, 'out');
      } else if (result.outcome === 'expected4xx') {
        ledger.leavesNotParticipant++;
        if (state === 'in') ledger.contradictions.push(`leave answered 404 not_participant after an acknowledged join (user ${userId}, game ${gameId})`);
        ledger.settle(userId, gameId, 'out');
      } else {
        ledger.settle(userId, gameId, 'unknown');
      }
      return;
    }
    const result = await this.#call('join', { method: 'POST', path: `/api/v1/games/${gameId}/participants`, headers: this.#auth(vu), body: {} }, [
      '409 already_joined',
    ]);
    if (result.answer?.status === 201) {
      ledger.joins201++;
      ledger.settle(userId, gameId, 'in');
    } else if (result.outcome === 'expected4xx') {
      ledger.joinsAlreadyJoined++;
      if (state === 'out')
        ledger.contradictions.push(`join answered 409 already_joined after an acknowledged leave or none at all (user ${userId}, game ${gameId})`);
      ledger.settle(userId, gameId, 'in');
    } else {
      ledger.settle(userId, gameId, 'unknown');
    }
  }

  #rotated(vu: { session: Session }, token: string, answer: HttpAnswer) {
    const ledger = this.#ledger;
    ledger.refreshes200++;
    if (ledger.usedTokens.has(token)) ledger.doubleSpends++;
    ledger.usedTokens.add(token);
    const pair = dataOf<{ accessToken: string; refreshToken: string }>(answer);
    vu.session = { userId: vu.session.userId, accessToken: pair.accessToken, refreshToken: pair.refreshToken };
  }

  async #refresh(vu: { session: Session; needsSession: boolean }) {
    const token = vu.session.refreshToken;
    const result = await this.#call('refresh', { method: 'POST', path: '/api/v1/auth/refresh', body: { refreshToken: token } }, []);
    if (result.answer?.status === 200) {
      this.#rotated(vu, token, result.answer);
      return;
    }
    // A lost answer may or may not have used the token: sign in again rather than guess.
    if (result.outcome !== 'unexpected4xx') this.#ledger.refreshesUnsettled++;
    vu.needsSession = true;
  }

  /** The same token to two instances at once: at most one may rotate it; the reuse revokes the family. */
  async #race(vu: { session: Session; needsSession: boolean }) {
    const up = this.#router.upInstances();
    if (up.length < 2) return this.#refresh(vu);
    const token = vu.session.refreshToken;
    const send = (node: ServiceInstance) =>
      this.#call('refresh-race', { method: 'POST', path: '/api/v1/auth/refresh', body: { refreshToken: token } }, ['401 invalid_refresh_token'], node);
    const results = await Promise.all([send(up[0]!), send(up[1]!)]);
    const wins = results.filter((r) => r.answer?.status === 200);
    this.#ledger.racedPairs++;
    this.#ledger.racedWins += wins.length;
    for (const win of wins) this.#rotated(vu, token, win.answer!);
    // Either the family is now revoked, or an answer was lost: a new sign-in either way.
    vu.needsSession = true;
  }

  async #remint(vu: { session: Session; needsSession: boolean }) {
    const result = await this.#call('mint', { method: 'POST', path: '/api/v1/auth/dev/tokens', body: { userId: vu.session.userId } }, []);
    if (result.answer?.status === 200) {
      const pair = dataOf<{ accessToken: string; refreshToken: string }>(result.answer);
      vu.session = { userId: vu.session.userId, accessToken: pair.accessToken, refreshToken: pair.refreshToken };
      vu.needsSession = false;
      this.#ledger.remints++;
    }
  }
}

/**
 * After the load: every token that was rotated once is presented again; each must be refused
 * (401 invalid_refresh_token). Returns how many were accepted instead. A 503 is no answer (right
 * after a Sentinel failover the new primary's replica may still be syncing, and single-use checks
 * wait for it): the token is presented again, as a client would, up to ten times.
 */
export async function recheckUsedTokens(
  router: Router,
  ledger: Ledger,
  concurrency = 16,
): Promise<{ checked: number; reusable: number; errors: number; samples: string[] }> {
  const tokens = [...ledger.usedTokens];
  const samples: string[] = [];
  let reusable = 0;
  let errors = 0;
  const wrong = (what: string) => {
    errors++;
    if (samples.length < 5) samples.push(what);
  };
  let next = 0;
  const worker = async () => {
    while (next < tokens.length) {
      const token = tokens[next++]!;
      const node = router.pick();
      try {
        const present = () => request(node.base, { method: 'POST', path: '/api/v1/auth/refresh', body: { refreshToken: token }, timeoutMs: 15_000 });
        let answer = await present();
        for (let attempt = 1; answer.status === 503 && attempt < 10; attempt++) {
          await sleep(500);
          answer = await present();
        }
        if (answer.status === 200) reusable++;
        else if (!(answer.status === 401 && problemCode(answer) === 'invalid_refresh_token')) wrong(`${answer.status} ${problemCode(answer) ?? ''}`);
      } catch (error) {
        wrong(error instanceof Error ? error.message : String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { checked: tokens.length, reusable, errors, samples };
}
