import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import type { Backend } from './backends.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

/** An access token for `subject` as the service would sign it, but with `key` (a rotated-out key, say). */
export async function accessTokenSignedBy(key: JWK, subject: string): Promise<string> {
  return new SignJWT({ auth_provider: 'social' })
    .setProtectedHeader({ alg: 'ES256', kid: key.kid! })
    .setSubject(subject)
    .setIssuer('service')
    .setAudience('service')
    .setIssuedAt()
    .setNotBefore('0s')
    .setExpirationTime('10m')
    .sign(await importJWK(key, 'ES256'));
}

/** A fresh ES256 signing key, private part included, as JWT_SIGNING_KEYS carries it. */
export async function newSigningJwk(kid: string): Promise<JWK> {
  return { ...(await exportJWK((await generateKeyPair('ES256', { extractable: true })).privateKey)), kid, alg: 'ES256', use: 'sig' };
}

/** A test app whose JWT_SIGNING_KEYS are `keys` (the first signs), and the key ids its JWKS publishes, in order. */
export async function appSigningWith(backend: Backend, keys: JWK[]): Promise<{ t: TestApp; published: string[] }> {
  const t = await buildTestApp(backend, { JWT_SIGNING_KEYS: JSON.stringify({ keys }) });
  const jwks = (await t.app.inject({ url: '/.well-known/jwks.json' })).json<{ keys: JWK[] }>();
  return { t, published: jwks.keys.map((key) => key.kid!) };
}
