import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { STATUS_CODES } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { httpPlatform } from './http.plugin.ts';
import { serverOptions } from './server-options.ts';
import { OffsetQuery, offsetPage } from './pagination.ts';
import { AppError } from './errors.ts';
import { CursorCodec } from './cursor.ts';

describe('HTTP conventions', () => {
  let app: FastifyInstance;

  before(async () => {
    const typed = Fastify({ ...serverOptions({ trustProxy: false }), logger: false }).withTypeProvider<TypeBoxTypeProvider>();
    app = typed;
    await app.register(httpPlatform);
    typed.get('/items', { schema: { querystring: OffsetQuery } }, async (request) => offsetPage([], 0, request.query));
    app.post(
      '/items',
      {
        schema: {
          body: Type.Object({
            name: Type.String({ minLength: 1 }),
            contactMethods: Type.Array(Type.Object({ value: Type.String({ minLength: 3 }) })),
          }),
        },
      },
      async () => ({ ok: true }),
    );
    typed.get('/items/:id', { schema: { params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 100 }) }) } }, async (request) => ({
      id: request.params.id,
    }));
    app.get('/boom', async () => {
      throw new Error('SELECT secret FROM users WHERE password = $1');
    });
    app.get('/domain', async () => {
      throw new AppError(409, 'already_joined', 'You are already in this game.');
    });
    app.get('/hidden-failure', async () => {
      throw new AppError(503, 'upstream_down', 'redis at 10.0.0.7:6379 refused');
    });
    await app.ready();
  });
  after(() => app.close());

  it('answers an unknown path with a 404 problem detail', async () => {
    assertProblem(await app.inject({ url: '/nope' }), 404, 'not_found');
  });

  it('answers a known path with another method with 405 and Allow', async () => {
    const response = await app.inject({ method: 'DELETE', url: '/items' });
    const body = assertProblem(response, 405, 'method_not_allowed');
    assert.equal(body.instance, '/items');
    assert.match(String(response.headers.allow), /GET/);
    assert.match(String(response.headers.allow), /POST/);
  });

  it('answers malformed JSON with a 400 problem detail', async () => {
    const response = await app.inject({ method: 'POST', url: '/items', headers: { 'content-type': 'application/json' }, payload: '{"name":' });
    assertProblem(response, 400, 'invalid_json');
  });

  it('takes an empty JSON body as no body: a required one is then a validation failure on body', async () => {
    const body = assertProblem(
      await app.inject({ method: 'POST', url: '/items', headers: { 'content-type': 'application/json' }, payload: '' }),
      400,
      'validation_failed',
    );
    assert.deepEqual(
      body.errors.map((e: { location: string }) => e.location),
      ['body'],
    );
  });

  it('answers a 2 MB body with a 413 problem detail', async () => {
    const payload = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) });
    assertProblem(await app.inject({ method: 'POST', url: '/items', headers: { 'content-type': 'application/json' }, payload }), 413, 'payload_too_large');
  });

  it('answers an unsupported media type with a 415 problem detail', async () => {
    assertProblem(await app.inject({ method: 'POST', url: '/items', headers: { 'content-type': 'text/csv' }, payload: 'a,b' }), 415, 'unsupported_media_type');
  });

  for (const [query, field, fragment] of [
    ['size=0', 'size', 'size must be at least 1'],
    ['size=abc', 'size', 'size must be a whole number'],
    ['page=-1', 'page', 'page must be at least 0'],
    ['size=101', 'size', 'size must be at most 100'],
  ] as const) {
    it(`rejects ?${query} with one errors item naming the query field`, async () => {
      const body = assertProblem(await app.inject({ url: `/items?${query}` }), 400, 'validation_failed');
      assert.equal(body.errors.length, 1);
      assert.equal(body.errors[0].field, field);
      assert.equal(body.errors[0].location, 'query');
      assert.match(body.errors[0].message, new RegExp(fragment));
    });
  }

  it('names nested body fields the way clients address them', async () => {
    const response = await app.inject({ method: 'POST', url: '/items', payload: { contactMethods: [{ value: 'ok!' }, { value: 'x' }] } });
    const body = assertProblem(response, 400, 'validation_failed');
    const fields = body.errors.map((e: { field: string; location: string }) => `${e.location}:${e.field}`).sort();
    assert.deepEqual(fields, ['body:contactMethods[1].value', 'body:name']);
  });

  // Found by the reliability fuzzer: PostgreSQL refuses NUL in text, which was a 500.
  it('refuses a body string holding a NUL character with 400, naming the field', async () => {
    const response = await app.inject({ method: 'POST', url: '/items', payload: { name: 'nul\u0000byte', contactMethods: [{ value: 'o\u0000k' }] } });
    const body = assertProblem(response, 400, 'validation_failed');
    assert.deepEqual(body.errors.map((e: { field: string; location: string }) => `${e.location}:${e.field}`).sort(), [
      'body:contactMethods[0].value',
      'body:name',
    ]);
  });

  it('walks a body nested deeper than the call stack without failing', async () => {
    const deep = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    const response = await app.inject({
      method: 'POST',
      url: '/items',
      headers: { 'content-type': 'application/json' },
      payload: `{"name":"x","contactMethods":[],"deep":${deep}}`,
    });
    assert.equal(response.statusCode, 200, response.body);
  });

  // Found by the reliability fuzzer: Ajv coerces these to ±Infinity and then skips min/max.
  for (const [url, field, location] of [
    ['/items?size=Infinity', 'size', 'query'],
    ['/items?size=1e400', 'size', 'query'],
    ['/items?page=-Infinity', 'page', 'query'],
    ['/items/1e400', 'id', 'path'],
  ] as const) {
    it(`refuses the non-finite number in ${url} with 400`, async () => {
      const body = assertProblem(await app.inject({ url }), 400, 'validation_failed');
      assert.deepEqual(
        body.errors.map((e: { field: string; location: string }) => `${e.location}:${e.field}`),
        [`${location}:${field}`],
      );
    });
  }

  it('answers a malformed percent-encoding in a path parameter with a 400 problem detail', async () => {
    const response = await app.inject({ url: '/items/%zz' });
    assert.equal(assertProblem(response, 400, 'invalid_request').instance, '/items/%zz');
    assert.match(String(response.headers['x-request-id']), /^[0-9a-f-]{36}$/);
  });

  it('answers an over-long path parameter with a 414 problem detail', async () => {
    const response = await app.inject({ url: `/items/${'a'.repeat(201)}` });
    assertProblem(response, 414, 'uri_too_long');
    assert.match(String(response.headers['x-request-id']), /^[0-9a-f-]{36}$/);
  });

  it('fills page defaults and computes the page block', async () => {
    const response = await app.inject({ url: '/items' });
    assert.deepEqual(response.json(), { content: [], page: { number: 0, size: 20, totalElements: 0, totalPages: 0 } });
  });

  it('hides the detail of unexpected errors and never leaks SQL', async () => {
    const body = assertProblem(await app.inject({ url: '/boom' }), 500, 'internal_error');
    assert.doesNotMatch(JSON.stringify(body), /secret|password/);
  });

  it('renders domain errors with their code, and hides details of 5xx ones', async () => {
    assert.equal(assertProblem(await app.inject({ url: '/domain' }), 409, 'already_joined').detail, 'You are already in this game.');
    const hidden = assertProblem(await app.inject({ url: '/hidden-failure' }), 503, 'upstream_down');
    assert.doesNotMatch(hidden.detail, /10\.0\.0\.7/);
  });

  it('keeps a sane X-Request-Id and replaces an insane one', async () => {
    const kept = await app.inject({ url: '/items', headers: { 'x-request-id': 'abc-123' } });
    assert.equal(kept.headers['x-request-id'], 'abc-123');
    const replaced = await app.inject({ url: '/items', headers: { 'x-request-id': 'bad id\u0000<script>' } });
    assert.match(String(replaced.headers['x-request-id']), /^[0-9a-f-]{36}$/);
    assert.match(String((await app.inject({ url: '/nope' })).headers['x-request-id']), /^[0-9a-f-]{36}$/);
  });
});

describe('HTTP parser errors (real socket)', () => {
  let app: FastifyInstance;
  let port: number;
  const logs: Array<{ level: number; msg: string }> = [];

  before(async () => {
    app = Fastify({ ...serverOptions({ trustProxy: false }), logger: { level: 'info', stream: { write: (line: string) => logs.push(JSON.parse(line)) } } });
    await app.register(httpPlatform);
    app.get('/ping', async () => ({ ok: true }));
    app.post('/echo', async (request) => request.body);
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  after(() => app.close());

  /** Writes raw bytes and collects everything until the server closes the connection. */
  function raw(bytes: string): Promise<{ status: number; headers: string; body: string }> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const [head = '', body = ''] = text.split('\r\n\r\n');
        resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), headers: head.toLowerCase(), body });
      });
    });
  }

  function assertRawProblem(response: { status: number; headers: string; body: string }, status: number, code: string, instance: string) {
    assert.equal(response.status, status, response.headers);
    assert.match(response.headers, /content-type: application\/problem\+json/);
    assert.match(response.headers, /x-request-id: [0-9a-f-]{36}/);
    const problem = JSON.parse(response.body);
    assert.deepEqual(
      { ...problem, timestamp: undefined },
      {
        type: 'about:blank',
        title: STATUS_CODES[status],
        status,
        detail: problem.detail,
        instance,
        timestamp: undefined,
        code,
      },
    );
    assert.ok(!Number.isNaN(Date.parse(problem.timestamp)));
  }

  // Found by the reliability fuzzer: Node's parser answered these with Fastify's plain JSON.
  it('answers headers over 16 KB with a 431 problem detail', async () => {
    const response = await raw(`GET /ping?x=1 HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    assertRawProblem(response, 431, 'request_header_too_large', '/ping');
  });

  it('answers a broken request line with a 400 problem detail', async () => {
    assertRawProblem(await raw('GET /ping HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n'), 400, 'invalid_request', '/ping');
    assertRawProblem(await raw('\u0001\u0002garbage\r\n\r\n'), 400, 'invalid_request', '/');
  });

  it('answers an unsupported Expect with a 417 problem detail', async () => {
    const response = await raw('GET /ping?a=1 HTTP/1.1\r\nHost: localhost\r\nExpect: 1e400\r\nConnection: close\r\n\r\n');
    assertRawProblem(response, 417, 'expectation_failed', '/ping');
  });

  it('answers an HTTP/1.1 request without Host with a 400 problem detail', async () => {
    assertRawProblem(await raw('GET /ping HTTP/1.1\r\nConnection: close\r\n\r\n'), 400, 'invalid_request', '/ping');
  });

  it("logs a body the client abandoned as the client's doing, not as a 503 failure", async () => {
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":');
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    for (let i = 0; i < 40 && !logs.some((line) => line.msg === 'request aborted by the client'); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.ok(logs.some((line) => line.msg === 'request aborted by the client'));
    assert.deepEqual(
      logs.filter((line) => line.level >= 50),
      [],
    );
  });

  it('still answers well-formed requests', async () => {
    const response = await raw('GET /ping HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    assert.equal(response.status, 200);
  });
});

// Found by the reliability suite: Node's default let a slowloris client hold a socket for 60 s.
describe('slow clients (real socket)', () => {
  it('gives headers 10 s and a whole request 30 s, checked every second', () => {
    const { http, requestTimeout, keepAliveTimeout } = serverOptions({ trustProxy: false });
    assert.deepEqual([http?.headersTimeout, http?.requestTimeout, http?.connectionsCheckingInterval], [10_000, 30_000, 1_000]);
    assert.deepEqual([requestTimeout, keepAliveTimeout], [30_000, 10_000]);
  });

  it('cuts off a client dribbling its headers with a 408 problem detail, and keeps answering others', async () => {
    // The same options with a shorter header budget, so the test waits 1 s rather than 10 s.
    const options = serverOptions({ trustProxy: false });
    const app = Fastify({ ...options, http: { ...options.http, headersTimeout: 1_000 }, logger: false });
    await app.register(httpPlatform);
    app.get('/ping', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as { port: number };
      const socket = connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => chunks.push(chunk));
      const closed = new Promise((resolve) => socket.once('close', resolve));
      const started = Date.now();
      socket.write('GET /ping HTTP/1.1\r\nHost: localhost\r\n');
      const dribble = setInterval(() => {
        if (!socket.destroyed) socket.write('X-A: b\r\n');
      }, 200);
      const other = await fetch(`http://127.0.0.1:${port}/ping`);
      assert.equal(other.status, 200);
      await closed;
      clearInterval(dribble);
      const elapsed = Date.now() - started;
      assert.ok(elapsed < 5_000, `cut off after ${elapsed} ms`);
      const [head = '', body = ''] = Buffer.concat(chunks).toString('utf8').split('\r\n\r\n');
      assert.match(head, /^HTTP\/1\.1 408 /);
      assert.match(head.toLowerCase(), /content-type: application\/problem\+json/);
      assert.equal(JSON.parse(body).code, 'request_timeout');
    } finally {
      await app.close();
    }
  });
});

describe('cursor codec', () => {
  const codec = new CursorCodec(Buffer.alloc(32, 7));

  it('round-trips a position under the same filters', () => {
    const cursor = codec.encode(['2026-11-22T10:00:00.000Z', 'a1'], 'activity=1');
    assert.match(cursor, /^[A-Za-z0-9_.-]+$/);
    assert.deepEqual(codec.decode(cursor, 'activity=1'), ['2026-11-22T10:00:00.000Z', 'a1']);
  });

  it('refuses a cursor made under other filters, a tampered one and garbage with 400', () => {
    const cursor = codec.encode([1, 'x'], 'a');
    const [payload, seal] = cursor.split('.');
    const forged = `${Buffer.from('[2,"x"]').toString('base64url')}.${seal}`;
    for (const bad of [forged, `${payload}.`, 'garbage', '', `${cursor}.x`]) {
      assert.throws(
        () => codec.decode(bad, 'a'),
        (error: AppError) => error.status === 400 && error.code === 'invalid_cursor',
      );
    }
    assert.throws(
      () => codec.decode(cursor, 'b'),
      (error: AppError) => error.status === 400,
    );
  });
});
