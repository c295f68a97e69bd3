import type { FastifyRequest } from 'fastify';
import type { TypedApp } from '../../platform/http/typed-app.ts';
import type { Config } from '../../config/index.ts';
import { Envelope, envelope } from '../../platform/http/envelope.ts';
import { openRoute, userRoute } from '../../platform/http/openapi.ts';
import { openRouteSet, userRouteSet } from '../../platform/http/route-set.ts';
import { renderGamePage, renderNotFoundPage, SHARE_PAGE_CSP } from './share-page.ts';
import { presentAppSiteAssociation, presentShareLink } from './share-links.presenter.ts';
import { ShareLinksApi } from './share-links.api.ts';
import { AppSiteAssociation, CodeParams, CreateShareLinkBody, ShareLinkSchema } from './share-links.schemas.ts';
import type { ShareLinksService } from './share-links.service.ts';
import { signedIn } from '../access/index.ts';

export interface ShareLinksRoutesOptions {
  config: Readonly<Config>;
  shareLinks: ShareLinksService;
}

const viewerOf = (request: FastifyRequest) => request.principal?.userId ?? null;

export async function shareLinksRoutes(app: TypedApp, { shareLinks, config }: ShareLinksRoutesOptions) {
  const association = presentAppSiteAssociation(config.mobileAppIds);
  const routes = userRouteSet(app, 'share-links', signedIn);
  const open = openRouteSet(app, 'share-links', viewerOf);

  app.post(
    '/api/v1/share-links',
    {
      schema: userRoute('share-links', 'The share link of a game you organise or play in', {
        body: CreateShareLinkBody,
        response: { 200: Envelope(ShareLinkSchema), 201: Envelope(ShareLinkSchema) },
      }),
    },
    async (request, reply) => {
      const { view, created } = await shareLinks.create(signedIn(request).userId, request.body.resourceType, request.body.resourceId);
      reply.code(created ? 201 : 200);
      return envelope(request, presentShareLink(view), created ? 'Share link created' : 'Share link');
    },
  );

  routes.post('/api/v1/share-links/rotate', ShareLinksApi.rotate, async (request, { userId }) =>
    presentShareLink(await shareLinks.rotate(userId, request.body.resourceType, request.body.resourceId)),
  );
  // The pattern is checked by the schema, so a malformed code never reaches the database.
  open.get('/api/v1/share-links/:code', ShareLinksApi.resolve, (request, viewerId) => shareLinks.resolve(request.params.code, viewerId));

  app.get(
    '/games/:code',
    {
      schema: {
        tags: ['share-links'],
        summary: 'Web fallback page of a share link (HTML)',
        params: CodeParams,
        produces: ['text/html'],
        response: {
          200: { description: 'The game page', content: { 'text/html': { schema: { type: 'string' } } } },
          404: { description: 'A page saying the link does not work (also for a malformed code)', content: { 'text/html': { schema: { type: 'string' } } } },
        },
      },
      // An HTML answer even for a malformed code: this URL is opened by people, not clients.
      attachValidation: true,
    },
    async (request, reply) => {
      const page = request.validationError ? undefined : await shareLinks.page(request.params.code);
      reply.header('content-security-policy', SHARE_PAGE_CSP).header('cache-control', 'no-store').type('text/html; charset=utf-8');
      if (!page) return reply.code(404).send(renderNotFoundPage());
      return reply.send(renderGamePage(page.game, page.urls, config.timeZone));
    },
  );

  app.get(
    '/.well-known/mobile-app-site-association',
    { schema: openRoute('share-links', 'Which app opens /games/* links', { response: { 200: AppSiteAssociation } }) },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return association;
    },
  );
}
