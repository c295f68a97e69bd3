import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../platform/http/errors.ts';
import type { AccessClaims } from '../tokens/index.ts';
import type { PolicyEntry } from './access-policy.ts';

/** The caller behind a valid access token; roles come from the database, not the token. */
export interface Principal {
  userId: string;
  roles: string[];
  authProvider: string;
  claims: AccessClaims;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    access?: PolicyEntry;
  }
}

/**
 * The caller of an authenticated (or admin) route. The access plugin refuses such a request
 * before its handler runs, so the refusal here only guards a route registered without policy.
 */
export function signedIn(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized('authentication_required', 'This endpoint needs an access token.');
  return request.principal;
}
