/**
 * Every operation of the API document that a person or an admin calls is called by the app. The
 * machine ones are set aside by rule below; what is left and not called is listed by name, and the
 * test fails for it. Calls outside the typed client say so in a comment: `@calls POST /api/v1/…`.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import { generateClientSchema } from '../scripts/web-client.ts';

const WEB = path.join(import.meta.dirname, '..', 'web', 'src');

/** Not for people: sign-in redirects and callbacks, service internals, health, docs, keys, feeds and phone-app plumbing. */
const MACHINE = [
  /^\/api\/v1\/internal\//,
  /^\/api\/v1\/auth\/dev\//,
  /^\/api\/v1\/auth\/login\//,
  /^\/callback\//,
  /^\/\.well-known\//,
  /^\/actuator\//,
  /^\/api\/v1\/public\/health$/,
  /^\/v3\//,
  /^\/games\/\{code\}$/,
  /^\/api\/v1\/calendar\/\{token\}\.ics$/,
  /^\/api\/v1\/device-tokens$/,
  /^\/api\/v1\/notifications\/stream$/,
];

/** Operations still waiting for their screen; the list may only shrink. */
const KNOWN_GAPS: string[] = [
  'GET /api/v1/activities/{id}',
  'DELETE /api/v1/admin/activities/{id}',
  'GET /api/v1/admin/attendance-disputes',
  'POST /api/v1/admin/attendance-disputes/{gameId}/{userId}/dismiss',
  'POST /api/v1/admin/attendance-disputes/{gameId}/{userId}/uphold',
  'DELETE /api/v1/admin/games/{id}',
  'POST /api/v1/admin/venues',
  'PUT /api/v1/admin/venues/{id}',
  'DELETE /api/v1/admin/venues/{id}',
  'POST /api/v1/admin/venues/import',
  'GET /api/v1/games/{id}.ics',
  'GET /api/v1/games/{id}/attendance',
  'PUT /api/v1/games/{id}/attendance/{userId}',
  'POST /api/v1/games/{id}/check-in',
  'GET /api/v1/games/{id}/co-hosts',
  'POST /api/v1/games/{id}/co-hosts',
  'DELETE /api/v1/games/{id}/co-hosts/{userId}',
  'POST /api/v1/games/{id}/confirm',
  'DELETE /api/v1/games/{id}/hard',
  'GET /api/v1/games/{id}/join-requests',
  'POST /api/v1/games/{id}/join-requests',
  'POST /api/v1/games/{id}/join-requests/{userId}/approve',
  'POST /api/v1/games/{id}/join-requests/{userId}/decline',
  'DELETE /api/v1/games/{id}/join-requests/me',
  'GET /api/v1/games/{id}/participants/{userId}/reliability',
  'PUT /api/v1/games/{id}/participants/me/guests',
  'PUT /api/v1/games/{id}/rating',
  'GET /api/v1/games/{id}/ratings',
  'POST /api/v1/games/{id}/waitlist-offer/accept',
  'POST /api/v1/games/{id}/waitlist-offer/decline',
  'GET /api/v1/games/filter-options',
  'POST /api/v1/me/attendance/{gameId}/dispute',
  'POST /api/v1/me/calendar',
  'DELETE /api/v1/me/calendar',
  'GET /api/v1/me/invitations',
  'POST /api/v1/me/invitations/{id}/accept',
  'POST /api/v1/me/invitations/{id}/decline',
  'GET /api/v1/me/notification-preferences',
  'PUT /api/v1/me/notification-preferences',
  'GET /api/v1/me/reliability',
  'DELETE /api/v1/notifications/{id}',
  'GET /api/v1/series',
  'POST /api/v1/series',
  'GET /api/v1/series/{id}',
  'DELETE /api/v1/series/{id}',
  'GET /api/v1/series/{id}/co-hosts',
  'POST /api/v1/series/{id}/co-hosts',
  'DELETE /api/v1/series/{id}/co-hosts/{userId}',
  'GET /api/v1/series/{id}/occurrences',
  'PUT /api/v1/series/{id}/occurrences/{date}',
  'DELETE /api/v1/series/{id}/occurrences/{date}',
  'POST /api/v1/series/{id}/occurrences/{date}/skip',
  'GET /api/v1/series/{id}/regulars',
  'POST /api/v1/series/{id}/regulars',
  'DELETE /api/v1/series/{id}/regulars/{userId}',
  'GET /api/v1/share-links/{code}',
  'POST /api/v1/share-links/rotate',
];

function operations(schema: string): string[] {
  const found: string[] = [];
  for (const [, route, body] of schema.matchAll(/^ {4}"(\/[^"]+)": \{([\s\S]*?)\n {4}\};/gm)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch']) {
      if (new RegExp(`\\n {8}${method}: (operations|\\{)`).test(body!)) found.push(`${method.toUpperCase()} ${route}`);
    }
  }
  return found;
}

function calledByApp(): Set<string> {
  const called = new Set<string>();
  const files = readdirSync(WEB, { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file) && !file.endsWith('schema.d.ts'));
  for (const file of files) {
    const source = readFileSync(path.join(WEB, file), 'utf8');
    for (const [, method, route] of source.matchAll(/\bapi\.(GET|PUT|POST|DELETE|PATCH)\(\s*['"`]([^'"`]+)['"`]/g)) called.add(`${method} ${route}`);
    for (const [, method, route] of source.matchAll(/@calls (GET|PUT|POST|DELETE|PATCH) (\S+)/g)) called.add(`${method} ${route}`);
  }
  return called;
}

it('the app calls every operation a person or an admin uses', async () => {
  const wanted = operations(await generateClientSchema()).filter((operation) => !MACHINE.some((rule) => rule.test(operation.split(' ')[1]!)));
  assert.ok(wanted.length > 40, `found ${wanted.length} operations: the document's shape has changed`);
  const called = calledByApp();
  const missing = wanted.filter((operation) => !called.has(operation));
  assert.deepEqual(
    missing.filter((operation) => !KNOWN_GAPS.includes(operation)),
    [],
    'operations no screen calls',
  );
  assert.deepEqual(
    KNOWN_GAPS.filter((operation) => !missing.includes(operation)),
    [],
    'listed as gaps but now called: take them off KNOWN_GAPS',
  );
});
