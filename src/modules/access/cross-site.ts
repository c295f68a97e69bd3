import type { FastifyRequest } from 'fastify';
import { ACCESS_COOKIE, REFRESH_COOKIE, bearerToken } from '../tokens/index.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A change made with the browser's cookies must come from one of our own origins. SameSite=Strict
 * is not enough: a sibling subdomain is the same *site*, and can post a text/plain body that needs
 * no preflight. Browsers send Origin on every such request; Sec-Fetch-Site is the fallback, and a
 * request with neither (not a browser) has no ambient cookies to abuse.
 */
export function isCrossSiteCookieChange(request: FastifyRequest, trustedOrigins: ReadonlySet<string>): boolean {
  if (SAFE_METHODS.has(request.method) || bearerToken(request)) return false;
  if (!request.cookies[ACCESS_COOKIE] && !request.cookies[REFRESH_COOKIE]) return false;
  const origin = request.headers.origin;
  if (origin !== undefined) return !trustedOrigins.has(origin);
  const fetchSite = request.headers['sec-fetch-site'];
  return fetchSite === 'cross-site' || fetchSite === 'same-site';
}
