import { Type } from 'typebox';

export const CodeParams = Type.Object({
  code: Type.String({ pattern: '^[0-9A-Za-z]{8}$', description: '8 letters or digits' }),
});

export const CreateShareLinkBody = Type.Object({
  resourceType: Type.Literal('GAME'),
  resourceId: Type.String({ format: 'uuid' }),
});

const Urls = {
  shareUrl: Type.String(),
  webUrl: Type.String(),
  mobileUrl: Type.String(),
};

export const ShareLinkSchema = Type.Object({
  code: Type.String(),
  resourceType: Type.Literal('GAME'),
  resourceId: Type.String({ format: 'uuid' }),
  ...Urls,
  clickCount: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
});

const Instant = Type.String({ format: 'date-time' });

/** What the link's public page shows of the game (so also to a signed-out visitor of a PRIVATE game). */
const SharedGame = Type.Object({
  title: Type.Union([Type.String(), Type.Null()]),
  activityName: Type.String(),
  venueName: Type.String(),
  venueAddress: Type.String(),
  startTime: Instant,
  endTime: Instant,
  playersJoined: Type.Integer(),
  slots: Type.Integer(),
  waitlisted: Type.Integer(),
  status: Type.String(),
  price: Type.String({ description: 'Decimal string, two places' }),
  currency: Type.String(),
  skillLevelFrom: Type.String(),
  skillLevelTo: Type.String(),
});

export const ResolvedShareLink = Type.Object({
  resourceType: Type.String(),
  resourceId: Type.String({ format: 'uuid' }),
  webUrl: Type.String(),
  mobileUrl: Type.String(),
  game: SharedGame,
});

export const AppSiteAssociation = Type.Object({
  applinks: Type.Object({
    apps: Type.Array(Type.String()),
    details: Type.Array(
      Type.Object({
        appID: Type.String(),
        appIDs: Type.Array(Type.String()),
        paths: Type.Array(Type.String()),
        components: Type.Array(Type.Object({ '/': Type.String() })),
      }),
    ),
  }),
});
