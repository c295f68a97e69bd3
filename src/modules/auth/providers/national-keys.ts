import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';

export interface NationalClientKeys {
  /** Value for NATIONAL_CLIENT_JWKS: the service's private keys. */
  privateJwks: string;
  /** What the national provider registers for the client (its `jwks`). */
  publicJwks: { keys: JWK[] };
}

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

/** One ES256 key signs the client assertion; one P-256 ECDH-ES key receives encrypted ID tokens. */
export async function generateNationalClientKeys(): Promise<NationalClientKeys> {
  const keys = [await privateJwk('ES256', 'sig', {}), await privateJwk('ECDH-ES', 'enc', { crv: 'P-256' })];
  return { privateJwks: JSON.stringify({ keys }), publicJwks: { keys: keys.map(publicJwk) } };
}
