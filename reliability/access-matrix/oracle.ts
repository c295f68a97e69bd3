import type { Access } from '../../src/modules/access/index.ts';

/**
 * The expected status of every cell, written down from the seed (5.9–5.11, 7) and CONTRACT §3–5,
 * never read off the responses.
 *
 * Principals: `anonymous` (nothing), `owner` (A, who owns the resources in the request), `other`
 * (B, a second live user), `admin` (role ADMIN, not the owner), `internal` (X-Internal-Secret, no
 * token), `bad-token` (a bearer token whose signature does not match: invalid, like an expired one),
 * `coHost` (C, a live user A made co-host of the games the game-management cases use; for anything
 * else C is one more other user). Loopback routes also get `remote-peer` (a non-loopback socket) and `remote-host` (a
 * non-loopback Host header), since their gate is the origin, not a credential.
 */
export type Principal = 'anonymous' | 'owner' | 'other' | 'admin' | 'internal' | 'bad-token' | 'coHost' | 'remote-peer' | 'remote-host';

export const PRINCIPALS: readonly Principal[] = ['anonymous', 'owner', 'other', 'admin', 'internal', 'bad-token', 'coHost'];
export const LOOPBACK_PRINCIPALS: readonly Principal[] = [...PRINCIPALS, 'remote-peer', 'remote-host'];

export const principalsFor = (access: Access) => (access === 'loopback' ? LOOPBACK_PRINCIPALS : PRINCIPALS);

/**
 * What a route does with a caller who passed the gate:
 * - `shared`: the same for everyone (public documents, the caller's own data, writes on the caller's own behalf);
 * - `owner`: only A's request works; anyone else (also without a token) gets 404, never 403 or 200;
 * - `owner-or-admin`: as `owner`, but an admin may too (cancelling and hard-deleting games);
 * - `owner-or-co-host`: as `owner`, but A's co-host may too (seeing and running A's game).
 */
export type Scope = 'shared' | 'owner' | 'owner-or-admin' | 'owner-or-co-host';

/**
 * `pass` lets the request on to the route; a number is the gate's own answer. Seed 5.10: 403 for a
 * missing role; everything else 401. Seed 7 and CONTRACT §3: an invalid token is 401 on public
 * endpoints too; only the sign-in endpoints (how a client replaces a dead token) never read one.
 */
const GATE: Record<Access, Partial<Record<Principal, 'pass' | number>>> = {
  public: { anonymous: 'pass', owner: 'pass', other: 'pass', admin: 'pass', internal: 'pass', 'bad-token': 401, coHost: 'pass' },
  'sign-in': { anonymous: 'pass', owner: 'pass', other: 'pass', admin: 'pass', internal: 'pass', 'bad-token': 'pass', coHost: 'pass' },
  authenticated: { anonymous: 401, owner: 'pass', other: 'pass', admin: 'pass', internal: 401, 'bad-token': 401, coHost: 'pass' },
  admin: { anonymous: 401, owner: 403, other: 403, admin: 'pass', internal: 401, 'bad-token': 401, coHost: 403 },
  internal: { anonymous: 401, owner: 401, other: 401, admin: 401, internal: 'pass', 'bad-token': 401, coHost: 401 },
  // In-process requests come from 127.0.0.1 with Host localhost: loopback, whatever credential they carry.
  loopback: {
    anonymous: 'pass',
    owner: 'pass',
    other: 'pass',
    admin: 'pass',
    internal: 'pass',
    'bad-token': 'pass',
    coHost: 'pass',
    'remote-peer': 401,
    'remote-host': 401,
  },
};

/** `ok` is the route's success status; 404 is "not yours" (seed 7: ownership mismatch answered as 404). */
const SCOPE: Record<Scope, Record<'anonymous' | 'owner' | 'other' | 'admin' | 'internal' | 'bad-token' | 'coHost', 'ok' | 404>> = {
  shared: { anonymous: 'ok', owner: 'ok', other: 'ok', admin: 'ok', internal: 'ok', 'bad-token': 'ok', coHost: 'ok' },
  owner: { anonymous: 404, owner: 'ok', other: 404, admin: 404, internal: 404, 'bad-token': 404, coHost: 404 },
  'owner-or-admin': { anonymous: 404, owner: 'ok', other: 404, admin: 'ok', internal: 404, 'bad-token': 404, coHost: 404 },
  'owner-or-co-host': { anonymous: 404, owner: 'ok', other: 404, admin: 404, internal: 404, 'bad-token': 404, coHost: 'ok' },
};

export function expectedStatus(access: Access, scope: Scope, success: number, principal: Principal): number {
  const gate = GATE[access][principal];
  if (gate === undefined) throw new Error(`no gate entry for ${access} × ${principal}`);
  if (gate !== 'pass') return gate;
  const verdict = principal === 'remote-peer' || principal === 'remote-host' ? 'ok' : SCOPE[scope][principal];
  return verdict === 'ok' ? success : verdict;
}

/** Whether the cell's principal is A, or may act on A's resource (so A's state may change). */
export function mayChangeOwnersState(scope: Scope, principal: Principal): boolean {
  return principal === 'owner' || (scope === 'owner-or-admin' && principal === 'admin') || (scope === 'owner-or-co-host' && principal === 'coHost');
}
