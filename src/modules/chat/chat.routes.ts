import { userRouteSet } from '../../platform/http/route-set.ts';
import type { TypedApp } from '../../platform/http/typed-app.ts';
import { signedIn } from '../access/index.ts';
import { auditActor } from '../audit/index.ts';
import { ChatApi } from './chat.api.ts';
import { presentChat, presentMessage, presentMessages, presentReport } from './chat.presenter.ts';
import type { ChatReports } from './chat.reports.ts';
import type { ChatService } from './chat.service.ts';

/** A game's conversation: only the people in the game now (chat.service.ts says who). */
export async function chatRoutes(app: TypedApp, { chat, reports }: { chat: ChatService; reports: ChatReports }) {
  const routes = userRouteSet(app, 'chat', signedIn);
  const base = '/api/v1/games/:id/chat';
  routes.get(base, ChatApi.state, async (request, { userId }) => presentChat(await chat.state(request.params.id, userId)));
  routes.put(base, ChatApi.settings, async (request, { userId }) => presentChat(await chat.change(request.params.id, userId, request.body)));
  routes.get(`${base}/messages`, ChatApi.messages, async (request, { userId }) =>
    presentMessages(await chat.messages(request.params.id, userId, request.query)),
  );
  routes.post(`${base}/messages`, ChatApi.post, async (request, { userId }) => presentMessage(await chat.post(request.params.id, userId, request.body.body)));
  routes.get('/api/v1/me/chat-unread', ChatApi.unread, (_request, { userId }) => chat.unreadTotals(userId));
  routes.post(`${base}/read`, ChatApi.read, (request, { userId }) => chat.markRead(request.params.id, userId));
  routes.post(`${base}/messages/:messageId/report`, ChatApi.report, (request, { userId }) => chat.report(request.params.id, userId, request.params.messageId));
  // The admins' queue of reports (the access policy's admin tree demands the role).
  const admin = userRouteSet(app, 'admin', signedIn);
  admin.get('/api/v1/admin/chat-reports', ChatApi.queue, async () => (await reports.queue()).map(presentReport));
  admin.post('/api/v1/admin/chat-reports/:reportId/resolve', ChatApi.resolve, (request, { userId }) =>
    reports.resolve(userId, request.params.reportId, request.body.removeMessage, auditActor(request)),
  );
  routes.delete(`${base}/messages/:messageId`, ChatApi.remove, (request, { userId }) => chat.remove(request.params.id, userId, request.params.messageId));
}
