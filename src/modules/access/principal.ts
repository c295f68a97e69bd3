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
