import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ROUTE_DOCS } from '../src/api-docs.ts';
import { ACTIVITIES_ERRORS } from '../src/modules/activities/index.ts';
import { ATTENDANCE_ERRORS } from '../src/modules/attendance/index.ts';
import { AUTH_ERRORS } from '../src/modules/auth/index.ts';
import { BOOKMARKS_ERRORS } from '../src/modules/bookmarks/index.ts';
import { CALENDARS_ERRORS } from '../src/modules/calendars/index.ts';
import { GAMES_ERRORS } from '../src/modules/games/index.ts';
import { JOBS_ERRORS } from '../src/modules/jobs/index.ts';
import { NOTIFICATIONS_ERRORS } from '../src/modules/notifications/index.ts';
import { PROFILES_ERRORS } from '../src/modules/profiles/index.ts';
import { SHARE_LINKS_ERRORS } from '../src/modules/share-links/index.ts';
import { USERS_ERRORS } from '../src/modules/users/index.ts';
import { VENUES_ERRORS } from '../src/modules/venues/index.ts';
import type { RouteDocsTable } from '../src/platform/http/openapi-document.ts';
import { backends } from './helpers/backends.ts';
import { TestClock } from './helpers/clock.ts';
import { createGame, createSport, gameBody, onboardedUser } from './helpers/games.ts';
import { buildTestApp, INTERNAL_SECRET, type TestApp } from './helpers/test-app.ts';
import { assertProblem } from './helpers/problem.ts';
import { generateSigningJwk } from '../src/modules/tokens/signing-keys.ts';
import { createUser } from './helpers/users.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** Codes every route may answer by its access class, its schemas or the platform (docs/errors.md, first table). */
const PLATFORM_CODES = new Set([
  'validation_failed',
  'invalid_json',
  'payload_too_large',
  'unsupported_media_type',
  'authentication_required',
  'invalid_token',
  'invalid_internal_secret',
  'loopback_only',
  'forbidden',
  'rate_limited',
  'service_unavailable',
  'shutting_down',
  'not_found',
  'method_not_allowed',
  'invalid_request',
  'request_timeout',
  'request_header_too_large',
  'uri_too_long',
  'expectation_failed',
  'request_aborted',
  'internal_error',
]);

/** Each module's folders and the table that documents its routes. */
const MODULE_TABLES: Array<[string[], RouteDocsTable]> = [
  [['activities'], ACTIVITIES_ERRORS],
  [['attendance'], ATTENDANCE_ERRORS],
  [['auth', 'tokens'], AUTH_ERRORS],
  [['bookmarks'], BOOKMARKS_ERRORS],
  [['calendars'], CALENDARS_ERRORS],
  [['games'], GAMES_ERRORS],
  [['jobs'], JOBS_ERRORS],
  [['notifications'], NOTIFICATIONS_ERRORS],
  [['profiles'], PROFILES_ERRORS],
  [['share-links'], SHARE_LINKS_ERRORS],
  [['users', 'internal'], USERS_ERRORS],
  [['venues'], VENUES_ERRORS],
];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.errors.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The codes a module's code can throw: snake_case literals on lines that build an error. */
function thrownCodes(folders: string[]): Set<string> {
  const codes = new Set<string>();
  for (const folder of folders) {
    for (const file of sourceFiles(path.join(ROOT, 'src/modules', folder))) {
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        if (!/(badRequest|conflict|unauthorized|serviceUnavailable|badGateway|notFound|forbidden|AppError|validationFailed)\(/.test(line)) continue;
        for (const [, code] of line.matchAll(/'([a-z]+(?:_[a-z]+)+)'/g)) codes.add(code!);
      }
    }
  }
  return codes;
}

type Doc = {
  paths: Record<string, Record<string, Operation>>;
  tags: Array<{ name: string; description: string }>;
  components: { schemas: Record<string, unknown> };
};
interface Operation {
  operationId: string;
  tags?: string[];
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: { default?: unknown } }>;
  responses: Record<string, Response>;
  security?: unknown[];
}
interface Response {
  content?: Record<string, { schema?: { allOf?: Array<{ $ref?: string; properties?: { code?: { enum?: string[] } } }> } }>;
}

const declaredCodes = (operation: Operation, status: number): string[] =>
  operation.responses[String(status)]?.content?.['application/problem+json']?.schema?.allOf?.[1]?.properties?.code?.enum ?? [];

describe('the API document', () => {
  let t: TestApp;
  let doc: Doc;
  const clock = new TestClock(new Date('2031-08-01T01:00:00Z'));
  /** Every problem detail the app answered in this file, with the route template it answered for. */
  const observed: Array<{ method: string; url: string; status: number; code: string }> = [];

  before(async () => {
    t = await buildTestApp(backends[0]!, {}, { clock });
    doc = (await t.app.inject({ url: '/v3/api-docs' })).json<Doc>();
  });
  after(() => t.close());

  const operations = () =>
    Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops)
        .filter(([m]) => METHODS.includes(m))
        .map(([m, op]) => ({ path: p, method: m, op })),
    );

  it('gives every operation a unique, stable operationId, a tag with a description, a success and its problem responses', () => {
    const ids = new Set<string>();
    for (const { path: p, method, op } of operations()) {
      const where = `${method.toUpperCase()} ${p}`;
      assert.ok(op.operationId && !ids.has(op.operationId), `${where}: operationId`);
      ids.add(op.operationId);
      // The routes that catch an unknown sign-in provider only ever refuse it.
      const onlyRefuses = ['/api/v1/auth/login/{provider}', '/callback/{provider}'].includes(p);
      assert.equal(
        Object.keys(op.responses).some((status) => /^[23]\d\d$/.test(status)),
        !onlyRefuses,
        `${where}: a success response`,
      );
      assert.ok(op.responses['503'], `${where}: 503 when a backing service is down`);
      assert.ok(op.security, `${where}: security`);
      for (const [status, response] of Object.entries(op.responses)) {
        const problem = response.content?.['application/problem+json'];
        if (problem) assert.equal(problem.schema?.allOf?.[0]?.$ref, '#/components/schemas/ProblemDetail', `${where} ${status}`);
      }
    }
    assert.equal(doc.paths['/api/v1/games/{id}']!.get!.operationId, 'getGamesById');
    assert.equal(doc.paths['/api/v1/games/{id}/participants/me']!.delete!.operationId, 'deleteGamesByIdParticipantsMe');
    for (const tag of doc.tags) assert.ok(tag.description && tag.description !== tag.name, `tag ${tag.name} has a description`);
  });

  it('marks parameters required exactly when they are: defaults are optional, the social provider is required', () => {
    for (const { path: p, op } of operations()) {
      for (const parameter of op.parameters ?? []) {
        if (parameter.in === 'path') assert.equal(parameter.required, true, `${p} ${parameter.name}`);
        if (parameter.schema && 'default' in parameter.schema) assert.notEqual(parameter.required, true, `${p} ${parameter.name} has a default`);
      }
    }
    const query = (p: string, name: string) => doc.paths[p]!.get!.parameters!.find((parameter) => parameter.name === name)!;
    assert.notEqual(query('/api/v1/games', 'size').required, true);
    assert.notEqual(query('/api/v1/games', 'includePast').required, true);
    assert.equal(query('/api/v1/auth/login/social', 'provider').required, true);
  });

  it('declares the codes of the access class: 401 for a user route, 403 for an admin route, 429 where rate-limited', () => {
    const me = doc.paths['/api/v1/me']!.get!;
    assert.deepEqual(declaredCodes(me, 401), ['authentication_required', 'invalid_token']);
    assert.deepEqual(declaredCodes(doc.paths['/api/v1/admin/users']!.get!, 403), ['forbidden']);
    assert.deepEqual(declaredCodes(doc.paths['/api/v1/games']!.get!, 429), ['rate_limited']);
    assert.deepEqual(declaredCodes(doc.paths['/api/v1/games/{id}/participants']!.post!, 409), [
      'already_joined',
      'game_not_joinable',
      'approval_required',
      'skill_level_out_of_range',
      'party_does_not_fit',
      'too_many_no_shows',
    ]);
  });

  it("each module's table names only codes the service throws, and every code a module throws is in its table", () => {
    // A route may pass on a code of a module it calls (a bookmark of a missing game is game_not_found).
    const anywhere = thrownCodes(MODULE_TABLES.flatMap(([folders]) => folders));
    for (const [folders, table] of MODULE_TABLES) {
      const thrown = thrownCodes(folders);
      const declared = new Set<string>(Object.values(table).flatMap((docs) => Object.values(docs.errors ?? {}).flatMap((codes) => [...(codes ?? [])])));
      for (const code of declared) assert.ok(anywhere.has(code) || PLATFORM_CODES.has(code), `${folders[0]}: ${code} is declared but never thrown`);
      for (const code of thrown) assert.ok(declared.has(code) || PLATFORM_CODES.has(code), `${folders[0]}: ${code} is thrown but no route declares it`);
    }
    for (const key of Object.keys(ROUTE_DOCS)) {
      const [method, url] = key.split(' ');
      assert.ok(
        t.app.routePolicies.some((route) => route.method === method && route.url === url),
        `${key} is a registered route`,
      );
    }
  });

  it('every code in the document is explained in docs/errors.md', () => {
    const errorsDoc = readFileSync(path.join(ROOT, 'docs/errors.md'), 'utf8');
    const all = new Set([
      ...PLATFORM_CODES,
      ...operations().flatMap(({ op }) => Object.keys(op.responses).flatMap((status) => declaredCodes(op, Number(status)))),
    ]);
    for (const code of all) assert.match(errorsDoc, new RegExp(`\`${code}\``), `${code} in docs/errors.md`);
  });

  it('answers, on real requests, only problems its routes declare', async () => {
    const record = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string> = {}, payload?: unknown) => {
      const response = await t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
      if (response.statusCode >= 400) {
        const route = t.app.routePolicies.find(
          (candidate) =>
            candidate.method === method &&
            t.app.hasRoute({ method, url: candidate.url }) &&
            new RegExp(`^${candidate.url.replace(/:[^/]+/g, '[^/]+')}$`).test(url.split('?')[0]!),
        );
        observed.push({ method, url: route?.url ?? url, status: response.statusCode, code: response.json().code });
      }
      return response;
    };
    const admin = await createUser(t.app, { admin: true });
    const sport = await createSport(t.app, admin, { name: 'Tchoukball' });
    const host = await onboardedUser(t.app, 'Host');
    const player = await createUser(t.app, { name: 'Player' });
    const soon = await createGame(t.app, host, gameBody(sport, clock.now(), 12, { slots: 1 }));
    const game = await createGame(t.app, host, gameBody(sport, clock.now(), 72));
    const missing = '00000000-0000-4000-8000-000000000000';

    await record('POST', `/api/v1/games/${game.id}/participants`);
    await record('GET', '/api/v1/admin/users', player.auth);
    await record('GET', `/api/v1/games/${missing}`);
    await record('GET', '/api/v1/games?cursor=broken');
    await record('GET', '/api/v1/games?gameType=TRIPLE');
    await record('POST', '/api/v1/games', player.auth, gameBody(sport, clock.now()));
    await record('POST', '/api/v1/games', { ...host.auth, 'content-type': 'text/plain' }, 'x');
    await record('POST', `/api/v1/games/${soon.id}/participants`, player.auth);
    await record('POST', `/api/v1/games/${soon.id}/participants`, player.auth);
    await record('DELETE', `/api/v1/games/${soon.id}/participants/me`, player.auth);
    await record('DELETE', `/api/v1/games/${game.id}/participants/me`, player.auth);
    await record('DELETE', `/api/v1/games/${game.id}/participants/${missing}`, host.auth);
    await record('POST', '/api/v1/me', host.auth, { name: 'Again', contactMethods: [{ name: 'telegram', value: '@again' }] });
    await record('POST', '/api/v1/game-bookmarks', player.auth, { gameId: game.id });
    await record('POST', '/api/v1/game-bookmarks', player.auth, { gameId: game.id });
    await record('GET', '/api/v1/share-links/Zz9Zz9Zz');
    await record('POST', '/api/v1/auth/refresh', {}, { refreshToken: 'nope' });
    await record('GET', `/api/v1/activities/${missing}`);
    await record('PUT', `/api/v1/notifications/${missing}/read`, player.auth);
    await record('POST', '/api/v1/internal/jobs/nothing/run');

    assert.ok(observed.length >= 18, JSON.stringify(observed));
    for (const seen of observed) {
      const op = doc.paths[seen.url.replace(/:([^/]+)/g, '{$1}')]?.[seen.method.toLowerCase()];
      assert.ok(op, `${seen.method} ${seen.url} is documented`);
      assert.ok(declaredCodes(op, seen.status).includes(seen.code), `${seen.method} ${seen.url} declares ${seen.status} ${seen.code}`);
    }
  });
});

for (const backend of backends) {
  describe(`operators' endpoints in production (${backend.name})`, () => {
    let t: TestApp;
    const secret = { 'x-internal-secret': INTERNAL_SECRET };

    before(async () => {
      const jwk = await generateSigningJwk();
      t = await buildTestApp(backend, {
        APP_PROFILE: 'production',
        BASE_URL: 'https://api.example.com',
        FRONTEND_CALLBACK_URL: 'https://app.example.com/auth/callback',
        PAYMENTS_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
        JWT_SIGNING_KEYS: JSON.stringify({ keys: [jwk] }),
      });
    });
    after(() => t.close());

    it('keeps build facts and metrics behind the internal secret, and health public', async () => {
      for (const url of ['/actuator/info', '/actuator/prometheus']) {
        assertProblem(await t.app.inject({ url }), 401, 'invalid_internal_secret');
        assertProblem(await t.app.inject({ url, headers: { 'x-internal-secret': 'wrong' } }), 401, 'invalid_internal_secret');
        assert.equal((await t.app.inject({ url, headers: secret })).statusCode, 200, url);
      }
      for (const url of ['/actuator/health', '/actuator/health/liveness', '/actuator/health/readiness', '/api/v1/public/health']) {
        assert.equal((await t.app.inject({ url })).statusCode, 200, url);
      }
    });

    it('leaves admin, internal and development operations out of the public API document, whole with the secret', async () => {
      for (const url of ['/v3/api-docs', '/swagger-ui/json']) {
        const open = (await t.app.inject({ url })).json<Doc>();
        const paths = Object.keys(open.paths);
        assert.ok(paths.includes('/api/v1/games'), url);
        assert.ok(!paths.some((p) => p.startsWith('/api/v1/admin') || p.startsWith('/api/v1/internal') || p.includes('/dev/')), `${url}: ${paths.join(' ')}`);
        const whole = Object.keys((await t.app.inject({ url, headers: secret })).json<Doc>().paths);
        assert.ok(whole.includes('/api/v1/admin/users') && whole.includes('/api/v1/internal/users'), url);
      }
      const yaml = (await t.app.inject({ url: '/swagger-ui/yaml' })).body;
      assert.ok(!yaml.includes('/api/v1/admin/'));
    });
  });
}

for (const backend of backends) {
  describe(`documented statuses against live answers (${backend.name})`, () => {
    let t: TestApp;
    let doc: Doc;

    before(async () => {
      t = await buildTestApp(backend);
      doc = (await t.app.inject({ url: '/v3/api-docs' })).json<Doc>();
    });
    after(() => t.close());

    /** The documented operation a concrete request lands on (the most specific template that matches). */
    const operationOf = (method: string, url: string) => {
      const path = url.split('?')[0]!;
      const templates = Object.keys(doc.paths).filter((template) => new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path));
      const exact = templates.find((template) => template === path) ?? templates.find((template) => !template.includes('{'));
      const template = exact ?? templates[0];
      return template ? { template, op: doc.paths[template]![method.toLowerCase()] } : undefined;
    };

    it('documents the callbacks as redirects, the share page as HTML without a 400, an unknown provider as 400 only', () => {
      for (const path of ['/callback/national', '/callback/social']) {
        const statuses = Object.keys(doc.paths[path]!.get!.responses);
        assert.ok(statuses.includes('302') && !statuses.includes('200'), `${path}: ${statuses.join(' ')}`);
      }
      const page = doc.paths['/games/{code}']!.get!.responses;
      assert.ok(!page['400'], 'the share page never answers 400');
      assert.ok(page['404']?.content?.['text/html'], 'its 404 is an HTML page');
      for (const path of ['/api/v1/auth/login/{provider}', '/callback/{provider}']) {
        const statuses = Object.keys(doc.paths[path]!.get!.responses).filter((status) => !['429', '503'].includes(status));
        assert.deepEqual(statuses, ['400'], path);
      }
    });

    it('answers a sample of live calls only with statuses their operations document', async () => {
      const user = await createUser(t.app);
      const admin = await createUser(t.app, { admin: true });
      const missing = '00000000-0000-4000-8000-000000000000';
      const calls: Array<{ method?: 'GET' | 'POST' | 'DELETE'; url: string; headers?: Record<string, string>; payload?: object }> = [
        { url: '/api/v1/games' },
        { url: '/api/v1/games?cursor=broken' },
        { url: `/api/v1/games/${missing}` },
        { url: '/api/v1/games/filter-options' },
        { url: '/api/v1/activities' },
        { url: `/api/v1/activities/${missing}` },
        { url: '/api/v1/venues?size=0' },
        { url: '/api/v1/venues' },
        { url: '/games/zz' },
        { url: '/games/ABCDEFGH' },
        { url: '/api/v1/share-links/Zz9Zz9Zz' },
        { url: '/api/v1/auth/login/facebook' },
        { url: '/callback/facebook' },
        { url: '/callback/national' },
        { url: '/callback/social?code=a&state=b' },
        { method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: 'nope' } },
        { url: '/api/v1/me' },
        { url: '/api/v1/me', headers: user.auth },
        { url: '/api/v1/me', headers: { authorization: 'Bearer not.a.token' } },
        { url: '/api/v1/notifications', headers: user.auth },
        { url: '/api/v1/game-bookmarks', headers: user.auth },
        { url: '/api/v1/admin/users', headers: user.auth },
        { url: '/api/v1/admin/users', headers: admin.auth },
        { method: 'POST', url: '/api/v1/internal/users', payload: { authProvider: 'social', subject: 'x' } },
        { url: '/.well-known/jwks.json' },
        { url: '/actuator/health' },
        { url: '/api/v1/public/health' },
      ];
      const seen: string[] = [];
      for (const call of calls) {
        const method = call.method ?? 'GET';
        const response = await t.app.inject({ method, url: call.url, headers: call.headers ?? {}, ...(call.payload ? { payload: call.payload } : {}) });
        const found = operationOf(method, call.url);
        assert.ok(found?.op, `${method} ${call.url} is documented`);
        const documented = Object.keys(found.op.responses);
        assert.ok(
          documented.includes(String(response.statusCode)),
          `${method} ${call.url} answered ${response.statusCode}; ${found.template} documents ${documented.join(' ')}`,
        );
        seen.push(`${response.statusCode}`);
      }
      // The sample covers successes and refusals alike.
      for (const status of ['200', '400', '401', '403', '404']) assert.ok(seen.includes(status), status);
    });
  });
}
