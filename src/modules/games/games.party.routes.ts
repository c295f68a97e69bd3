import type { TypedApp } from '../../platform/http/typed-app.ts';
import { Envelope, envelope } from '../../platform/http/envelope.ts';
import { userRoute } from '../../platform/http/openapi.ts';
import { NoContent, noContent } from '../../platform/http/replies.ts';
import { signedIn } from '../access/index.ts';
import type { GameParticipation } from './games.participation.ts';
import { GameIdParams, GuestsBody, Participation } from './games.schemas.ts';

/** A player's party after joining: their guests, and a waitlist offer's answer. */
export function partyRoutes(app: TypedApp, participation: GameParticipation) {
  app.put(
    '/api/v1/games/:id/participants/me/guests',
    {
      schema: userRoute('games', 'Change how many guests you bring (all of your party fits, or nothing changes)', {
        params: GameIdParams,
        body: GuestsBody,
        response: { 200: Envelope(Participation) },
      }),
    },
    async (request) => envelope(request, await participation.changeGuests(signedIn(request).userId, request.params.id, request.body), 'Guests changed'),
  );

  app.post(
    '/api/v1/games/:id/waitlist-offer/accept',
    {
      schema: userRoute('games', 'Take the place you were offered from the waitlist, before the offer runs out', {
        params: GameIdParams,
        response: { 200: Envelope(Participation) },
      }),
    },
    async (request) => envelope(request, await participation.acceptOffer(signedIn(request).userId, request.params.id), 'Offer accepted'),
  );

  app.post(
    '/api/v1/games/:id/waitlist-offer/decline',
    {
      schema: userRoute('games', 'Turn the offered place down: you leave the waitlist and the place goes to the next party', {
        params: GameIdParams,
        response: NoContent,
      }),
    },
    async (request, reply) => noContent(reply, participation.declineOffer(signedIn(request).userId, request.params.id)),
  );
}
