import { createElement } from 'react';
import type { AppRoute } from '../../shell/app-route';
import { lazyPage } from '../../shell/lazy-page';

const HostConsole = lazyPage(() => import('./HostConsole'), 'HostConsole');
const BigBoard = lazyPage(() => import('./BigBoard'), 'BigBoard');

export const routes: AppRoute[] = [
  { path: '/games/:id/game-day', access: 'signed-in', render: ({ params }) => createElement(HostConsole, { id: params.id! }) },
  { path: '/games/:id/board', access: 'signed-in', render: ({ params }) => createElement(BigBoard, { id: params.id! }) },
];
