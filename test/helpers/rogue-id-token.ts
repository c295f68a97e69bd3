import { randomBytes } from 'node:crypto';
import { CompactEncrypt, SignJWT, UnsecuredJWT, exportJWK, exportSPKI, generateKeyPair, importJWK, type CryptoKey, type JWK, type JWTPayload } from 'jose';

/** How an ID token can be wrong; the names follow the cases of the FAPI 2.0 client test plan. */
export type IdTokenFault =
  | 'nonce-wrong'
  | 'nonce-missing'
  | 'iss-wrong'
  | 'iss-missing'
  | 'aud-wrong'
  | 'aud-missing'
  | 'aud-extra-untrusted'
  | 'aud-array'
  | 'exp-past'
  | 'exp-missing'
  | 'bad-signature'
  | 'alg-none'
  | 'hs256-with-public-key'
  | 'not-encrypted';

export interface IdTokenSigner {
  alg: 'ES256' | 'RS256';
  kid: string;
  /** The provider's public JWKS. */
  jwks: { keys: JWK[] };
  /** Signs (and, when an encryption key is given, encrypts) an ID token with the fault applied. */
  issue(claims: { iss: string; aud: string; sub: string; nonce: string; name: string }, fault?: IdTokenFault): Promise<string>;
}

const encoder = new TextEncoder();

/** Removes or changes claims the way the fault says; everything else stays valid. */
function faultyClaims(claims: JWTPayload & { nonce: string }, fault: IdTokenFault | undefined): JWTPayload {
  const now = Math.floor(Date.now() / 1000);
  const payload: JWTPayload = { ...claims, iat: now, exp: now + 300 };
  switch (fault) {
    case 'nonce-wrong':
      return { ...payload, nonce: 'not-the-nonce-that-was-sent' };
    case 'iss-wrong':
      return { ...payload, iss: 'https://impostor.example.test' };
    case 'aud-wrong':
      return { ...payload, aud: 'someone-else' };
    // openid-client lets extra audiences through when azp names the client; the service must not.
    case 'aud-extra-untrusted':
      return { ...payload, aud: [claims.aud as string, 'https://untrusted.example.test'], azp: claims.aud };
    case 'aud-array':
      return { ...payload, aud: [claims.aud as string] };
    case 'exp-past':
      return { ...payload, iat: now - 900, exp: now - 600 };
    case 'nonce-missing':
    case 'iss-missing':
    case 'aud-missing':
    case 'exp-missing': {
      const claim = fault.replace('-missing', '');
      const { [claim]: _dropped, ...rest } = payload;
      return rest;
    }
    default:
      return payload;
  }
}

/**
 * An ES256 (national) or RS256 (social) signer for a test provider that can be told to get the ID
 * token wrong. With `encryptTo` (the client's public enc JWK) tokens are nested JWEs, as FAPI asks.
 */
export async function createIdTokenSigner(alg: 'ES256' | 'RS256', encryptTo?: JWK): Promise<IdTokenSigner> {
  const kid = `rogue-${randomBytes(4).toString('hex')}`;
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  // Same kid as the real key, so only the signature itself can give it away.
  const impostor = (await generateKeyPair(alg)).privateKey;
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' };
  // The classic key-confusion attack: the public key, as PEM text, used as an HMAC secret.
  const publicPem = encoder.encode(await exportSPKI(publicKey));
  const encryptionKey = encryptTo ? ((await importJWK(encryptTo, 'ECDH-ES')) as CryptoKey) : undefined;

  async function sign(payload: JWTPayload, fault: IdTokenFault | undefined): Promise<string> {
    if (fault === 'alg-none') return new UnsecuredJWT(payload).encode();
    if (fault === 'hs256-with-public-key') return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', kid }).sign(publicPem);
    return new SignJWT(payload).setProtectedHeader({ alg, kid, typ: 'JWT' }).sign(fault === 'bad-signature' ? impostor : privateKey);
  }

  return {
    alg,
    kid,
    jwks: { keys: [publicJwk] },
    async issue(claims, fault) {
      const jws = await sign(faultyClaims(claims, fault), fault);
      if (!encryptTo || !encryptionKey || fault === 'not-encrypted') return jws;
      return new CompactEncrypt(encoder.encode(jws))
        .setProtectedHeader({ alg: encryptTo.alg ?? 'ECDH-ES+A256KW', enc: 'A256GCM', kid: encryptTo.kid, cty: 'JWT' })
        .encrypt(encryptionKey);
    },
  };
}
