import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backends } from '../../../test/helpers/backends.ts';
import { START_DEFAULTS, layeredEnv, loadConfig } from '../../config/index.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { buildTestApp } from '../../../test/helpers/test-app.ts';
import { generateSigningJwk } from './signing-keys.ts';

describe('dev tokens when switched off', () => {
  const backend = backends[0]!;

  it('is 404 when the flag is false (401 to a non-loopback peer, as when it is on)', async () => {
    const t = await buildTestApp(backend, { AUTH_DEV_MINT_ENDPOINT_ENABLED: 'false' });
    try {
      assertProblem(await t.app.inject({ method: 'POST', url: '/api/v1/auth/dev/tokens', payload: { userId: '00000000-0000-4000-8000-000000000000' } }), 404);
      const remote = {
        method: 'POST',
        url: '/api/v1/auth/dev/tokens',
        remoteAddress: '203.0.113.9',
        payload: { userId: '00000000-0000-4000-8000-000000000000' },
      } as const;
      assertProblem(await t.app.inject(remote), 401);
    } finally {
      await t.close();
    }
  });

  it('is 404 in production even with the flag on', async () => {
    const jwk = await generateSigningJwk();
    const t = await buildTestApp(backend, {
      APP_PROFILE: 'production',
      BASE_URL: 'https://api.example.com',
      FRONTEND_CALLBACK_URL: 'https://app.example.com/auth/callback',
      PAYMENTS_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      AUTH_DEV_MINT_ENDPOINT_ENABLED: 'true',
      JWT_SIGNING_KEYS: JSON.stringify({ keys: [jwk] }),
    });
    try {
      assertProblem(await t.app.inject({ method: 'POST', url: '/api/v1/auth/dev/tokens', payload: { userId: '00000000-0000-4000-8000-000000000000' } }), 404);
    } finally {
      await t.close();
    }
  });

  it("is off under npm start's local defaults (a same-host proxy without forwarding headers would expose it)", () => {
    for (const host of [undefined, '127.0.0.1', 'localhost']) {
      const env = layeredEnv({ processEnv: { HOST: host }, startDefaults: START_DEFAULTS });
      assert.equal(loadConfig(env).devMintEndpointEnabled, false, String(host));
      assert.equal(env.LOCAL_IDENTITY_PROVIDERS, 'true', 'the local sign-in (npm run dev:token) stays on');
    }
  });

  it('says at start-up, when it is on, that a same-host proxy exposes it', async () => {
    const logged: string[] = [];
    const t = await buildTestApp(backend, { LOG_LEVEL: 'info' }, { logStream: { write: (line) => logged.push(line) } });
    try {
      const warning = logged.map((line) => JSON.parse(line) as { level: number; msg: string }).find((entry) => /dev token mint is on/.test(entry.msg));
      assert.ok(warning, logged.join(''));
      assert.equal(warning.level, 40);
      assert.match(warning.msg, /proxy on this host that adds no Forwarded or X-Forwarded-For header/);
    } finally {
      await t.close();
    }
  });
});
