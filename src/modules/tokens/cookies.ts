import type { FastifyReply } from 'fastify';
import type { Config } from '../../config/index.ts';

export const ACCESS_COOKIE = 'access_token';
export const REFRESH_COOKIE = 'refresh_token';
export const EXPIRY_COOKIE = 'token_expiry';
const REFRESH_PATH = '/api/v1/auth';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
}

/** The three auth cookies: all SameSite=Strict, Secure on https, token_expiry readable by scripts. */
export function setAuthCookies(reply: FastifyReply, pair: TokenPair, config: Readonly<Config>) {
  const base = { sameSite: 'strict', secure: config.secureCookies } as const;
  reply.setCookie(ACCESS_COOKIE, pair.accessToken, { ...base, httpOnly: true, path: '/', maxAge: config.jwt.accessTokenTtl });
  reply.setCookie(REFRESH_COOKIE, pair.refreshToken, { ...base, httpOnly: true, path: REFRESH_PATH, maxAge: config.jwt.refreshTokenTtl });
  reply.setCookie(EXPIRY_COOKIE, String(pair.expiresAt), { ...base, httpOnly: false, path: '/', maxAge: config.jwt.accessTokenTtl });
}

export function clearAuthCookies(reply: FastifyReply, config: Readonly<Config>) {
  const base = { sameSite: 'strict', secure: config.secureCookies } as const;
  reply.clearCookie(ACCESS_COOKIE, { ...base, httpOnly: true, path: '/' });
  reply.clearCookie(REFRESH_COOKIE, { ...base, httpOnly: true, path: REFRESH_PATH });
  reply.clearCookie(EXPIRY_COOKIE, { ...base, httpOnly: false, path: '/' });
}
