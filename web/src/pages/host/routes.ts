import { createElement } from 'react';
import { lazyPage, type AppRoute } from '../../routes';

const HostPage = lazyPage(() => import('../Host'), 'HostPage');

export const routes: AppRoute[] = [
  { path: '/host', access: 'signed-in', render: () => createElement(HostPage) },
  { path: '/games/:id/edit', access: 'signed-in', render: ({ params }) => createElement(HostPage, { id: params.id! }) },
];
