import { createElement } from 'react';
import type { AppRoute } from '../../shell/app-route';
import { lazyPage } from '../../shell/lazy-page';

const ChatPage = lazyPage(() => import('./ChatPage'), 'ChatPage');
const ChatReportsPage = lazyPage(() => import('./ChatReports'), 'ChatReportsPage');

export const routes: AppRoute[] = [
  { path: '/games/:id/chat', access: 'signed-in', render: ({ params }) => createElement(ChatPage, { id: params.id! }) },
  { path: '/admin/chat-reports', access: 'admin', render: () => createElement(ChatReportsPage) },
];
