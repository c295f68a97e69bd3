import { CompactEncrypt, SignJWT, compactDecrypt, decodeJwt, decodeProtectedHeader, generateKeyPair, type CryptoKey } from 'jose';
import type { Middleware } from 'oidc-provider';

export type Misbehaviour = 'none' | 'wrong-signature' | 'wrong-encryption' | 'wrong-nonce';

export interface IdTokenKeys {
  /** The provider's real signing key, so 'wrong-nonce' is otherwise a valid token. */
  signing: { key: CryptoKey; alg: string };
  /** The client's encryption key pair (the local provider generated it), when ID tokens are encrypted. */
  encryption?: { privateKey: CryptoKey; publicKey: CryptoKey; kid: string; alg: string; enc: string; crv: string };
}

export interface MisbehaviourSwitch {
  middleware: Middleware;
  set(mode: Misbehaviour): void;
  /** The protected header of the last ID token issued, so tests can see how it was sealed. */
  lastIdTokenHeader(): Record<string, unknown> | undefined;
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/**
 * Rewrites the ID token in token endpoint responses, on the provider side, so the service's client
 * meets a provider that really misbehaves. Rogue keys reuse the real `kid`s so the client has to
 * fail on the signature or the decryption itself, not on a key lookup.
 */
export async function createMisbehaviour(keys: IdTokenKeys): Promise<MisbehaviourSwitch> {
  const rogueSigning = (await generateKeyPair(keys.signing.alg)).privateKey;
  const rogueEncryption = keys.encryption ? (await generateKeyPair(keys.encryption.alg, { crv: keys.encryption.crv })).publicKey : undefined;
  let mode: Misbehaviour = 'none';
  let lastHeader: Record<string, unknown> | undefined;

  const encrypt = (jws: string, key: CryptoKey) => {
    const { kid, alg, enc } = keys.encryption!;
    return new CompactEncrypt(encoder.encode(jws)).setProtectedHeader({ alg, enc, kid, cty: 'JWT' }).encrypt(key);
  };

  const tamper = async (idToken: string): Promise<string> => {
    const jws = keys.encryption ? decoder.decode((await compactDecrypt(idToken, keys.encryption.privateKey)).plaintext) : idToken;
    const header = decodeProtectedHeader(jws);
    const claims = decodeJwt(jws);
    const resign = (payload: typeof claims, key: CryptoKey) =>
      new SignJWT(payload).setProtectedHeader({ alg: keys.signing.alg, kid: header.kid, typ: header.typ }).sign(key);

    let result = jws;
    if (mode === 'wrong-signature') result = await resign(claims, rogueSigning);
    if (mode === 'wrong-nonce') result = await resign({ ...claims, nonce: 'not-the-nonce-that-was-sent' }, keys.signing.key);
    if (!keys.encryption) return result;
    return encrypt(result, mode === 'wrong-encryption' ? rogueEncryption! : keys.encryption.publicKey);
  };

  return {
    set(next) {
      if (next === 'wrong-encryption' && !keys.encryption) {
        throw new TypeError('this provider does not encrypt ID tokens');
      }
      mode = next;
    },
    lastIdTokenHeader: () => lastHeader,
    middleware: async (ctx, next) => {
      await next();
      if (ctx.method !== 'POST' || ctx.path !== '/token' || ctx.status !== 200) return;
      const body = ctx.body as { id_token?: unknown } | null;
      if (!body || typeof body.id_token !== 'string') return;
      lastHeader = decodeProtectedHeader(body.id_token);
      if (mode !== 'none') body.id_token = await tamper(body.id_token);
    },
  };
}
