import type { RouteDocsTable } from '../../platform/http/openapi-document.ts';

const UPSTREAM = { 502: ['provider_error'], 503: ['provider_not_configured', 'provider_unavailable'] } as const;
const CALLBACK = { errors: { 400: ['invalid_request'], 401: ['invalid_state', 'login_failed'], ...UPSTREAM } };

/** The domain error codes each sign-in and token route can answer. */
export const AUTH_ERRORS: RouteDocsTable = {
  'GET /api/v1/auth/login/national': { errors: { 400: ['invalid_request'], ...UPSTREAM } },
  // `provider` is checked by the service (400 invalid_provider, the code the interface names), so its schema leaves it optional.
  'GET /api/v1/auth/login/social': { errors: { 400: ['invalid_request', 'invalid_provider', 'invalid_connection'], ...UPSTREAM }, requiredQuery: ['provider'] },
  'GET /callback/national': CALLBACK,
  'GET /callback/social': CALLBACK,
  // An unknown provider in the path.
  'GET /api/v1/auth/login/:provider': { errors: { 400: ['invalid_provider'] }, succeeds: false },
  'GET /callback/:provider': { errors: { 400: ['invalid_provider'] }, succeeds: false },
  'POST /api/v1/auth/refresh': { errors: { 401: ['invalid_refresh_token'] } },
  'POST /api/v1/auth/dev/tokens': { errors: { 404: ['user_not_found'] } },
};
