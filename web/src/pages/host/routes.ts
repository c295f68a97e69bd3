import { createElement } from 'react';
import type { AppRoute } from '../../shell/app-route';
import { lazyPage } from '../../shell/lazy-page';

const HostPage = lazyPage(() => import('./HostPage'), 'HostPage');
const ManagePage = lazyPage(() => import('./ManagePage'), 'ManagePage');

export const routes: AppRoute[] = [
  { path: '/host', access: 'signed-in', render: () => createElement(HostPage) },
  { path: '/games/:id/edit', access: 'signed-in', render: ({ params }) => createElement(HostPage, { id: params.id! }) },
  { path: '/games/:id/manage', access: 'signed-in', render: ({ params }) => createElement(ManagePage, { id: params.id! }) },
];
