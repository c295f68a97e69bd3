/** The API document (/v3/api-docs) and its interactive UI, completed from the access policy and the modules' error tables. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Config } from './config/index.ts';
import { completeDocument, type Caller, type OperationFacts, type RouteDocs } from './platform/http/openapi-document.ts';
import { internalSecretCheck, type Access } from './modules/access/index.ts';
import { ACTIVITIES_ERRORS } from './modules/activities/index.ts';
import { ATTENDANCE_ERRORS } from './modules/attendance/index.ts';
import { PAYMENTS_ERRORS } from './modules/payments/index.ts';
import { AUDIT_ERRORS } from './modules/audit/index.ts';
import { AUTH_ERRORS } from './modules/auth/index.ts';
import { BOOKMARKS_ERRORS } from './modules/bookmarks/index.ts';
import { CALENDARS_ERRORS } from './modules/calendars/index.ts';
import { GAME_DAY_ERRORS } from './modules/game-day/index.ts';
import { CHAT_ERRORS } from './modules/chat/index.ts';
import { GAMES_ERRORS } from './modules/games/index.ts';
import { INVITATIONS_ERRORS } from './modules/invitations/index.ts';
import { JOBS_ERRORS } from './modules/jobs/index.ts';
import { NOTIFICATIONS_ERRORS } from './modules/notifications/index.ts';
import { PROFILES_ERRORS } from './modules/profiles/index.ts';
import { SERIES_ERRORS } from './modules/series/index.ts';
import { SHARE_LINKS_ERRORS } from './modules/share-links/index.ts';
import { USERS_ERRORS } from './modules/users/index.ts';
import { VENUES_ERRORS } from './modules/venues/index.ts';
import packageJson from '../package.json' with { type: 'json' };

export const ROUTE_DOCS: Readonly<Record<string, RouteDocs>> = {
  ...ACTIVITIES_ERRORS,
  ...ATTENDANCE_ERRORS,
  ...PAYMENTS_ERRORS,
  ...AUDIT_ERRORS,
  ...AUTH_ERRORS,
  ...BOOKMARKS_ERRORS,
  ...CALENDARS_ERRORS,
  ...CHAT_ERRORS,
  ...GAMES_ERRORS,
  ...GAME_DAY_ERRORS,
  ...SERIES_ERRORS,
  ...INVITATIONS_ERRORS,
  ...JOBS_ERRORS,
  ...NOTIFICATIONS_ERRORS,
  ...PROFILES_ERRORS,
  ...SHARE_LINKS_ERRORS,
  ...USERS_ERRORS,
  ...VENUES_ERRORS,
};

const TAGS: Record<string, string> = {
  activities: 'Sports and their skill-level ladders (public reads)',
  admin: 'Reference data, users and moderation; needs the ADMIN role',
  attendance: "Check-in, attendance, reliability records and the players' private ratings of games",
  'game-day': 'The session at the venue: courts, rounds from the rotation, swaps, scores and their disputes, the board',
  auth: 'Sign-in with the national or social provider, token refresh and logout, the public keys',
  bookmarks: 'Games the caller keeps an eye on',
  calendars: 'Games as iCalendar files, and a secret feed of your games for calendar apps',
  chat: "A conversation per game among the people in it: messages, the pinned announcement, the hosts' controls",
  games: 'Finding, hosting, joining and leaving games',
  series: 'Recurring games: the weekly rule, its dates, regulars and co-hosts',
  internal: 'Server-to-server calls with the X-Internal-Secret header; not for clients',
  invitations: 'Invitations to be a regular or co-host: yours, accepted or declined',
  me: 'The caller: profile, onboarding, notifications and their own games',
  notifications: "What happened to the caller's games: the list, unread count, a live stream, push devices",
  operations: 'Health, readiness, build information and metrics',
  payments: "What each player owes a game's organiser, PayNow codes, the ledger and your PayNow details; the service never moves money",
  'share-links': 'Short links that bring friends to a game, and the web page behind them',
  venues: 'Where games are played, searchable by activity, text and distance',
};

/**
 * The documentation UI's own policy: its scripts from this origin only, nothing from elsewhere. It
 * sets inline styles as it renders, so styles (never scripts) may be inline on these pages.
 */
const SWAGGER_UI_CSP =
  "default-src 'self'; base-uri 'self'; font-src 'self' data:; frame-ancestors 'self'; img-src 'self' data:; " +
  "object-src 'none'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'; form-action 'self'";

const CALLERS: Record<Access, Caller> = {
  public: 'anyone',
  authenticated: 'user',
  'sign-in': 'sign-in',
  admin: 'admin',
  internal: 'internal',
  loopback: 'loopback',
};

export async function registerDocs(app: FastifyInstance, config: Readonly<Config>) {
  const factsOf = (method: string, url: string): OperationFacts | undefined => {
    const route = app.routePolicies.find((candidate) => candidate.method === method && candidate.url === url);
    if (!route) return undefined;
    return { caller: CALLERS[route.policy.access], rateLimited: route.policy.rateLimit !== undefined, ...ROUTE_DOCS[`${method} ${url}`] };
  };
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Match-organising service',
        version: packageJson.version,
        description:
          'Find, host and join pickup games. Conventions (envelope, pages, problem details, rate limits) are in docs/conventions.md; every error code in docs/errors.md.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: config.baseUrl }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'access_token' },
          internalSecret: { type: 'apiKey', in: 'header', name: 'X-Internal-Secret' },
        },
      },
    },
    transformObject: (generated) => completeDocument(('openapiObject' in generated ? generated.openapiObject : {}) as Record<string, unknown>, factsOf, TAGS),
  });
  const documentFor = publicDocument(app, config);
  await app.register(swaggerUi, {
    routePrefix: '/swagger-ui',
    staticCSP: SWAGGER_UI_CSP,
    uiConfig: { validatorUrl: null },
    transformSpecification: (document, request) => documentFor(request, document),
  });
  app.get('/v3/api-docs', { schema: { hide: true } }, async (request) => documentFor(request, app.swagger()));
}

/** Who the public document is not for: operators and development tooling. */
const NOT_PUBLIC: ReadonlySet<Access> = new Set(['admin', 'internal', 'loopback']);

/**
 * In production the document anyone may read leaves out the admin, internal and development
 * operations, so an outsider learns no more from it than from the gate (docs/access.md); with the
 * X-Internal-Secret header it is whole. Elsewhere it is always whole.
 */
function publicDocument(app: FastifyInstance, config: Readonly<Config>) {
  const hasInternalSecret = internalSecretCheck(config.internalSecret);
  let hidden: Set<string> | undefined;
  return <T extends object>(request: FastifyRequest, whole: T): T => {
    if (config.profile !== 'production' || hasInternalSecret(request)) return whole;
    const document = whole as Record<string, unknown>;
    hidden ??= new Set(app.routePolicies.filter((route) => NOT_PUBLIC.has(route.policy.access)).map((route) => `${route.method} ${openApiPath(route.url)}`));
    const paths: Record<string, Record<string, unknown>> = {};
    for (const [path, operations] of Object.entries((document.paths ?? {}) as Record<string, Record<string, unknown>>)) {
      const kept = Object.fromEntries(Object.entries(operations).filter(([method]) => !hidden!.has(`${method.toUpperCase()} ${path}`)));
      if (Object.keys(kept).length > 0) paths[path] = kept;
    }
    return { ...document, paths } as T;
  };
}

/** `/api/v1/games/:id` as the document writes it, `/api/v1/games/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
