import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import type { Access } from '../../src/modules/access/index.ts';
import { INTERNAL_SECRET } from '../../test/helpers/test-app.ts';
import { expectedStatus, mayChangeOwnersState, principalsFor, type Principal, type Scope } from './oracle.ts';
import type { CellResponse, Prepared, RouteCase } from './route-case.ts';
import { ROUTE_CASES } from './routes.ts';
import { UNROUTED, unroutedRoute } from './unrouted.ts';
import type { World } from './world.ts';

export interface MatrixRoute {
  method: string;
  url: string;
  access: Access;
  /** The entry in ROUTE_CASES that builds its requests (HEAD borrows GET's). */
  key: string;
}

export interface CellResult {
  method: string;
  url: string;
  label: string;
  access: Access;
  scope: Scope;
  principal: Principal;
  expected: number;
  actual: number;
  problems: string[];
}

const keyOf = (method: string, url: string) => `${method} ${url}`;

/** The matrix's rows: every (method, route) the app registered, joined with its policy entry. */
export function matrixRoutes(app: FastifyInstance): { routes: MatrixRoute[]; missing: string[]; stale: string[] } {
  const seen = new Set<string>();
  const routes: MatrixRoute[] = [];
  const missing: string[] = [];
  for (const route of app.routePolicies) {
    const own = keyOf(route.method, route.url);
    if (seen.has(own)) continue;
    seen.add(own);
    const key = route.method === 'HEAD' ? keyOf('GET', route.url) : own;
    if (!ROUTE_CASES[key]) missing.push(own);
    routes.push({ method: route.method, url: route.url, access: route.policy.access, key });
  }
  const used = new Set(routes.map((route) => route.key));
  const stale = Object.keys(ROUTE_CASES).filter((key) => !used.has(key));
  return { routes, missing, stale };
}

function credentials(world: World, principal: Principal, prepared: Prepared): { headers: Record<string, string>; remoteAddress?: string } {
  switch (principal) {
    case 'anonymous':
      return { headers: {} };
    case 'internal':
      return { headers: { 'x-internal-secret': INTERNAL_SECRET } };
    case 'bad-token':
      return { headers: { authorization: `Bearer ${world.badToken}` } };
    case 'remote-peer':
      return { headers: {}, remoteAddress: '203.0.113.7' };
    case 'remote-host':
      return { headers: { host: 'api.example.com' } };
    default:
      return { headers: (prepared.caller ?? world[principal]).auth };
  }
}

/** Reads a streamed body for a while (never to its end: an event stream does not end). */
async function readFor(response: Response, stream: Prepared['stream']): Promise<string> {
  if (!stream || !response.body) return '';
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const deadline = Date.now() + stream.readMs;
  let text = '';
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0 || (stream.until && text.includes(stream.until))) break;
    let timer: NodeJS.Timeout | undefined;
    const chunk = await Promise.race([
      reader.read(),
      new Promise<{ done: true; value: undefined }>((resolve) => {
        timer = setTimeout(() => resolve({ done: true, value: undefined }), left);
      }),
    ]);
    clearTimeout(timer);
    if (chunk.done) break;
    text += chunk.value;
  }
  await reader.cancel().catch(() => undefined);
  return text;
}

async function send(world: World, method: string, transport: RouteCase['transport'], prepared: Prepared, principal: Principal): Promise<CellResponse> {
  const { headers: auth, remoteAddress } = credentials(world, principal, prepared);
  const headers = { ...prepared.headers, ...auth };
  if (transport === 'http' && method === 'GET') {
    const abort = new AbortController();
    const response = await fetch(new URL(prepared.url, world.baseUrl), { method, headers, signal: abort.signal });
    const body = response.ok ? await readFor(response, prepared.stream) : await response.text();
    abort.abort();
    return { status: response.status, headers: Object.fromEntries(response.headers), body };
  }
  const payload = prepared.payload as object | undefined;
  const response = await world.app.inject({ method: method as 'GET', url: prepared.url, headers, payload, ...(remoteAddress ? { remoteAddress } : {}) });
  return { status: response.statusCode, headers: response.headers, body: response.body };
}

/** The same request for an id nobody has: its 404 must read exactly like the 404 for A's resource. */
async function sameAsMissing(
  world: World,
  route: MatrixRoute,
  routeCase: RouteCase,
  prepared: Prepared,
  principal: Principal,
  response: CellResponse,
): Promise<string[]> {
  const swap = (text: string) => text.replaceAll(prepared.resourceId!, randomUUID());
  const missing = await send(
    world,
    route.method,
    routeCase.transport,
    {
      ...prepared,
      url: swap(prepared.url),
      payload: prepared.payload === undefined ? undefined : JSON.parse(swap(JSON.stringify(prepared.payload))),
    },
    principal,
  );
  const gist = (r: CellResponse) => {
    const { status, code, detail } = JSON.parse(r.body) as { status: number; code?: string; detail?: string };
    return { status, code, detail };
  };
  if (missing.status !== 404) return [`a missing id answers ${missing.status}, not 404`];
  const [theirs, none] = [gist(response), gist(missing)];
  return isDeepStrictEqual(theirs, none) ? [] : [`tells A's resource from a missing one: ${JSON.stringify(theirs)} vs ${JSON.stringify(none)}`];
}

const describeError = (error: unknown) => (error instanceof Error ? error.message.split('\n')[0]! : String(error));

/** The answer's shape for a refusal: a problem detail, 401 with its challenge, 403 as `forbidden`. */
function refusalProblems(response: CellResponse, method: string): string[] {
  const problems: string[] = [];
  const type = String(response.headers['content-type'] ?? '');
  if (!type.startsWith('application/problem+json') && !type.startsWith('text/html')) problems.push(`content-type ${type}`);
  if (response.status === 401 && response.headers['www-authenticate'] !== 'Bearer') problems.push('401 without WWW-Authenticate: Bearer');
  if (response.status === 403 && method !== 'HEAD' && JSON.parse(response.body).code !== 'forbidden')
    problems.push(`403 code ${JSON.parse(response.body).code}`);
  return problems;
}

async function runCell(world: World, route: MatrixRoute, routeCase: RouteCase, principal: Principal): Promise<CellResult> {
  const expected = expectedStatus(route.access, routeCase.scope, routeCase.success, principal);
  const result: CellResult = {
    method: route.method,
    url: route.url,
    label: routeCase.label,
    access: route.access,
    scope: routeCase.scope,
    principal,
    expected,
    actual: 0,
    problems: [],
  };
  let prepared: Prepared;
  try {
    prepared = await routeCase.prepare(world, principal);
  } catch (error) {
    result.problems.push(`fixture failed: ${describeError(error)}`);
    return result;
  }
  // A refused request changes nothing; another user acting for themselves leaves A's state alone.
  const actsForThemselves =
    (principal === 'other' || principal === 'admin' || principal === 'coHost') &&
    ['public', 'sign-in', 'authenticated'].includes(route.access) &&
    !mayChangeOwnersState(routeCase.scope, principal);
  const guarded = prepared.snapshot && (expected >= 400 || actsForThemselves) ? prepared.snapshot : undefined;
  if (routeCase.scope !== 'shared' && !prepared.resourceId) result.problems.push('an owner-scoped case must name its resourceId');
  try {
    const before = guarded ? await guarded() : undefined;
    const response = await send(world, route.method, routeCase.transport, prepared, principal);
    result.actual = response.status;
    if (response.status >= 500) result.problems.push(`server error: ${response.body.slice(0, 200)}`);
    if (response.status !== expected) result.problems.push(`expected ${expected}, got ${response.status}: ${response.body.slice(0, 200)}`);
    else if (expected >= 400) {
      result.problems.push(...refusalProblems(response, route.method));
      // A route whose own answer is a 4xx (an unknown provider, an unrouted path) checks it too.
      if (expected === routeCase.success && route.method !== 'HEAD' && prepared.check) await prepared.check(response, principal);
      if (expected === 404 && prepared.resourceId && route.method !== 'HEAD') {
        result.problems.push(...(await sameAsMissing(world, route, routeCase, prepared, principal, response)));
      }
    } else if (route.method !== 'HEAD' && prepared.check) await prepared.check(response, principal);
    if (guarded) {
      const after = await guarded();
      if (!isDeepStrictEqual(before, after))
        result.problems.push(`changed A's state: ${JSON.stringify(before).slice(0, 160)} → ${JSON.stringify(after).slice(0, 160)}`);
    }
  } catch (error) {
    result.problems.push(describeError(error));
  }
  return result;
}

/** Requests no route answers × every principal: the gate comes before routing. */
export async function runUnrouted(world: World): Promise<CellResult[]> {
  const results: CellResult[] = [];
  for (const kase of UNROUTED) {
    const { routeCase, ...route } = unroutedRoute(kase);
    for (const principal of principalsFor(route.access)) results.push(await runCell(world, route, routeCase, principal));
  }
  return results;
}

/** Every route × case × principal, one after another (cells share the users, never a resource). */
export async function runMatrix(world: World, routes: MatrixRoute[]): Promise<CellResult[]> {
  const results: CellResult[] = [];
  for (const route of routes) {
    for (const routeCase of ROUTE_CASES[route.key] ?? []) {
      for (const principal of principalsFor(route.access)) results.push(await runCell(world, route, routeCase, principal));
    }
  }
  return results;
}
