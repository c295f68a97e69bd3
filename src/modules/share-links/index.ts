export { ShareLinksService } from './share-links.service.ts';
export type { ShareLinkUrls } from './share-links.presenter.ts';
export type { ShareableGames, ShareableGameSummary } from './share-links.ports.ts';
export { shareLinksRoutes } from './share-links.routes.ts';
export { SHARE_CODE, SHARE_CODE_PATHS } from './share-code.ts';
export { SHARE_LINKS_ERRORS } from './share-links.errors.ts';
