import type { RouteSpec } from '../../platform/http/route-set.ts';
import { CodeParams, CreateShareLinkBody, ResolvedShareLink, ShareLinkSchema } from './share-links.schemas.ts';

/** What the share-link routes of the route sets accept and answer (the others are declared in the routes). */
export const ShareLinksApi = {
  rotate: {
    summary: 'A new share code for a game you organise: the old link stops working (404) and the access it gave ends',
    body: CreateShareLinkBody,
    data: ShareLinkSchema,
    message: 'Share code rotated',
  },
  resolve: { summary: 'Resolve a share code (counts a click; grants a signed-in caller access)', params: CodeParams, data: ResolvedShareLink, message: 'Share link resolved' },
} satisfies Record<string, RouteSpec>;
