import { compactDecrypt, importJWK, type CompactJWEHeaderParameters, type CryptoKey, type JWK } from 'jose';
import type * as oidc from 'openid-client';
import { ID_TOKEN_CONTENT_ENCRYPTIONS, ID_TOKEN_KEY_ALGS, type NationalClientKeySet } from '../../../config/index.ts';
import { badGateway } from '../../../platform/http/errors.ts';

type EncKey = NationalClientKeySet['enc'][number];

const decoder = new TextDecoder();

/**
 * The JWE's `kid` names the key (several are configured during a rollover); without one, the
 * single key whose curve and `alg` fit the header is used. A key with an `alg` takes only that.
 */
function keyResolver(keys: EncKey[], imported: Map<string, Promise<CryptoKey>>) {
  return (header: CompactJWEHeaderParameters): Promise<CryptoKey> => {
    const curve = (header.epk as { crv?: unknown } | undefined)?.crv;
    const fitting = keys.filter(
      (jwk) => (header.kid === undefined || jwk.kid === header.kid) && (jwk.alg === undefined || jwk.alg === header.alg) && jwk.crv === curve,
    );
    if (fitting.length !== 1) throw new Error(fitting.length === 0 ? 'no key fits the JWE' : 'several keys fit the JWE');
    const jwk = fitting[0]!;
    let key = imported.get(jwk.kid);
    if (!key) {
      // Every ECDH-ES mode imports the same ECDH key; the header's alg is only a label here.
      key = importJWK(jwk as JWK, 'ECDH-ES') as Promise<CryptoKey>;
      imported.set(jwk.kid, key);
    }
    return key;
  };
}

/** Decrypts a nested ID token (JWE around a JWS) with jose, limited to the configured algorithms. */
export function idTokenDecrypter(keys: EncKey[]): (jwe: string) => Promise<string> {
  const imported = new Map<string, Promise<CryptoKey>>();
  const resolve = keyResolver(keys, imported);
  const keyManagementAlgorithms = keys.some((jwk) => jwk.alg === undefined) ? [...ID_TOKEN_KEY_ALGS] : [...new Set(keys.map((jwk) => jwk.alg!))];
  const options = { keyManagementAlgorithms, contentEncryptionAlgorithms: [...ID_TOKEN_CONTENT_ENCRYPTIONS] };
  return async (jwe) => decoder.decode((await compactDecrypt(jwe, resolve, options)).plaintext);
}

function providerError(detail: string, cause?: unknown) {
  return badGateway('provider_error', `The national sign-in provider ${detail}.`, cause);
}

/**
 * openid-client decrypts ID tokens only with P-256 (or X25519) keys, so the token response is
 * decrypted on the way in and openid-client then validates the signed ID token as usual
 * (signature, iss, aud, exp, nonce). The profile demands encryption: a plain JWS is refused here.
 */
export function decryptingFetch(tokenEndpoint: string, decrypt: (jwe: string) => Promise<string>): oidc.CustomFetch {
  const endpoint = new URL(tokenEndpoint).href;
  return async (url, options) => {
    const response = await fetch(url, options);
    if (new URL(url).href !== endpoint || response.status !== 200) return response;
    const text = await response.text();
    let body: { id_token?: unknown } | null = null;
    try {
      body = JSON.parse(text) as { id_token?: unknown } | null;
    } catch {
      // Not JSON: openid-client reports it as the provider's fault.
    }
    if (body !== null && typeof body === 'object' && typeof body.id_token === 'string') {
      if (body.id_token.split('.').length !== 5) throw providerError('returned an unencrypted ID token');
      try {
        body.id_token = await decrypt(body.id_token);
      } catch (error) {
        throw providerError('returned an encrypted ID token that could not be opened', error);
      }
    }
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    headers.delete('content-encoding');
    return new Response(body === null ? text : JSON.stringify(body), { status: response.status, statusText: response.statusText, headers });
  };
}
