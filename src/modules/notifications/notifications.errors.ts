import type { RouteDocsTable } from '../../platform/http/openapi-document.ts';

/** The domain error codes each notifications route can answer. */
export const NOTIFICATIONS_ERRORS: RouteDocsTable = {
  'GET /api/v1/notifications/stream': { errors: { 406: ['not_acceptable'], 429: ['too_many_streams'], 503: ['streams_unavailable'] } },
  'PUT /api/v1/notifications/:id/read': { errors: { 404: ['notification_not_found'] } },
  'DELETE /api/v1/notifications/:id': { errors: { 404: ['notification_not_found'] } },
  'POST /api/v1/me/push-subscriptions': { errors: { 400: ['push_endpoint_refused'], 503: ['web_push_off'] } },
};
