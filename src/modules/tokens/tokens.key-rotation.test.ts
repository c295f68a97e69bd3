import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeJwt } from 'jose';
import { backends } from '../../../test/helpers/backends.ts';
import { createUser } from '../../../test/helpers/users.ts';
import { generateSigningJwk } from './signing-keys.ts';
import { accessTokenSignedBy, appSigningWith, newSigningJwk } from '../../../test/helpers/tokens.ts';

describe('signing key rotation', () => {
  it('keeps old tokens valid while their key is still published', async () => {
    const backend = backends[0]!;
    const oldKey = await generateSigningJwk(new Date('2026-10-01T00:00:00Z'));
    const newKey = await newSigningJwk('service-2026-11');
    const { t: rotated, published } = await appSigningWith(backend, [newKey, oldKey]);
    try {
      assert.deepEqual(published, ['service-2026-11', oldKey.kid]);
      const fresh = await createUser(rotated.app);
      assert.equal(decodeJwt(fresh.accessToken).sub, fresh.id);
      assert.equal(JSON.parse(Buffer.from(fresh.accessToken.split('.')[0]!, 'base64url').toString()).kid, 'service-2026-11');
      // A token signed by the old key, still published, verifies.
      const oldSigned = await accessTokenSignedBy(oldKey, fresh.id);
      assert.equal((await rotated.app.inject({ url: '/api/v1/me', headers: { authorization: `Bearer ${oldSigned}` } })).statusCode, 200);
    } finally {
      await rotated.close();
    }
  });
});
