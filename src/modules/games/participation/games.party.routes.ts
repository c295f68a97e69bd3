import { userRouteSet } from '../../../platform/http/route-set.ts';
import type { TypedApp } from '../../../platform/http/typed-app.ts';
import { signedIn } from '../../access/index.ts';
import { GamesApi } from '../games.api.ts';
import type { GameParticipation } from './games.participation.ts';

/** A player's party after joining: their guests, and a waitlist offer's answer. */
export function partyRoutes(app: TypedApp, participation: GameParticipation) {
  const routes = userRouteSet(app, 'games', signedIn);
  routes.put('/api/v1/games/:id/participants/me/guests', GamesApi.changeGuests, (request, { userId }) =>
    participation.changeGuests(userId, request.params.id, request.body),
  );
  routes.post('/api/v1/games/:id/waitlist-offer/accept', GamesApi.acceptOffer, (request, { userId }) => participation.acceptOffer(userId, request.params.id));
  routes.post('/api/v1/games/:id/waitlist-offer/decline', GamesApi.declineOffer, (request, { userId }) =>
    participation.declineOffer(userId, request.params.id),
  );
}
