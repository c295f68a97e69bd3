import { createElement } from 'react';
import { lazyPage, type AppRoute } from '../../routes';

const GamePage = lazyPage(() => import('../Game'), 'GamePage');

export const routes: AppRoute[] = [{ path: '/games/:id', render: ({ params }) => createElement(GamePage, { id: params.id! }) }];
