import { createElement } from 'react';
import { lazyPage, type AppRoute } from '../../routes';

const ChatPage = lazyPage(() => import('./ChatPage'), 'ChatPage');
const ChatReportsPage = lazyPage(() => import('./ChatReports'), 'ChatReportsPage');

export const routes: AppRoute[] = [
  { path: '/games/:id/chat', access: 'signed-in', render: ({ params }) => createElement(ChatPage, { id: params.id! }) },
  { path: '/admin/chat-reports', access: 'admin', render: () => createElement(ChatReportsPage) },
];
