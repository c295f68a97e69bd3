import type { FastifyRequest } from 'fastify';
import { userRouteSet } from '../../platform/http/route-set.ts';
import type { TypedApp } from '../../platform/http/typed-app.ts';
import { signedIn } from '../access/index.ts';
import { auditActor } from '../audit/index.ts';
import { GameDayApi } from './game-day.api.ts';
import type { GameDayRounds } from './game-day.rounds.ts';
import type { GameDayScores } from './game-day.scores.ts';
import type { GameDayService } from './game-day.service.ts';

export interface GameDayRoutesOptions {
  session: GameDayService;
  rounds: GameDayRounds;
  scores: GameDayScores;
}

export async function gameDayRoutes(app: TypedApp, { session, rounds, scores }: GameDayRoutesOptions) {
  const routes = userRouteSet(app, 'game-day', signedIn);
  const base = '/api/v1/games/:id/game-day';
  routes.post(base, GameDayApi.open, (request, { userId }) => session.open(userId, request.params.id, request.body));
  routes.get(base, GameDayApi.board, (request, { userId }) => session.board(userId, request.params.id));
  // The body is optional: without one the caller is leaving, as before guests played.
  const aloneWithoutBody = async (request: FastifyRequest) => {
    request.body ??= {};
  };
  routes.post(`${base}/leave`, { ...GameDayApi.leave, preValidation: aloneWithoutBody }, (request, { userId }) =>
    session.leave(userId, request.params.id, request.body.guestId),
  );
  routes.post(`${base}/close`, GameDayApi.close, (request, { userId }) => session.close(userId, request.params.id));
  routes.post(`${base}/rounds`, GameDayApi.propose, (request, { userId }) => rounds.propose(userId, request.params.id));
  routes.post(`${base}/rounds/:roundId/swap`, GameDayApi.swap, (request, { userId }) =>
    rounds.swap(userId, request.params.id, request.params.roundId, request.body),
  );
  routes.post(`${base}/rounds/:roundId/start`, GameDayApi.start, (request, { userId }) => rounds.start(userId, request.params.id, request.params.roundId));
  routes.put(`${base}/matches/:matchId/score`, GameDayApi.enter, (request, { userId }) =>
    scores.enter(userId, request.params.id, request.params.matchId, request.body),
  );
  routes.post(`${base}/matches/:matchId/confirm`, GameDayApi.confirm, (request, { userId }) =>
    scores.answer(userId, request.params.id, request.params.matchId, 'CONFIRMED'),
  );
  routes.post(`${base}/matches/:matchId/dispute`, GameDayApi.dispute, (request, { userId }) =>
    scores.answer(userId, request.params.id, request.params.matchId, 'DISPUTED'),
  );
  routes.post(`${base}/matches/:matchId/settle`, GameDayApi.settle, (request, { userId }) =>
    scores.settle(userId, request.params.id, request.params.matchId, request.body, auditActor(request)),
  );
}
