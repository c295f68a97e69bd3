import { page, type AppRoute } from '../../shell/app-route';
import { lazyPage } from '../../shell/lazy-page';

const ChatPage = lazyPage(() => import('./ChatPage'), 'ChatPage');
const ChatReportsPage = lazyPage(() => import('./ChatReports'), 'ChatReportsPage');

export const routes: AppRoute[] = [page('/games/:id/chat', ChatPage, 'signed-in'), page('/admin/chat-reports', ChatReportsPage, 'admin')];
