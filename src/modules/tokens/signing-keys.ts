import { createHash, createPrivateKey, type KeyObject, type webcrypto } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Config } from '../../config/index.ts';

type CryptoKey = webcrypto.CryptoKey;

export interface PublicJwk {
  kty: 'EC';
  crv: 'P-256';
  kid: string;
  x: string;
  y: string;
  use: 'sig';
  alg: 'ES256';
}

export interface SigningKeys {
  /**
   * The first key of the set signs, as a node:crypto key object: signing through it costs about a
   * third of the CPU of the WebCrypto path, and every sign-in and refresh signs.
   */
  signer: { kid: string; key: KeyObject };
  /** Every published key verifies, so tokens outlive a rotation until their key is removed. */
  verifiers: Map<string, CryptoKey>;
  /** The published set; its ETag is computed once. */
  jwks: { keys: PublicJwk[] };
  etag: string;
  /** Key material for other seals (cursors), derived from the signing key. */
  secretSeed: Buffer;
}

const FILE = 'jwt-signing-keys.json';

/** `service-2026-11`: the key id names the year and month the key was made. */
export function keyIdFor(date: Date): string {
  return `service-${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

export async function generateSigningJwk(now = new Date()): Promise<JWK> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: keyIdFor(now), alg: 'ES256', use: 'sig' };
}

/** Reads JWT_SIGNING_KEYS, or outside production a set generated once into DATA_DIR. */
export async function loadSigningKeys(config: Readonly<Config>): Promise<SigningKeys> {
  const source = config.jwt.signingKeys ?? (await localKeySet(config.dataDir));
  const keys = (JSON.parse(source) as { keys: JWK[] }).keys;
  const verifiers = new Map<string, CryptoKey>();
  const published: PublicJwk[] = [];
  for (const [index, jwk] of keys.entries()) {
    // Only the first (newest) key signs; older ones may be public halves kept to verify tokens
    // issued before a rotation, so their private parts can be destroyed.
    if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.kid || !jwk.x || !jwk.y) {
      throw new Error(`JWT_SIGNING_KEYS key ${index} must be an EC P-256 key with a kid`);
    }
    if (index === 0 && !jwk.d) throw new Error('JWT_SIGNING_KEYS key 0 signs, so it needs its private part (d)');
    const publicJwk: PublicJwk = { kty: 'EC', crv: 'P-256', kid: jwk.kid, x: jwk.x, y: jwk.y, use: 'sig', alg: 'ES256' };
    verifiers.set(jwk.kid, await importJWK({ ...publicJwk, kty: 'EC' as const }, 'ES256'));
    published.push(publicJwk);
  }
  const first = keys[0]!;
  const jwks = { keys: published };
  return {
    signer: { kid: first.kid!, key: createPrivateKey({ key: { ...first }, format: 'jwk' }) },
    verifiers,
    jwks,
    etag: `"${createHash('sha256').update(JSON.stringify(jwks)).digest('base64url').slice(0, 27)}"`,
    secretSeed: createHash('sha256').update('seal-seed\0').update(first.d!).digest(),
  };
}

async function localKeySet(dataDir: string): Promise<string> {
  const file = path.join(dataDir, FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8');
  mkdirSync(dataDir, { recursive: true });
  const jwks = JSON.stringify({ keys: [await generateSigningJwk()] });
  // 'wx' keeps the first writer's keys if two processes start at once.
  try {
    writeFileSync(file, jwks, { mode: 0o600, flag: 'wx' });
  } catch {
    return readFileSync(file, 'utf8');
  }
  return jwks;
}
