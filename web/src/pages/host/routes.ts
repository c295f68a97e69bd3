import { page, type AppRoute } from '../../shell/app-route';
import { lazyPage } from '../../shell/lazy-page';

const HostPage = lazyPage(() => import('./HostPage'), 'HostPage');
const ManagePage = lazyPage(() => import('./ManagePage'), 'ManagePage');

export const routes: AppRoute[] = [
  page('/host', HostPage, 'signed-in'),
  page('/games/:id/edit', HostPage, 'signed-in'),
  page('/games/:id/manage', ManagePage, 'signed-in'),
];
