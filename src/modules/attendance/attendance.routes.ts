import { Type } from 'typebox';
import { userRouteSet } from '../../platform/http/route-set.ts';
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
  const routes = userRouteSet(app, 'attendance', signedIn);
  const me = userRouteSet(app, 'me', signedIn);

  routes.get(
    '/api/v1/games/:id/attendance',
    {
      summary: 'The players with a place and their attendance (organiser or co-host)',
      params: GameIdParams,
      data: Type.Array(AttendanceEntry),
      message: 'Attendance',
    },
    (request, { userId }) => attendance.list(userId, request.params.id),
  );

  routes.put(
    '/api/v1/games/:id/attendance/:userId',
    {
      summary: 'Mark a player ATTENDED or NO_SHOW, from 30 minutes before the start to 12 hours after (organiser or co-host)',
      params: PlayerParams,
      body: MarkBody,
      data: AttendanceEntry,
      message: 'Attendance marked',
    },
    (request, { userId }) => attendance.mark(userId, request.params.id, request.params.userId, request.body.status),
  );

  routes.post(
    '/api/v1/games/:id/check-in',
    {
      summary: 'Check yourself in, within 30 minutes of the start, where the game allows it',
      params: GameIdParams,
      data: AttendanceEntry,
      message: 'Checked in',
    },
    (request, { userId }) => attendance.checkIn(userId, request.params.id),
  );

  me.get(
    '/api/v1/me/reliability',
    { summary: 'Your games played and no-shows in the last 90 days', data: ReliabilityRecord, message: 'Reliability' },
    (_request, { userId }) => attendance.ownRecord(userId),
  );

  routes.get(
    '/api/v1/games/:id/participants/:userId/reliability',
    {
      summary: "A player's (or requester's) games played and no-shows in the last 90 days (organiser or co-host)",
      params: PlayerParams,
      data: ReliabilityRecord,
      message: 'Reliability',
    },
    (request, { userId }) => attendance.recordFor(userId, request.params.id, request.params.userId),
  );

  routes.put(
    '/api/v1/games/:id/rating',
    {
      summary: 'Rate a game you attended, once it has ended (1–5 and a note; again replaces it); only its hosts see ratings',
      params: GameIdParams,
      body: RatingBody,
      data: OwnRating,
      message: 'Rated',
    },
    (request, { userId }) => ratings.rate(userId, request.params.id, request.body),
  );

  routes.get(
    '/api/v1/games/:id/ratings',
    { summary: "The players' ratings of the game, anonymous (organiser or co-host)", params: GameIdParams, data: GameRatingsSchema, message: 'Ratings' },
    (request, { userId }) => ratings.list(userId, request.params.id),
  );
}
