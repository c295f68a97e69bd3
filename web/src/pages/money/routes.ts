import { createElement } from 'react';
import type { AppRoute } from '../../shell/app-route';
import { lazyPage } from '../../shell/lazy-page';

const MoneyPage = lazyPage(() => import('./MoneyPage'), 'MoneyPage');

export const routes: AppRoute[] = [{ path: '/me/money', access: 'signed-in', render: () => createElement(MoneyPage) }];
