import { createElement } from 'react';
import { lazyPage, type AppRoute } from '../../routes';

const MoneyPage = lazyPage(() => import('./MoneyPage'), 'MoneyPage');

export const routes: AppRoute[] = [{ path: '/me/money', access: 'signed-in', render: () => createElement(MoneyPage) }];
