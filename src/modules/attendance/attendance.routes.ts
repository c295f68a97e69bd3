import { Type } from 'typebox';
import { Envelope, envelope } from '../../platform/http/envelope.ts';
import { userRoute } from '../../platform/http/openapi.ts';
import type { TypedApp } from '../../platform/http/typed-app.ts';
import { signedIn } from '../access/index.ts';
import type { RatingsService } from './attendance.ratings.ts';
import { AttendanceEntry, GameIdParams, GameRatingsSchema, MarkBody, OwnRating, PlayerParams, RatingBody, ReliabilityRecord } from './attendance.schemas.ts';
import type { AttendanceService } from './attendance.service.ts';

export interface AttendanceRoutesOptions {
  attendance: AttendanceService;
  ratings: RatingsService;
}

export async function attendanceRoutes(app: TypedApp, { attendance, ratings }: AttendanceRoutesOptions) {
  app.get(
    '/api/v1/games/:id/attendance',
    {
      schema: userRoute('attendance', 'The players with a place and their attendance (organiser or co-host)', {
        params: GameIdParams,
        response: { 200: Envelope(Type.Array(AttendanceEntry)) },
      }),
    },
    async (request) => envelope(request, await attendance.list(signedIn(request).userId, request.params.id), 'Attendance'),
  );

  app.put(
    '/api/v1/games/:id/attendance/:userId',
    {
      schema: userRoute('attendance', 'Mark a player ATTENDED or NO_SHOW, from 30 minutes before the start to 12 hours after (organiser or co-host)', {
        params: PlayerParams,
        body: MarkBody,
        response: { 200: Envelope(AttendanceEntry) },
      }),
    },
    async (request) =>
      envelope(request, await attendance.mark(signedIn(request).userId, request.params.id, request.params.userId, request.body.status), 'Attendance marked'),
  );

  app.post(
    '/api/v1/games/:id/check-in',
    {
      schema: userRoute('attendance', 'Check yourself in, within 30 minutes of the start, where the game allows it', {
        params: GameIdParams,
        response: { 200: Envelope(AttendanceEntry) },
      }),
    },
    async (request) => envelope(request, await attendance.checkIn(signedIn(request).userId, request.params.id), 'Checked in'),
  );

  app.get(
    '/api/v1/me/reliability',
    { schema: userRoute('me', 'Your games played and no-shows in the last 90 days', { response: { 200: Envelope(ReliabilityRecord) } }) },
    async (request) => envelope(request, await attendance.ownRecord(signedIn(request).userId), 'Reliability'),
  );

  app.get(
    '/api/v1/games/:id/participants/:userId/reliability',
    {
      schema: userRoute('attendance', "A player's (or requester's) games played and no-shows in the last 90 days (organiser or co-host)", {
        params: PlayerParams,
        response: { 200: Envelope(ReliabilityRecord) },
      }),
    },
    async (request) => envelope(request, await attendance.recordFor(signedIn(request).userId, request.params.id, request.params.userId), 'Reliability'),
  );

  app.put(
    '/api/v1/games/:id/rating',
    {
      schema: userRoute('attendance', 'Rate a game you attended, once it has ended (1–5 and a note; again replaces it); only its hosts see ratings', {
        params: GameIdParams,
        body: RatingBody,
        response: { 200: Envelope(OwnRating) },
      }),
    },
    async (request) => envelope(request, await ratings.rate(signedIn(request).userId, request.params.id, request.body), 'Rated'),
  );

  app.get(
    '/api/v1/games/:id/ratings',
    {
      schema: userRoute('attendance', "The players' ratings of the game, anonymous (organiser or co-host)", {
        params: GameIdParams,
        response: { 200: Envelope(GameRatingsSchema) },
      }),
    },
    async (request) => envelope(request, await ratings.list(signedIn(request).userId, request.params.id), 'Ratings'),
  );
}
