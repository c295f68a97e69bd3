import { userRouteSet } from '../../platform/http/route-set.ts';
import type { TypedApp } from '../../platform/http/typed-app.ts';
import { signedIn } from '../access/index.ts';
import { auditActor } from '../audit/index.ts';
import type { RatingsService } from './attendance.ratings.ts';
import { AttendanceApi } from './attendance.api.ts';
import type { DisputesService } from './attendance.disputes.ts';
import type { AttendanceService } from './attendance.service.ts';

export interface AttendanceRoutesOptions {
  attendance: AttendanceService;
  ratings: RatingsService;
  disputes: DisputesService;
}

export async function attendanceRoutes(app: TypedApp, { attendance, ratings, disputes }: AttendanceRoutesOptions) {
  const routes = userRouteSet(app, 'attendance', signedIn);
  const me = userRouteSet(app, 'me', signedIn);
  const admin = userRouteSet(app, 'admin', signedIn);
  routes.get('/api/v1/games/:id/attendance', AttendanceApi.list, (request, { userId }) => attendance.list(userId, request.params.id));
  routes.put('/api/v1/games/:id/attendance/:userId', AttendanceApi.mark, (request, { userId }) =>
    attendance.mark(userId, request.params.id, request.params.userId, request.body.status, auditActor(request)),
  );
  routes.post('/api/v1/games/:id/check-in', AttendanceApi.checkIn, (request, { userId }) => attendance.checkIn(userId, request.params.id));
  me.get('/api/v1/me/reliability', AttendanceApi.ownRecord, (_request, { userId }) => attendance.ownRecord(userId));
  routes.get('/api/v1/games/:id/participants/:userId/reliability', AttendanceApi.recordFor, (request, { userId }) =>
    attendance.recordFor(userId, request.params.id, request.params.userId),
  );
  routes.put('/api/v1/games/:id/rating', AttendanceApi.rate, (request, { userId }) => ratings.rate(userId, request.params.id, request.body));
  routes.get('/api/v1/games/:id/ratings', AttendanceApi.ratings, (request, { userId }) => ratings.list(userId, request.params.id));
  me.post('/api/v1/me/attendance/:gameId/dispute', AttendanceApi.dispute, (request, { userId }) =>
    disputes.dispute(userId, request.params.gameId, request.body.reason),
  );
  admin.get('/api/v1/admin/attendance-disputes', AttendanceApi.disputes, () => disputes.queue());
  admin.post('/api/v1/admin/attendance-disputes/:gameId/:userId/uphold', AttendanceApi.uphold, (request, { userId }) =>
    disputes.settle(userId, request.params.gameId, request.params.userId, 'UPHELD', auditActor(request)),
  );
  admin.post('/api/v1/admin/attendance-disputes/:gameId/:userId/dismiss', AttendanceApi.dismiss, (request, { userId }) =>
    disputes.settle(userId, request.params.gameId, request.params.userId, 'DISMISSED', auditActor(request)),
  );
}
