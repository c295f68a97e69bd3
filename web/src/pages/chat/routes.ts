import { createElement } from 'react';
import { lazyPage, type AppRoute } from '../../routes';

const ChatPage = lazyPage(() => import('./ChatPage'), 'ChatPage');

export const routes: AppRoute[] = [{ path: '/games/:id/chat', access: 'signed-in', render: ({ params }) => createElement(ChatPage, { id: params.id! }) }];
