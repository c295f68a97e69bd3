import { createElement } from 'react';
import type { AppRoute } from '../../shell/app-route';
import { lazyPage } from '../../shell/lazy-page';

const GamePage = lazyPage(() => import('./GamePage'), 'GamePage');
const SharePage = lazyPage(() => import('./SharePage'), 'SharePage');

export const routes: AppRoute[] = [
  { path: '/games/:id', render: ({ params }) => createElement(GamePage, { id: params.id! }) },
  // A share link, for anyone holding it: signed in or not, the game's page follows from here.
  { path: '/s/:code', render: ({ params }) => createElement(SharePage, { code: params.code! }) },
];
