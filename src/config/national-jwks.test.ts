import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import type { JWK } from 'jose';
import { startServer } from '../../test/helpers/server-process.ts';
import { generateEncKey, generateNationalClientKeys } from '../modules/auth/providers/index.ts';
import { ConfigError, ID_TOKEN_CURVES, ID_TOKEN_KEY_ALGS, loadConfig } from './index.ts';

const load = (keys: JWK[]) => loadConfig({ NATIONAL_CLIENT_JWKS: JSON.stringify({ keys }) });

/** Start-up stops with one line that names the variable and, where there is one, the key. */
function refused(pattern: RegExp) {
  return (error: unknown) => {
    assert.ok(error instanceof ConfigError, String(error));
    assert.equal(error.variable, 'NATIONAL_CLIENT_JWKS');
    assert.doesNotMatch(error.message, /\n/);
    assert.match(error.message, pattern);
    return true;
  };
}

describe('NATIONAL_CLIENT_JWKS', () => {
  let sig: JWK;
  let enc: JWK;

  before(async () => {
    [sig, enc] = (JSON.parse((await generateNationalClientKeys()).privateJwks) as { keys: JWK[] }).keys as [JWK, JWK];
  });

  it('is made key-wrapped by default and accepts every ECDH-ES mode on every curve, several at once', async () => {
    assert.equal(enc.alg, 'ECDH-ES+A256KW');
    const rollover = await Promise.all(ID_TOKEN_CURVES.flatMap((crv) => ID_TOKEN_KEY_ALGS.map((alg) => generateEncKey({ alg, crv }))));
    assert.ok(load([sig, ...rollover]).national.clientJwks);
  });

  it('stops start-up on an enc key whose alg is not in the ECDH-ES family, naming the key', () => {
    assert.throws(() => load([sig, { ...enc, kid: 'old-rsa-key', alg: 'RSA-OAEP-256' }]), refused(/key "old-rsa-key" has alg RSA-OAEP-256/));
    assert.throws(() => load([sig, { ...enc, kid: 'dir-key', use: undefined, alg: 'dir' }]), refused(/key "dir-key" has alg dir/));
  });

  it('the service process exits with that one line', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'jwks-'));
    try {
      const server = startServer({ DATA_DIR: dataDir, NATIONAL_CLIENT_JWKS: JSON.stringify({ keys: [sig, { ...enc, kid: 'k-2019', alg: 'RSA1_5' }] }) });
      assert.notEqual(await server.exited(), 0);
      assert.deepEqual(server.output().trim().split('\n'), [
        'Invalid configuration: NATIONAL_CLIENT_JWKS key "k-2019" has alg RSA1_5; an enc key takes one of ECDH-ES, ECDH-ES+A128KW, ECDH-ES+A192KW, ECDH-ES+A256KW',
      ]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('stops start-up on an enc key off the supported curves, without a private part, or a repeated kid', () => {
    assert.throws(() => load([sig, { kty: 'OKP', crv: 'X25519', x: 'x', d: 'd', kid: 'okp', use: 'enc' }]), refused(/key "okp" must be an EC key/));
    const { d: _d, ...publicOnly } = enc;
    assert.throws(() => load([sig, { ...publicOnly, kid: 'half' }]), refused(/key "half" is not a usable private key/));
    assert.throws(() => load([sig, enc, { ...enc }]), refused(/two enc keys with kid/));
    assert.throws(() => load([sig]), refused(/needs a private enc key/));
    assert.throws(() => load([enc]), refused(/signing key/));
  });
});
