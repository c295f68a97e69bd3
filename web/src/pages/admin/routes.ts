import { createElement } from 'react';
import type { AppRoute } from '../../shell/app-route';
import { lazyPage } from '../../shell/lazy-page';

const Users = lazyPage(() => import('./Users'), 'UsersPage');
const Activities = lazyPage(() => import('./Activities'), 'ActivitiesPage');
const Activity = lazyPage(() => import('./Activity'), 'ActivityPage');
const Venues = lazyPage(() => import('./Venues'), 'VenuesPage');
const Games = lazyPage(() => import('./Games'), 'GamesPage');
const Disputes = lazyPage(() => import('./Disputes'), 'DisputesPage');
const Audit = lazyPage(() => import('./Audit'), 'AuditPage');

export const routes: AppRoute[] = [
  { path: '/admin', access: 'admin', render: () => createElement(Users) },
  { path: '/admin/users', access: 'admin', render: () => createElement(Users) },
  { path: '/admin/activities', access: 'admin', render: () => createElement(Activities) },
  { path: '/admin/activities/:id', access: 'admin', render: ({ params }) => createElement(Activity, { id: params.id! }) },
  { path: '/admin/venues', access: 'admin', render: () => createElement(Venues) },
  { path: '/admin/games', access: 'admin', render: () => createElement(Games) },
  { path: '/admin/disputes', access: 'admin', render: () => createElement(Disputes) },
  { path: '/admin/audit', access: 'admin', render: () => createElement(Audit) },
];
