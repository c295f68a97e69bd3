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
const KNOWN_GAPS: string[] = [];

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
    // A download link (the browser GETs it): its path written as the document writes it.
    for (const [, route] of source.matchAll(/['"](\/api\/v1\/[^'"$]+\.ics)['"]/g)) called.add(`GET ${route}`);
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
