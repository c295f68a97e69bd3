import { createElement } from 'react';
import { lazyPage, type AppRoute } from '../../routes';

const AdminPage = lazyPage(() => import('../Admin'), 'AdminPage');

export const routes: AppRoute[] = [{ path: '/admin', access: 'admin', render: () => createElement(AdminPage) }];
