import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { STATUS_CODES } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { httpPlatform } from './http.plugin.ts';
import { serverOptions } from './server-options.ts';

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
