import { createPrivateKey } from 'node:crypto';

/** Key management algorithms accepted for encrypted ID tokens (a FAPI 2.0 provider may use any). */
export const ID_TOKEN_KEY_ALGS = ['ECDH-ES', 'ECDH-ES+A128KW', 'ECDH-ES+A192KW', 'ECDH-ES+A256KW'] as const;
export const ID_TOKEN_CURVES = ['P-256', 'P-384', 'P-521'] as const;
export const ID_TOKEN_CONTENT_ENCRYPTIONS = ['A128GCM', 'A192GCM', 'A256GCM', 'A128CBC-HS256', 'A192CBC-HS384', 'A256CBC-HS512'] as const;

export type IdTokenKeyAlg = (typeof ID_TOKEN_KEY_ALGS)[number];
export type IdTokenCurve = (typeof ID_TOKEN_CURVES)[number];
export type IdTokenContentEncryption = (typeof ID_TOKEN_CONTENT_ENCRYPTIONS)[number];

/** A private JWK as it appears in NATIONAL_CLIENT_JWKS (only the members read here are typed). */
export interface ClientJwk {
  kty: string;
  kid: string;
  crv?: string;
  alg?: string;
  use?: string;
  d?: string;
  x?: string;
  y?: string;
  [member: string]: unknown;
}

export interface NationalClientKeySet {
  /** Signs the client assertion (private_key_jwt). */
  sig: ClientJwk;
  /** Receive encrypted ID tokens; several during a rollover, told apart by `kid`. */
  enc: Array<ClientJwk & { crv: IdTokenCurve; alg?: IdTokenKeyAlg }>;
}

/** Thrown with a one-line reason; config.ts turns it into the ConfigError for NATIONAL_CLIENT_JWKS. */
export class ClientJwksError extends Error {}

function isPrivateKey(jwk: ClientJwk): boolean {
  try {
    return createPrivateKey({ key: jwk, format: 'jwk' }).type === 'private';
  } catch {
    return false;
  }
}

function name(jwk: Partial<ClientJwk>, index: number): string {
  return typeof jwk.kid === 'string' && jwk.kid !== '' ? `key "${jwk.kid}"` : `key #${index + 1}`;
}

function isEncKey(jwk: Partial<ClientJwk>): boolean {
  return jwk.use === 'enc' || (jwk.use === undefined && typeof jwk.alg === 'string' && !jwk.alg.startsWith('ES'));
}

function checkEncKey(jwk: Partial<ClientJwk>, index: number): NationalClientKeySet['enc'][number] {
  const label = name(jwk, index);
  if (jwk.alg !== undefined && !(ID_TOKEN_KEY_ALGS as readonly string[]).includes(jwk.alg)) {
    throw new ClientJwksError(`${label} has alg ${String(jwk.alg)}; an enc key takes one of ${ID_TOKEN_KEY_ALGS.join(', ')}`);
  }
  if (jwk.kty !== 'EC' || !(ID_TOKEN_CURVES as readonly string[]).includes(jwk.crv ?? '')) {
    throw new ClientJwksError(`${label} must be an EC key on ${ID_TOKEN_CURVES.join(', ')}`);
  }
  if (typeof jwk.kid !== 'string' || jwk.kid === '') throw new ClientJwksError(`${label} needs a kid`);
  if (!isPrivateKey(jwk as ClientJwk)) throw new ClientJwksError(`${label} is not a usable private key`);
  return jwk as NationalClientKeySet['enc'][number];
}

/**
 * Reads NATIONAL_CLIENT_JWKS: one private ES256 (P-256) signing key and one or more private ECDH-ES
 * family keys. A key without `alg` accepts every ECDH-ES mode; a key with one accepts only that.
 */
export function parseNationalClientJwks(value: string): NationalClientKeySet {
  let keys: Array<Partial<ClientJwk>>;
  try {
    keys = (JSON.parse(value) as { keys: Array<Partial<ClientJwk>> }).keys;
    if (!Array.isArray(keys) || keys.some((jwk) => typeof jwk !== 'object' || jwk === null)) throw new Error('shape');
  } catch {
    throw new ClientJwksError('must be a JSON Web Key Set');
  }
  const enc = keys.flatMap((jwk, index) => (isEncKey(jwk) ? [checkEncKey(jwk, index)] : []));
  const sig = keys.find((jwk) => !isEncKey(jwk) && jwk.kty === 'EC' && jwk.crv === 'P-256' && (jwk.alg ?? 'ES256') === 'ES256');
  if (!sig || typeof sig.kid !== 'string' || !isPrivateKey(sig as ClientJwk)) {
    throw new ClientJwksError('needs a private P-256 ES256 signing key with a kid');
  }
  if (enc.length === 0) throw new ClientJwksError(`needs a private enc key (${ID_TOKEN_KEY_ALGS.join(', ')})`);
  const kids = enc.map((jwk) => jwk.kid);
  const repeated = kids.find((kid, index) => kids.indexOf(kid) !== index);
  if (repeated !== undefined) throw new ClientJwksError(`has two enc keys with kid "${repeated}"`);
  return { sig: sig as ClientJwk, enc };
}
