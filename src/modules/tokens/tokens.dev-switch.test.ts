import { describe, it } from 'node:test';
import { backends } from '../../../test/helpers/backends.ts';
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
      AUTH_DEV_MINT_ENDPOINT_ENABLED: 'true',
      JWT_SIGNING_KEYS: JSON.stringify({ keys: [jwk] }),
    });
    try {
      assertProblem(await t.app.inject({ method: 'POST', url: '/api/v1/auth/dev/tokens', payload: { userId: '00000000-0000-4000-8000-000000000000' } }), 404);
    } finally {
      await t.close();
    }
  });
});
