import { createElement } from 'react';
import { lazyPage, type AppRoute } from '../../routes';

const FindPage = lazyPage(() => import('./Find'), 'FindPage');

export const routes: AppRoute[] = [{ path: '/', render: () => createElement(FindPage) }];
