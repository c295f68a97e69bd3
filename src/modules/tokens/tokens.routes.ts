import type { TypedApp } from '../../platform/http/typed-app.ts';
import { openRoute } from '../../platform/http/openapi.ts';
import { Type } from 'typebox';
import type { Config } from '../../config/index.ts';
import { noneMatchHits } from '../../platform/http/conditional.ts';
import { Envelope, envelope } from '../../platform/http/envelope.ts';
import { ACCESS_COOKIE, REFRESH_COOKIE, clearAuthCookies, setAuthCookies } from './cookies.ts';
import { invalidRefreshToken } from './refresh-tokens.ts';
import type { SigningKeys } from './signing-keys.ts';
import type { TokensService } from './tokens.service.ts';
import { DevTokenBody, JwksSchema, MessageSchema, RefreshBody, TokenPairSchema } from './tokens.schemas.ts';
import { bearerToken } from './request-credentials.ts';

export interface TokensRoutesOptions {
  config: Readonly<Config>;
  tokens: TokensService;
  keys: SigningKeys;
}

export async function tokensRoutes(app: TypedApp, { config, tokens, keys }: TokensRoutesOptions) {
  app.get(
    '/.well-known/jwks.json',
    { schema: openRoute('auth', 'Public keys that verify access tokens', { response: { 200: JwksSchema, 304: Type.Null() } }) },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300').header('etag', keys.etag);
      if (noneMatchHits(request.headers['if-none-match'], keys.etag)) return reply.code(304).send(null);
      return keys.jwks;
    },
  );

  app.post(
    '/api/v1/auth/refresh',
    {
      schema: openRoute('auth', 'Rotate a refresh token (body for mobile, cookie for web)', {
        body: RefreshBody,
        response: { 200: Type.Union([TokenPairSchema, MessageSchema]) },
      }),
    },
    async (request, reply) => {
      // Every answer here carries tokens (or sets them): never cached.
      reply.header('cache-control', 'no-store');
      const fromBody = request.body?.refreshToken;
      if (fromBody) return tokens.refresh(fromBody, request.body?.codeVerifier || undefined);
      const fromCookie = request.cookies[REFRESH_COOKIE];
      if (!fromCookie) throw invalidRefreshToken();
      setAuthCookies(reply, await tokens.refresh(fromCookie), config);
      return { message: 'Tokens refreshed' };
    },
  );

  app.post(
    '/api/v1/auth/logout',
    { schema: openRoute('auth', "Revoke all of the caller's refresh tokens", { body: RefreshBody, response: { 200: MessageSchema } }) },
    async (request, reply) => {
      await tokens.logout({
        accessToken: bearerToken(request) ?? request.cookies[ACCESS_COOKIE],
        refreshToken: request.body?.refreshToken || request.cookies[REFRESH_COOKIE],
      });
      clearAuthCookies(reply, config);
      return { message: 'Logged out' };
    },
  );

  // Not even routed in production or when the flag is off: it answers 404 like any unknown path.
  if (config.profile !== 'production' && config.devMintEndpointEnabled) {
    // Its loopback check cannot see through a proxy on this host that adds no forwarding header.
    app.log.warn(
      'The dev token mint is on (AUTH_DEV_MINT_ENDPOINT_ENABLED): it mints tokens for any user to a loopback caller, and any proxy on this host that adds no Forwarded or X-Forwarded-For header (npm run web:dev, nginx proxy_pass, socat, ssh -L) makes every caller of that proxy one',
    );
    devMintRoute(app, tokens);
  }
}

function devMintRoute(app: TypedApp, tokens: TokensService) {
  app.post(
    '/api/v1/auth/dev/tokens',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mint tokens for a user (development, loopback only)',
        body: DevTokenBody,
        response: { 200: Envelope(TokenPairSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return envelope(request, await tokens.mintForDevelopment(request.body.userId), 'Development tokens minted');
    },
  );
}
