import assert from 'node:assert/strict';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { mintTokens, type TestUser } from './users.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The suite's app, asked for at each request: these helpers may be made while the suite is declared (`() => t.app`). */
type AppOf = () => FastifyInstance;

/** A request to the suite's app as `who`, with the token they hold (anonymous without one); a body only when given. */
export function requestsAs(app: AppOf): (method: Method, url: string, who?: TestUser, payload?: object) => Promise<LightMyRequestResponse> {
  return (method, url, who, payload) => app().inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });
}

/** A request as `who` with an access token minted for it: for suites whose clock outruns the tokens' life. */
export function freshRequestsAs(app: AppOf): (method: Method, url: string, who: TestUser, payload?: object) => Promise<LightMyRequestResponse> {
  return async (method, url, who, payload) => {
    const headers = { authorization: `Bearer ${(await mintTokens(app(), who.id)).accessToken}` };
    return app().inject({ method, url, headers, ...(payload ? { payload } : {}) });
  };
}

/** Reads a game as `who` (anonymous without one), answered 200: its data. */
export function gameReader<G>(app: AppOf): (id: string, who?: TestUser) => Promise<G> {
  const req = requestsAs(app);
  return async (id, who) => {
    const response = await req('GET', `/api/v1/games/${id}`, who);
    assert.equal(response.statusCode, 200, response.body);
    return response.json().data as G;
  };
}
