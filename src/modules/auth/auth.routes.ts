import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TypedApp } from '../../platform/http/typed-app.ts';
import { openRoute } from '../../platform/http/openapi.ts';
import type { Config } from '../../config/index.ts';
import { setAuthCookies } from '../tokens/index.ts';
import { unknownProvider, type AuthService, type LoginQuery as LoginParams } from './auth.service.ts';
import { clearLoginBindingCookie, LOGIN_BINDING_COOKIE, setLoginBindingCookie } from './login-binding.ts';
import { AuthorizationUrl, CallbackQuery, LoginQuery, ProviderParams, SocialLoginQuery } from './auth.schemas.ts';
import type { ProviderName } from './providers/index.ts';

export interface AuthRoutesOptions {
  config: Readonly<Config>;
  auth: AuthService;
}

export async function authRoutes(app: TypedApp, { auth, config }: AuthRoutesOptions) {
  const redirectUriOf = (provider: ProviderName) => (provider === 'national' ? config.national.redirectUri : config.social.redirectUri);
  const bindingCookie = (provider: ProviderName) => ({ path: new URL(redirectUriOf(provider)).pathname, secure: config.secureCookies });

  const login = (provider: ProviderName) => async (request: FastifyRequest<{ Querystring: LoginParams }>, reply: FastifyReply) => {
    const { authorizationUrl, platform, binding } = await auth.startLogin(provider, request.query);
    if (platform === 'mobile') return reply.send({ authorizationUrl });
    if (binding) setLoginBindingCookie(reply, binding, { ...bindingCookie(provider), maxAge: config.loginStateTtl });
    return reply.redirect(authorizationUrl, 302);
  };

  const callback =
    (provider: ProviderName) => async (request: FastifyRequest<{ Querystring: { code?: string; state?: string; error?: string } }>, reply: FastifyReply) => {
      // The provider signs what it sent (iss, code, state), so the query goes on untouched.
      const rawQuery = request.raw.url?.split('?')[1] ?? '';
      const redirectUri = redirectUriOf(provider);
      const outcome = await auth.finishLogin(
        provider,
        request.query,
        new URL(`${redirectUri.split('?')[0]}?${rawQuery}`),
        request.cookies[LOGIN_BINDING_COOKIE],
      );
      if (request.cookies[LOGIN_BINDING_COOKIE]) clearLoginBindingCookie(reply, bindingCookie(provider));
      if (outcome.cookies) setAuthCookies(reply, outcome.cookies, config);
      reply.header('cache-control', 'no-store');
      return reply.redirect(outcome.location, 302);
    };

  const loginResponses = { 200: AuthorizationUrl, 302: { type: 'null', description: 'Redirect to the provider (web)' } };
  const callbackResponses = { 302: { type: 'null', description: 'Redirect to the web app, or the app link of a mobile sign-in' } };

  const logins = {
    national: { summary: 'Start sign-in with the national provider (FAPI 2.0)', querystring: LoginQuery },
    social: { summary: 'Start sign-in with the social provider', querystring: SocialLoginQuery },
  };
  // Every login first, then every callback: the API document lists them in this order.
  for (const provider of ['national', 'social'] as const) {
    const { summary, querystring } = logins[provider];
    app.get(`/api/v1/auth/login/${provider}`, { schema: openRoute('auth', summary, { querystring, response: loginResponses }) }, login(provider));
  }
  for (const provider of ['national', 'social'] as const) {
    const summary = `The ${provider} provider's redirect back (internal)`;
    app.get(`/callback/${provider}`, { schema: openRoute('auth', summary, { querystring: CallbackQuery, response: callbackResponses }) }, callback(provider));
  }

  // Any other provider name: the static routes above win, so only unknown names land here.
  const unknown = { schema: { tags: ['auth'], summary: 'Any other provider: 400 invalid_provider', params: ProviderParams } };
  app.get('/api/v1/auth/login/:provider', unknown, async () => {
    throw unknownProvider();
  });
  app.get('/callback/:provider', unknown, async () => {
    throw unknownProvider();
  });
}
