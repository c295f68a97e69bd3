import type { ShareLinkView } from './share-links.service.ts';

export function presentShareLink(view: ShareLinkView) {
  return {
    code: view.row.code,
    resourceType: view.row.resourceType as 'GAME',
    resourceId: view.row.resourceId,
    shareUrl: view.shareUrl,
    webUrl: view.webUrl,
    mobileUrl: view.mobileUrl,
    clickCount: view.row.clickCount,
    createdAt: view.row.createdAt.toISOString(),
  };
}

/** Apple's app-site-association shape; Android reads the same paths from its own manifest. */
export function presentAppSiteAssociation(appIds: string[]) {
  return {
    applinks: {
      apps: [],
      details: appIds.map((appId) => ({ appID: appId, appIDs: [appId], paths: ['/games/*'], components: [{ '/': '/games/*' }] })),
    },
  };
}
