import fc from 'fast-check';
import { HOSTILE_STRINGS, PATH_TRAVERSAL, hostileString, hostileText, huge, hugeStrings, percentEncode, wrongJson, type HugeString } from './hostile.ts';
import type { JsonSchema, Operation } from './openapi.ts';
import { valid, type KnownValues } from './schema-arbitrary.ts';

/**
 * One generated request, as plain data (so a failing case can be printed and replayed). How it
 * is turned into bytes is `wire.ts`'s job.
 */
export type Auth =
  | 'none'
  | 'user'
  | 'admin'
  | 'cookie'
  | 'internal'
  | 'user+internal'
  | 'garbage-bearer'
  | 'alg-none'
  | 'tampered'
  | 'wrong-secret'
  | 'huge-bearer'
  | 'garbage-cookie'
  | 'basic';

export type Text = { text: string | HugeString; raw?: boolean };

export type Body =
  | { kind: 'json'; value: unknown; contentType?: string }
  | { kind: 'text'; text: string | HugeString; contentType?: string }
  | { kind: 'bytes'; hex: string; contentType?: string }
  /** concatenated pieces, for bodies too big to keep around (deep nesting) */
  | { kind: 'pieces'; pieces: Array<string | HugeString>; contentType?: string }
  | { kind: 'multipart'; field: string; filename: string; file: string | HugeString; boundary?: string; broken?: boolean };

export interface FuzzCase {
  op: number;
  mutation: string;
  method: string;
  auth: Auth;
  /** Replaces the path parameters' values, by name. */
  path: Record<string, Text>;
  /** Replaces the whole path (unknown routes, traversal outside parameters). */
  rawPath?: string;
  query: Array<[string, Text]>;
  headers: Array<[string, string]>;
  body?: Body;
  /** Written by hand on a socket instead of through node:http. */
  raw?: string;
}

const AUTHS_BAD: Auth[] = ['garbage-bearer', 'alg-none', 'tampered', 'huge-bearer', 'garbage-cookie', 'basic', 'wrong-secret'];

function authFor(op: Operation): fc.Arbitrary<Auth> {
  const bad = fc.constantFrom(...AUTHS_BAD);
  switch (op.security) {
    case 'public':
      return fc.oneof(
        { weight: 5, arbitrary: fc.constant<Auth>('none') },
        { weight: 3, arbitrary: fc.constantFrom<Auth>('user', 'cookie', 'admin') },
        { weight: 2, arbitrary: bad },
      );
    case 'user':
      return fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom<Auth>('user', 'cookie') },
        { weight: 1, arbitrary: fc.constant<Auth>('admin') },
        { weight: 1, arbitrary: fc.constant<Auth>('none') },
        { weight: 2, arbitrary: bad },
      );
    case 'admin':
      return fc.oneof(
        { weight: 6, arbitrary: fc.constant<Auth>('admin') },
        { weight: 2, arbitrary: fc.constantFrom<Auth>('user', 'none') },
        { weight: 2, arbitrary: bad },
      );
    case 'internal':
      return fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom<Auth>('internal', 'user+internal') },
        { weight: 1, arbitrary: fc.constant<Auth>('none') },
        { weight: 2, arbitrary: bad },
      );
  }
}

const asText = (value: unknown): Text => ({ text: typeof value === 'string' ? value : (JSON.stringify(value) ?? '') });

/** Schema-valid path and query values (query arrays become repeated parameters). */
function validParams(op: Operation, known: KnownValues): fc.Arbitrary<{ path: Record<string, Text>; query: Array<[string, Text]> }> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  return fc.record({
    path: fc
      .tuple(...pathParams.map((p) => valid(p.schema, known, p.name)))
      .map((values) => Object.fromEntries(pathParams.map((p, i) => [p.name, asText(values[i])]))),
    query: fc.tuple(...queryParams.map((p) => fc.option(valid(p.schema, known, p.name), { freq: p.required ? 10 : 2, nil: undefined }))).map((values) =>
      queryParams.flatMap((p, i): Array<[string, Text]> => {
        const value = values[i];
        if (value === undefined) return [];
        return Array.isArray(value) ? value.map((item) => [p.name, asText(item)]) : [[p.name, asText(value)]];
      }),
    ),
  });
}

/** Every property path in a schema (`contactMethods.0.value`), to aim a mutation at. */
function fieldPaths(schema: JsonSchema, prefix: string[] = [], depth = 0): string[][] {
  if (depth > 4) return [];
  const out: string[][] = [];
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const [key, property] of Object.entries(properties)) {
    out.push([...prefix, key]);
    out.push(...fieldPaths(property, [...prefix, key], depth + 1));
  }
  if (schema.type === 'array' && schema.items) {
    out.push([...prefix, '0']);
    out.push(...fieldPaths(schema.items as JsonSchema, [...prefix, '0'], depth + 1));
  }
  return out;
}

/** Sets a value at a path, creating objects and arrays on the way (deterministic: no randomness here). */
function setAt(target: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  const container: Record<string, unknown> | unknown[] = /^\d+$/.test(head)
    ? Array.isArray(target)
      ? [...target]
      : []
    : typeof target === 'object' && target !== null && !Array.isArray(target)
      ? { ...(target as Record<string, unknown>) }
      : {};
  (container as Record<string, unknown>)[head] = setAt((container as Record<string, unknown>)[head], rest, value);
  return container;
}

function deleteAt(target: unknown, path: string[]): unknown {
  if (typeof target !== 'object' || target === null || path.length === 0) return target;
  const [head, ...rest] = path as [string, ...string[]];
  const copy: Record<string, unknown> = Array.isArray(target)
    ? ([...target] as unknown as Record<string, unknown>)
    : { ...(target as Record<string, unknown>) };
  if (rest.length === 0) delete copy[head];
  else copy[head] = deleteAt(copy[head], rest);
  return copy;
}

const MALFORMED_JSON = [
  '{',
  '}',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":undefined}',
  '[1,2',
  'nul',
  'tru',
  '"\\u12"',
  '{"a":"\\uD800"}',
  '{"a":1}{"b":2}',
  '{"a":1} trailing',
  '\u0000',
  '\uFEFF{}',
  '{"a":01}',
  '{"a":1e99999}',
  '{"a":-}',
  '{"a":.5}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '',
  ' ',
  '\n',
  '/* comment */ {}',
  '{"a":"\t"}',
];

const CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json;;;',
  'application/jsonx',
  'json',
  'application/*',
  '*/*',
  'application/problem+json',
  'APPLICATION/JSON',
  'application/json\u00ff',
  'text/html',
  'image/png',
  'application/octet-stream',
  'application/vnd.api+json',
  '',
];

const HEADER_NAMES = [
  'x-request-id',
  'accept',
  'accept-language',
  'origin',
  'referer',
  'user-agent',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'host',
  'last-event-id',
  'if-none-match',
  'if-modified-since',
  'range',
  'content-encoding',
  'accept-encoding',
  'x-http-method-override',
  'forwarded',
  'cookie',
  'x-internal-secret',
  'authorization',
  'expect',
  'te',
  'upgrade',
];

/** Header values are bytes: unicode goes out as UTF-8 read as latin1 (what node:http allows). */
const headerText = hostileString.map((value) =>
  typeof value === 'string'
    ? Buffer.from(
        value
          .replace(/[\r\n]/g, '')
          .split('\u0000')
          .join(''),
        'utf8',
      ).toString('latin1')
    : 'h'.repeat(Math.min(value.__fuzzHuge, 8000)),
);

const RAW_REQUESTS = [
  'GET / HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n',
  'GET /api/v1/games HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
  'POST /api/v1/auth/refresh HTTP/1.1\r\nHost: localhost\r\nContent-Length: 3\r\nContent-Length: 30\r\n\r\n{}',
  'POST /api/v1/auth/refresh HTTP/1.1\r\nHost: localhost\r\nContent-Length: -1\r\n\r\n',
  'POST /api/v1/auth/refresh HTTP/1.1\r\nHost: localhost\r\nContent-Length: abc\r\n\r\n',
  'POST /api/v1/auth/refresh HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
  'POST /api/v1/auth/refresh HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n',
  'GET /api/v1/games HTTP/1.1\r\nHost: localhost\r\n folded: header\r\n\r\n',
  'GET /api/v1/games HTTP/1.1\nHost: localhost\n\n',
  'GET /api/v1/games HTTP/1.1\r\n\r\n',
  'GET /api/v1/games HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n',
  'GET /api/v1/games HTTP/1.0\r\n\r\n',
  'GET /api/v1/games HTTP/9.9\r\nHost: localhost\r\n\r\n',
  'GET http://evil.example/api/v1/games HTTP/1.1\r\nHost: localhost\r\n\r\n',
  'GET * HTTP/1.1\r\nHost: localhost\r\n\r\n',
  'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n',
  'BREW /api/v1/games HTTP/1.1\r\nHost: localhost\r\n\r\n',
  'GET /api/v1/games?q=\u00e9\u00ff HTTP/1.1\r\nHost: localhost\r\n\r\n',
  'GET /api/v1/games/\u00c0\u00af HTTP/1.1\r\nHost: localhost\r\n\r\n',
  'GET /api/v1/games/a b HTTP/1.1\r\nHost: localhost\r\n\r\n',
  'GET /api/v1/games HTTP/1.1\r\nHost: localhost\r\nX-Nul: a\u0000b\r\n\r\n',
  'GET /api/v1/games HTTP/1.1\r\nHost: localhost\r\nX-Big: ' + 'a'.repeat(17_000) + '\r\n\r\n',
  'GET /' + 'a'.repeat(20_000) + ' HTTP/1.1\r\nHost: localhost\r\n\r\n',
  'GET /api/v1/games HTTP/1.1\r\nHost: localhost\r\n' + 'X-H: v\r\n'.repeat(3000) + '\r\n',
  'POST /api/v1/auth/refresh HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}GET /x HTTP/1.1\r\nHost: localhost\r\n\r\n',
  '\u0016\u0003\u0001\u0000\u00a5\u0001\u0000\u0000\u00a1\u0003\u0003',
  'GET /api/v1/games HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n',
  'POST /api/v1/auth/refresh HTTP/1.1\r\nHost: localhost\r\nExpect: 100-continue\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
  'POST /api/v1/auth/refresh HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: 4\r\n\r\nabcd',
  'OPTIONS * HTTP/1.1\r\nHost: localhost\r\n\r\n',
];

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'TRACE', 'PROPFIND', 'SEARCH'];

const UNKNOWN_PATHS = [
  '/api/v2/games',
  '//api/v1/games',
  '/api/v1/games/',
  '/API/V1/GAMES',
  '/api/v1/../../etc/passwd',
  '/api/v1/%2e%2e/%2e%2e/etc/passwd',
  '/api/v1/games/..',
  '/api/v1/games/./filter-options',
  '/.env',
  '/.git/config',
  '/admin',
  '/api/v1/internal',
  '/api/v1/admin',
  '/actuator/env',
  '/actuator/heapdump',
  '/swagger-ui/../package.json',
  '/v3/api-docs/../../etc/passwd',
  '/%00',
  '/api/v1/games%00',
  '/api/v1/games;jsessionid=1',
  '/api/v1/games%20',
  '/games/',
  '/games',
  '/.well-known/',
  '/callback/other',
  '/api/v1/me/games',
  '/api/v1/nothing-here',
  '/api/v1/admin/anything-unknown',
  '/api/v1/admin/users/x/y',
  '/api/v1/internal/anything-unknown',
  '/api/v1/auth/login/facebook',
  '/callback/facebook',
  '/api/v1/%61dmin/users',
];

/** Unknown paths are sent with every kind of credential: the gate answers before the router does. */
const STRAY_AUTHS: Auth[] = ['none', 'none', 'user', 'cookie', 'admin', 'internal', 'tampered', 'garbage-cookie'];

/** All the ways one operation's request is broken, with their weights. */
export function casesFor(op: Operation, opIndex: number, known: KnownValues): fc.Arbitrary<FuzzCase> {
  const base = fc.record({
    auth: authFor(op),
    params: validParams(op, known),
    body: op.body?.contentType === 'application/json' ? valid(op.body.schema, known) : fc.constant(undefined),
  });
  const make =
    (
      mutation: string,
      partial: (b: { auth: Auth; params: { path: Record<string, Text>; query: Array<[string, Text]> }; body: unknown }) => Partial<FuzzCase>,
    ) =>
    (b: { auth: Auth; params: { path: Record<string, Text>; query: Array<[string, Text]> }; body: unknown }): FuzzCase => ({
      op: opIndex,
      mutation,
      method: op.method,
      auth: b.auth,
      path: b.params.path,
      query: b.params.query,
      headers: [],
      ...(op.body?.contentType === 'application/json' ? { body: { kind: 'json', value: b.body } } : {}),
      ...(op.body?.contentType === 'multipart/form-data'
        ? {
            body: {
              kind: 'multipart',
              field: 'file',
              filename: 'venues.csv',
              file: 'sourceId,name,address,postalCode,latitude,longitude,activityIds,stations\n',
            },
          }
        : {}),
      ...partial(b),
    });
  const fields = op.body ? fieldPaths(op.body.schema) : [];
  const required = (op.body?.schema.required as string[] | undefined) ?? [];
  const pathNames = op.parameters.filter((p) => p.in === 'path').map((p) => p.name);
  const queryNames = op.parameters.filter((p) => p.in === 'query').map((p) => p.name);
  const json = op.body?.contentType === 'application/json';
  const options: Array<{ weight: number; arbitrary: fc.Arbitrary<FuzzCase> }> = [
    { weight: 8, arbitrary: base.map(make('valid', () => ({}))) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(base, fc.constantFrom(...METHODS.filter((m) => m !== op.method)))
        .map(([b, method]) => make('wrong-method', () => ({ method, body: undefined }))(b)),
    },
    {
      weight: 6,
      arbitrary: fc
        .tuple(base, fc.array(fc.tuple(fc.constantFrom(...HEADER_NAMES), headerText), { minLength: 1, maxLength: 3 }))
        .map(([b, headers]) => make('hostile-header', () => ({ headers }))(b)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(base, fc.constantFrom(17_000, 40_000, 70_000))
        .map(([b, size]) => make('huge-header', () => ({ headers: [['x-padding', 'p'.repeat(size)]] }))(b)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(base, fc.constantFrom(100, 150))
        .map(([b, count]) =>
          make('many-headers', () => ({ headers: Array.from({ length: count }, (_, i): [string, string] => [`x-h-${i}`, 'v'.repeat(90)]) }))(b),
        ),
    },
    {
      weight: 6,
      arbitrary: fc
        .tuple(
          base,
          fc.array(
            fc.tuple(fc.oneof(fc.constantFrom('__proto__', 'constructor', 'a[b]', 'a.b', '', '%zz', ...queryNames), fc.string({ maxLength: 8 })), hostileText),
            { minLength: 1, maxLength: 4 },
          ),
        )
        .map(([b, extra]) => make('query-extra', (x) => ({ query: [...x.params.query, ...extra.map(([k, v]): [string, Text] => [k, v])] }))(b)),
    },
  ];
  if (queryNames.length) {
    options.push(
      {
        weight: 10,
        arbitrary: fc
          .tuple(base, fc.constantFrom(...queryNames), hostileText)
          .map(([b, name, value]) => make('query-hostile', (x) => ({ query: [...x.params.query.filter(([k]) => k !== name), [name, value]] }))(b)),
      },
      {
        weight: 4,
        arbitrary: fc
          .tuple(base, fc.constantFrom(...queryNames), fc.array(hostileText, { minLength: 2, maxLength: 120 }))
          .map(([b, name, values]) => make('query-duplicate', (x) => ({ query: [...x.params.query, ...values.map((v): [string, Text] => [name, v])] }))(b)),
      },
      {
        weight: 3,
        arbitrary: fc
          .tuple(
            base,
            fc.constantFrom(...queryNames),
            fc.constantFrom('1e400', '-1e400', 'Infinity', 'NaN', '1e20', '-0', '0x10', '1.0000000000000001', ' 1', '1 ', 'true', ''),
          )
          .map(([b, name, text]) => make('query-number-edge', (x) => ({ query: [...x.params.query.filter(([k]) => k !== name), [name, { text }]] }))(b)),
      },
    );
  }
  if (pathNames.length) {
    options.push(
      {
        weight: 10,
        arbitrary: fc
          .tuple(base, fc.constantFrom(...pathNames), hostileText)
          .map(([b, name, value]) => make('path-hostile', (x) => ({ path: { ...x.params.path, [name]: value } }))(b)),
      },
      {
        weight: 4,
        arbitrary: fc
          .tuple(base, fc.constantFrom(...pathNames), fc.constantFrom(...PATH_TRAVERSAL))
          .map(([b, name, text]) => make('path-traversal', (x) => ({ path: { ...x.params.path, [name]: { text, raw: true } } }))(b)),
      },
    );
  }
  if (json) {
    if (fields.length) {
      options.push(
        {
          weight: 14,
          arbitrary: fc
            .tuple(base, fc.constantFrom(...fields), wrongJson)
            .map(([b, field, value]) => make('body-field', (x) => ({ body: { kind: 'json', value: setAt(x.body, field, value) } }))(b)),
        },
        {
          weight: 4,
          arbitrary: fc
            .tuple(base, fc.constantFrom(...fields))
            .map(([b, field]) => make('body-missing', (x) => ({ body: { kind: 'json', value: deleteAt(x.body, field) } }))(b)),
        },
        {
          weight: 3,
          arbitrary: fc
            .tuple(base, fc.constantFrom(...fields), hugeStrings)
            .map(([b, field, value]) => make('body-huge-field', (x) => ({ body: { kind: 'json', value: setAt(x.body, field, value) } }))(b)),
        },
        {
          weight: 3,
          arbitrary: fc
            .tuple(base, fc.constantFrom(...fields), fc.constantFrom(...HOSTILE_STRINGS))
            .map(([b, field, value]) => make('body-injection', (x) => ({ body: { kind: 'json', value: setAt(x.body, field, value) } }))(b)),
        },
      );
    }
    if (required.length) {
      options.push({ weight: 2, arbitrary: base.map(make('body-empty-object', () => ({ body: { kind: 'json', value: {} } }))) });
    }
    options.push(
      {
        weight: 3,
        arbitrary: fc
          .tuple(
            base,
            fc.dictionary(
              fc.oneof(
                fc.constantFrom('__proto__', 'constructor', 'prototype', 'isAdmin', 'roles', 'id', 'userId', 'organizerId', 'deletedAt'),
                fc.string({ maxLength: 10 }),
              ),
              wrongJson,
              { minKeys: 1, maxKeys: 4 },
            ),
          )
          .map(([b, extra]) => make('body-extra', (x) => ({ body: { kind: 'text', contentType: 'application/json', text: mergeRaw(x.body, extra) } }))(b)),
      },
      { weight: 3, arbitrary: fc.tuple(base, wrongJson).map(([b, value]) => make('body-wrong-type', () => ({ body: { kind: 'json', value } }))(b)) },
      {
        weight: 4,
        arbitrary: fc
          .tuple(base, fc.constantFrom(...MALFORMED_JSON))
          .map(([b, text]) => make('body-malformed', () => ({ body: { kind: 'text', contentType: 'application/json', text } }))(b)),
      },
      {
        weight: 2,
        arbitrary: fc
          .tuple(base, fc.constantFrom(...fields.map((f) => f[0]!), 'x'), hostileString)
          .map(([b, key, value]) =>
            make('body-duplicate-keys', (x) => ({ body: { kind: 'text', contentType: 'application/json', text: duplicateKey(x.body, key, value) } }))(b),
          ),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(base, fc.constantFrom(1000, 10_000, 100_000, 400_000))
          .map(([b, depth]) =>
            make('body-deep', () => ({ body: { kind: 'pieces', contentType: 'application/json', pieces: [huge(depth, '['), huge(depth, ']')] } }))(b),
          ),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(base, fc.constantFrom(50_000, 200_000)).map(([b, depth]) =>
          make('body-deep-object', () => ({
            body: { kind: 'pieces', contentType: 'application/json', pieces: [huge(depth * 5, '{"a":'), '1', huge(depth, '}')] },
          }))(b),
        ),
      },
      {
        weight: 4,
        arbitrary: fc
          .tuple(base, fc.constantFrom(...CONTENT_TYPES))
          .map(([b, contentType]) => make('content-type', (x) => ({ body: { kind: 'text', contentType, text: JSON.stringify(x.body ?? {}) } }))(b)),
      },
      {
        weight: 2,
        arbitrary: fc
          .tuple(
            base,
            fc
              .constantFrom('c0af', 'ed a080', 'fffe', 'efbbbf7b7d', '7b2261223a22c0af227d', '7b2261223a22eda080227d', '00', '7b22613a00227d')
              .map((hex) => hex.replace(/ /g, '')),
          )
          .map(([b, hex]) => make('body-bad-utf8', () => ({ body: { kind: 'bytes', hex, contentType: 'application/json' } }))(b)),
      },
      {
        weight: 2,
        arbitrary: fc
          .tuple(base, fc.constantFrom(1_048_577, 1_200_000, 3_000_000))
          .map(([b, size]) => make('body-oversized', () => ({ body: { kind: 'text', contentType: 'application/json', text: huge(size, '{') } }))(b)),
      },
    );
  } else if (op.body?.contentType === 'multipart/form-data') {
    const csvHeader = 'sourceId,name,address,postalCode,latitude,longitude,activityIds,stations\n';
    options.push(
      {
        weight: 12,
        arbitrary: fc
          .tuple(
            base,
            fc.array(fc.tuple(hostileString, fc.constantFrom('1.3', '1e400', 'x', '', '-91', '103.8'), fc.constantFrom(...HOSTILE_STRINGS)), {
              minLength: 1,
              maxLength: 5,
            }),
          )
          .map(([b, rows]) =>
            make('multipart-csv', () => ({
              body: {
                kind: 'multipart',
                field: 'file',
                filename: 'v.csv',
                file:
                  csvHeader +
                  rows
                    .map(
                      ([name, lat, station], i) =>
                        `s${i},"${String(typeof name === 'string' ? name : 'n').replace(/"/g, '""')}",addr,123,${lat},103.8,,${station.replace(/[\n,]/g, ' ')}`,
                    )
                    .join('\n'),
              },
            }))(b),
          ),
      },
      {
        weight: 6,
        arbitrary: fc.tuple(base, wrongJson).map(([b, value]) =>
          make('multipart-json', () => ({
            body: { kind: 'multipart', field: 'file', filename: 'v.json', file: JSON.stringify(Array.isArray(value) ? value : [value]) ?? '[]' },
          }))(b),
        ),
      },
      {
        weight: 3,
        arbitrary: fc
          .tuple(base, fc.constantFrom('[', '[{"sourceId":', '\uFEFF[]', '', ',,,,', csvHeader.repeat(3), 'a'.repeat(1000)))
          .map(([b, file]) => make('multipart-malformed-file', () => ({ body: { kind: 'multipart', field: 'file', filename: 'v.csv', file } }))(b)),
      },
      {
        weight: 2,
        arbitrary: fc
          .tuple(base, fc.constantFrom('other', '', 'file[]', '__proto__'))
          .map(([b, field]) => make('multipart-wrong-field', () => ({ body: { kind: 'multipart', field, filename: 'v.csv', file: csvHeader } }))(b)),
      },
      {
        weight: 3,
        arbitrary: base.map(make('multipart-broken', () => ({ body: { kind: 'multipart', field: 'file', filename: 'v.csv', file: csvHeader, broken: true } }))),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(base, fc.constantFrom(5_300_000, 6_000_000))
          .map(([b, size]) =>
            make('multipart-oversized', () => ({ body: { kind: 'multipart', field: 'file', filename: 'v.csv', file: huge(size, csvHeader) } }))(b),
          ),
      },
      {
        weight: 3,
        arbitrary: fc
          .tuple(base, fc.constantFrom(...CONTENT_TYPES))
          .map(([b, contentType]) => make('content-type', () => ({ body: { kind: 'text', contentType, text: csvHeader } }))(b)),
      },
    );
  } else {
    options.push(
      { weight: 2, arbitrary: fc.tuple(base, wrongJson).map(([b, value]) => make('unexpected-body', () => ({ body: { kind: 'json', value } }))(b)) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(base, fc.constantFrom(1_048_577, 2_000_000))
          .map(([b, size]) => make('unexpected-oversized-body', () => ({ body: { kind: 'text', contentType: 'application/json', text: huge(size, '[') } }))(b)),
      },
    );
  }
  return fc.oneof(...options);
}

/** Cases that belong to no operation: unknown paths and hand-written malformed HTTP. */
export const strayCases: fc.Arbitrary<FuzzCase> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(...METHODS),
      fc.oneof(
        fc.constantFrom(...UNKNOWN_PATHS),
        hostileString.map((s) => `/api/v1/${percentEncode(typeof s === 'string' ? s : 'x'.repeat(Math.min(s.__fuzzHuge, 5000)))}`),
      ),
      fc.constantFrom(...STRAY_AUTHS),
    )
    .map(([method, rawPath, auth]): FuzzCase => ({ op: -1, mutation: 'unknown-path', method, auth, path: {}, rawPath, query: [], headers: [] })),
  fc
    .constantFrom(...RAW_REQUESTS)
    .map((raw): FuzzCase => ({ op: -1, mutation: 'raw-http', method: 'RAW', auth: 'none', path: {}, query: [], headers: [], raw })),
);

function mergeRaw(body: unknown, extra: Record<string, unknown>): string {
  const base = typeof body === 'object' && body !== null && !Array.isArray(body) ? JSON.stringify(body) : '{}';
  const more = Object.entries(extra)
    .map(
      ([k, v]) =>
        `${JSON.stringify(k)}:${JSON.stringify(v, (_, item) => (typeof item === 'object' && item !== null && '__fuzzHuge' in item ? 'H'.repeat(1000) : item)) ?? 'null'}`,
    )
    .join(',');
  return base === '{}' ? `{${more}}` : `${base.slice(0, -1)},${more}}`;
}

function duplicateKey(body: unknown, key: string, value: string | HugeString): string {
  const base = typeof body === 'object' && body !== null && !Array.isArray(body) ? JSON.stringify(body) : '{}';
  const dup = `${JSON.stringify(key)}:${JSON.stringify(typeof value === 'string' ? value : 'D'.repeat(2000))}`;
  return base === '{}' ? `{${dup},${dup}}` : `{${dup},${base.slice(1, -1)},${dup}}`;
}
