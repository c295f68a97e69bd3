import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { freePort, startServer, STARTUP_WAIT_MS, waitHealthy } from '../test/helpers/server-process.ts';

const SECRET = 'process-test-secret-0123456789abcdef';

/** How long a request of the burst may go without an answer before it counts as dropped. */
const ANSWER_WAIT_MS = 20_000;

/**
 * A GET on its own connection (idle keep-alive sockets racing the close would blur the picture).
 * Rejects with the socket error before a response, with 'truncated' when a response broke off,
 * or with 'no answer' when the socket stays silent.
 */
function getFresh(url: string): Promise<{ status: number; type: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, timeout: ANSWER_WAIT_MS }, (response) => {
        let length = 0;
        response.on('data', (chunk: Buffer) => {
          length += chunk.length;
        });
        response.on('aborted', () => reject(new Error('truncated')));
        response.on('error', () => reject(new Error('truncated')));
        response.on('end', () => {
          const expected = Number(response.headers['content-length'] ?? length);
          if (length !== expected) reject(new Error('truncated'));
          else resolve({ status: response.statusCode ?? 0, type: response.headers['content-type'] });
        });
      })
      .on('timeout', function (this: http.ClientRequest) {
        this.destroy(new Error('no answer'));
      })
      .on('error', reject);
  });
}

describe('the server process', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'svc-data-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts healthy on the embedded defaults, keeps data across a restart, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { PORT: String(port), DATA_DIR: dataDir, INTERNAL_SECRET: SECRET, JOBS_ENABLED: 'false' };
    const provision = () =>
      fetch(`${base}/api/v1/internal/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-internal-secret': SECRET },
        body: JSON.stringify({ authProvider: 'social', subject: 'persisted-person' }),
      });

    const first = startServer(env);
    let data: { id: string };
    try {
      await waitHealthy(base, STARTUP_WAIT_MS);
      const created = await provision();
      assert.equal(created.status, 201);
      ({ data } = (await created.json()) as { data: { id: string } });
    } finally {
      first.child.kill('SIGTERM');
    }
    assert.equal(await first.exited(), 0, first.output());

    const second = startServer(env);
    try {
      await waitHealthy(base, STARTUP_WAIT_MS);
      const again = await provision();
      assert.equal(again.status, 200, 'the user survived the restart');
      assert.equal(((await again.json()) as { data: { id: string } }).data.id, data.id);
    } finally {
      second.child.kill('SIGTERM');
      assert.equal(await second.exited(), 0);
    }
  });

  it('answers every request of a burst during shutdown with 200 or a 503 problem, dropping none', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = startServer({ PORT: String(port), DATA_DIR: dataDir, JOBS_ENABLED: 'false' });
    await waitHealthy(base, STARTUP_WAIT_MS).catch((error: unknown) => {
      server.child.kill('SIGKILL');
      throw error;
    });
    let signalled = false;
    const burst = Array.from({ length: 40 }, async () => {
      const response = await getFresh(`${base}/v3/api-docs`);
      if (!signalled) {
        signalled = true;
        server.child.kill('SIGTERM');
      }
      return response;
    });
    const outcomes = await Promise.allSettled(burst);
    for (const outcome of outcomes) {
      // A connection refused or reset before any response (still queued when the listener
      // closed) never became a request; a response cut off after it began would be a defect.
      if (outcome.status === 'rejected') {
        assert.match(String((outcome.reason as Error).message), /ECONNREFUSED|ECONNRESET/);
        continue;
      }
      const { status, type } = outcome.value;
      assert.ok(status === 200 || (status === 503 && /problem\+json/.test(String(type))), `status ${status}`);
    }
    assert.ok(outcomes.some((o) => o.status === 'fulfilled' && o.value.status === 200));
    assert.equal(await server.exited(), 0);
  });

  for (const [name, env, variable] of [
    ['production without signing keys', { APP_PROFILE: 'production' }, 'JWT_SIGNING_KEYS'],
    ['an invalid PORT', { PORT: 'eighty' }, 'PORT'],
    ['an unknown profile', { APP_PROFILE: 'staging' }, 'APP_PROFILE'],
    [
      'local providers in production',
      { APP_PROFILE: 'production', LOCAL_IDENTITY_PROVIDERS: 'true', JWT_SIGNING_KEYS: '{"keys":[{"kty":"EC"}]}' },
      'LOCAL_IDENTITY_PROVIDERS',
    ],
  ] as const) {
    it(`exits non-zero naming the variable for ${name}: one line for each bad variable, no stack`, async () => {
      const server = startServer({ DATA_DIR: dataDir, ...env });
      assert.notEqual(await server.exited(), 0);
      const [first, ...more] = server.output().trim().split('\n');
      assert.match(first!, /^Invalid configuration/, server.output());
      assert.ok(
        more.every((line) => /^ {2}[A-Z_]+ /.test(line)),
        server.output(),
      );
      assert.match(server.output(), new RegExp(`(^Invalid configuration: ${variable} |^ {2}${variable} )`, 'm'));
      if (more.length === 0) assert.match(first!, new RegExp(`^Invalid configuration: ${variable} `));
    });
  }
});
