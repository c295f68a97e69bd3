import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden, unauthorized } from '../../platform/http/errors.ts';
import { pathOf } from '../../platform/http/problem.ts';
import { clientKey } from '../../platform/rate-limit/client-key.ts';
import { ACCESS_COOKIE, bearerToken, isLoopbackRequest, type TokensService } from '../tokens/index.ts';
import type { UsersService } from '../users/index.ts';
import { policyFor, policyForUnrouted, WRITE_LIMIT_CLASSES, type PolicyEntry, type RateLimitClass, type WriteLimitClass } from './access-policy.ts';
import { isCrossSiteCookieChange } from './cross-site.ts';
import type { Principal } from './principal.ts';
import type { RateLimits } from './rate-limits.ts';

export interface AccessPluginOptions {
  tokens: TokensService;
  users: UsersService;
  internalSecret: string | undefined;
  limits: RateLimits;
  /** Origins whose pages may change things with the browser's cookies (ours and the frontends'). */
  trustedOrigins: readonly string[];
  /** APP_PROFILE=production: operators' actuator endpoints need the internal secret. */
  production?: boolean;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  policy: PolicyEntry;
}

declare module 'fastify' {
  interface FastifyInstance {
    routePolicies: readonly RegisteredRoute[];
  }
}

const isWriteClass = (limitClass: RateLimitClass): limitClass is WriteLimitClass => (WRITE_LIMIT_CLASSES as readonly string[]).includes(limitClass);
/** Share resolves and sign-ins are counted per address even when signed in; public reads and writes per user. */
const isPerUser = (limitClass: RateLimitClass) => limitClass === 'public-read' || isWriteClass(limitClass);

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether a request carries the internal secret (none configured: nobody does). Constant time. */
export function internalSecretCheck(secret: string | undefined): (request: FastifyRequest) => boolean {
  const expected = secret ? digest(secret) : undefined;
  return (request) => {
    const given = request.headers['x-internal-secret'];
    return expected !== undefined && typeof given === 'string' && timingSafeEqual(digest(given), expected);
  };
}

/** Applies the access policy table to every route with one hook, then the rate limits. */
export const accessPlugin = fp(
  async (app: FastifyInstance, options: AccessPluginOptions) => {
    const production = options.production ?? false;
    const trustedOrigins = new Set(options.trustedOrigins);
    app.decorateRequest('principal', null);
    recordRoutePolicies(app, production);
    const gate = accessGate(options);

    app.addHook('onRequest', async (request, reply) => {
      // A request no route answers is gated too, so its 404 or 405 comes only after these checks.
      const routed = request.routeOptions.config.access;
      const policy: PolicyEntry = routed ?? policyForUnrouted(request.method, requestPath(request), production);
      if (isCrossSiteCookieChange(request, trustedOrigins)) {
        throw new AppError(403, 'cross_site_request', "A change made with cookies must come from this service's own pages.");
      }
      const limitClass = routed?.rateLimit;
      await gate.admit(policy, request, reply, limitClass);
      // A signed-in caller's per-user limit was taken with the token; everything else counts per address.
      if (limitClass && !(request.principal && isPerUser(limitClass))) await rateLimit(options.limits, request, reply, limitClass);
    });

    keepSignedInAnswersPrivate(app);
  },
  { name: 'access', dependencies: ['@fastify/cookie'] },
);

/** Every route with its policy: the access matrix and the fuzzer are generated from it. */
function recordRoutePolicies(app: FastifyInstance, production: boolean): void {
  const registered: RegisteredRoute[] = [];
  app.decorate('routePolicies', registered);
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const policies = methods.map((method) => policyFor(method, route.url, production));
    const policy = policies[0];
    if (!policy || policies.some((other) => other !== policy)) {
      throw new Error(`No single access policy entry for ${methods.join(',')} ${route.url}: add one to access-policy.ts`);
    }
    route.config = { ...route.config, access: policy };
    for (const method of methods) registered.push({ method, url: route.url, policy });
  });
}

/** Who may pass a policy's door: the caller its token names, the internal secret, a loopback address. */
function accessGate(options: AccessPluginOptions) {
  const hasInternalSecret = internalSecretCheck(options.internalSecret);

  /**
   * The caller a request's token names, or null without one. A request with a per-user limit
   * spends it here, between the signature check (remembered per token) and the account check:
   * a client over its limit is refused before the account read (a database round trip on every
   * signed-in request), so flooding costs the service a map look-up, not a query.
   */
  async function principalOf(request: FastifyRequest, reply: FastifyReply, limitClass: RateLimitClass | undefined): Promise<Principal | null> {
    const token = bearerToken(request) ?? request.cookies[ACCESS_COOKIE];
    if (!token) return null;
    const claims = await options.tokens.verifyAccessToken(token);
    if (limitClass && isPerUser(limitClass)) await rateLimit(options.limits, request, reply, limitClass, `user:${claims.sub}`);
    const user = await options.users.findAccessUser(claims.sub);
    if (!user) throw unauthorized('invalid_token', "The access token's user no longer exists.");
    return { userId: user.id, roles: user.roles, authProvider: user.authProvider, claims };
  }

  async function requirePrincipal(request: FastifyRequest, reply: FastifyReply, limitClass: RateLimitClass | undefined): Promise<Principal> {
    const principal = await principalOf(request, reply, limitClass);
    if (!principal) throw unauthorized('authentication_required', 'This endpoint needs an access token.');
    return principal;
  }

  /** Refuses a request its policy does not let in; sets `request.principal` where the policy reads a token. */
  async function admit(policy: PolicyEntry, request: FastifyRequest, reply: FastifyReply, limitClass: RateLimitClass | undefined): Promise<void> {
    switch (policy.access) {
      case 'internal':
        if (!hasInternalSecret(request)) {
          throw unauthorized('invalid_internal_secret', 'The internal secret is missing or wrong.');
        }
        break;
      case 'loopback':
        if (!isLoopbackRequest(request)) throw unauthorized('loopback_only', 'This endpoint answers loopback callers only.');
        break;
      case 'sign-in':
        break;
      case 'public':
        // No token is anonymous; a dead one is 401 here too, so the client knows to refresh.
        request.principal = await principalOf(request, reply, limitClass);
        break;
      case 'authenticated':
        request.principal = await requirePrincipal(request, reply, limitClass);
        break;
      case 'admin': {
        const principal = await requirePrincipal(request, reply, limitClass);
        if (!principal.roles.includes('ADMIN')) throw forbidden('This endpoint needs the ADMIN role.');
        request.principal = principal;
        break;
      }
    }
  }

  return { admit };
}

async function rateLimit(limitsByClass: RateLimits, request: FastifyRequest, reply: FastifyReply, limitClass: RateLimitClass, userKey?: string) {
  const limits = limitsByClass[limitClass];
  const decision = userKey ? await limits.user.take(userKey) : await limits.anonymous.take(clientKey(request.ip));
  reply.header('ratelimit-limit', decision.limit).header('ratelimit-remaining', decision.remaining).header('ratelimit-reset', decision.resetSeconds);
  if (!decision.allowed) {
    throw new AppError(429, 'rate_limited', 'Too many requests. Slow down and retry later.', {
      headers: { 'retry-after': String(decision.resetSeconds) },
    });
  }
}

// An answer made for a signed-in caller is that caller's: no shared cache may keep it, nor hand
// it to someone else. Where it carries an entity tag the client may keep it and revalidate
// (304); so may a read the web app keeps as its offline copy (the caller's browser only, asked
// again each time); otherwise it is not stored at all. A route that set its own caching keeps it.
function keepSignedInAnswersPrivate(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.principal || reply.hasHeader('cache-control')) return payload;
    const kept = reply.hasHeader('etag') || (request.routeOptions.config?.offlineCopy === true && reply.statusCode === 200);
    reply.header('cache-control', kept ? 'private, no-cache' : 'private, no-store');
    reply.header('vary', withVary(reply.getHeader('vary'), ['Authorization', 'Cookie']));
    return payload;
  });
}

/** `Vary` with `names` added to what is there already (CORS adds `Origin`). */
function withVary(current: ReturnType<FastifyReply['getHeader']>, names: string[]): string {
  const have = [current ?? []]
    .flat()
    .flatMap((value) => String(value).split(','))
    .map((value) => value.trim())
    .filter(Boolean);
  const missing = names.filter((name) => !have.some((value) => value.toLowerCase() === name.toLowerCase()));
  return [...have, ...missing].join(', ');
}

/** The request's path as the router reads it (percent-decoded when that is possible). */
function requestPath(request: FastifyRequest): string {
  const path = pathOf(request);
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
