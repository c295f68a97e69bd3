import { userRouteSet } from '../../platform/http/route-set.ts';
import type { TypedApp } from '../../platform/http/typed-app.ts';
import { signedIn } from '../access/index.ts';
import type { GameParticipation } from './games.participation.ts';
import { GameIdParams, GuestsBody, Participation } from './games.schemas.ts';

/** A player's party after joining: their guests, and a waitlist offer's answer. */
export function partyRoutes(app: TypedApp, participation: GameParticipation) {
  const routes = userRouteSet(app, 'games', signedIn);

  routes.put(
    '/api/v1/games/:id/participants/me/guests',
    {
      summary: 'Change how many guests you bring (all of your party fits, or nothing changes)',
      params: GameIdParams,
      body: GuestsBody,
      data: Participation,
      message: 'Guests changed',
    },
    (request, { userId }) => participation.changeGuests(userId, request.params.id, request.body),
  );

  routes.post(
    '/api/v1/games/:id/waitlist-offer/accept',
    {
      summary: 'Take the place you were offered from the waitlist, before the offer runs out',
      params: GameIdParams,
      data: Participation,
      message: 'Offer accepted',
    },
    (request, { userId }) => participation.acceptOffer(userId, request.params.id),
  );

  routes.post(
    '/api/v1/games/:id/waitlist-offer/decline',
    { summary: 'Turn the offered place down: you leave the waitlist and the place goes to the next party', params: GameIdParams },
    (request, { userId }) => participation.declineOffer(userId, request.params.id),
  );
}
