import { importJWK, SignJWT, type JWK } from 'jose';

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
