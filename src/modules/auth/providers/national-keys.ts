import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { IdTokenCurve, IdTokenKeyAlg } from '../../../config/index.ts';

export interface NationalClientKeys {
  /** Value for NATIONAL_CLIENT_JWKS: the service's private keys. */
  privateJwks: string;
  /** What the national provider registers for the client (its `jwks`). */
  publicJwks: { keys: JWK[] };
}

export interface EncKeyOptions {
  /** Key management algorithm the provider is to use; key-wrapped by default, as real providers do. */
  alg?: IdTokenKeyAlg;
  crv?: IdTokenCurve;
}

export const DEFAULT_ENC_ALG: IdTokenKeyAlg = 'ECDH-ES+A256KW';

// key_ops would carry the private key's 'sign'/'deriveBits' over to the public half.
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k', 'key_ops', 'ext'];

export function publicJwk(jwk: JWK): JWK {
  const copy: Record<string, unknown> = { ...jwk };
  for (const member of PRIVATE_MEMBERS) delete copy[member];
  return copy;
}

async function privateJwk(alg: string, use: 'sig' | 'enc', options: { crv?: string }): Promise<JWK> {
  const { privateKey } = await generateKeyPair(alg, { ...options, extractable: true });
  const jwk = await exportJWK(privateKey);
  // A thumbprint kid lets the provider pick the key and lets operators tell rotated keys apart.
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), use, alg };
}

/** A private key that receives encrypted ID tokens (also what a rollover adds to the set). */
export function generateEncKey(options: EncKeyOptions = {}): Promise<JWK> {
  return privateJwk(options.alg ?? DEFAULT_ENC_ALG, 'enc', { crv: options.crv ?? 'P-256' });
}

/** One ES256 key signs the client assertion; one ECDH-ES family key receives encrypted ID tokens. */
export async function generateNationalClientKeys(options: EncKeyOptions = {}): Promise<NationalClientKeys> {
  const keys = [await privateJwk('ES256', 'sig', {}), await generateEncKey(options)];
  return { privateJwks: JSON.stringify({ keys }), publicJwks: { keys: keys.map(publicJwk) } };
}
