import type { ShareableGameSummary } from './share-links.ports.ts';
import type { ShareLinkRow } from './share-links.repository.ts';

export interface ShareLinkUrls {
  /** The link people pass around: the web fallback page, and an app link on phones with the app. */
  shareUrl: string;
  /** The game in the web frontend. */
  webUrl: string;
  /** The game in the mobile app. */
  mobileUrl: string;
}

export interface ShareLinkView extends ShareLinkUrls {
  row: ShareLinkRow;
}

/** The game as the link's public page shows it: nothing a signed-out visitor may not read there. */
export function presentSharedGame(game: ShareableGameSummary) {
  return {
    title: game.title,
    activityName: game.activityName,
    venueName: game.venueName,
    venueAddress: game.venueAddress,
    startTime: game.startTime.toISOString(),
    endTime: game.endTime.toISOString(),
    playersJoined: game.playersJoined,
    slots: game.slots,
    waitlisted: game.waitlisted,
    status: game.status,
    price: game.price,
    currency: game.currency,
    skillLevelFrom: game.skillLevelFrom,
    skillLevelTo: game.skillLevelTo,
  };
}

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
