import { page, type AppRoute } from '../../shell/app-route';
import { lazyPage } from '../../shell/lazy-page';

const Users = lazyPage(() => import('./Users'), 'UsersPage');
const Activities = lazyPage(() => import('./Activities'), 'ActivitiesPage');
const Activity = lazyPage(() => import('./Activity'), 'ActivityPage');
const Venues = lazyPage(() => import('./Venues'), 'VenuesPage');
const Games = lazyPage(() => import('./Games'), 'GamesPage');
const Disputes = lazyPage(() => import('./Disputes'), 'DisputesPage');
const Audit = lazyPage(() => import('./Audit'), 'AuditPage');

export const routes: AppRoute[] = [
  page('/admin', Users, 'admin'),
  page('/admin/users', Users, 'admin'),
  page('/admin/activities', Activities, 'admin'),
  page('/admin/activities/:id', Activity, 'admin'),
  page('/admin/venues', Venues, 'admin'),
  page('/admin/games', Games, 'admin'),
  page('/admin/disputes', Disputes, 'admin'),
  page('/admin/audit', Audit, 'admin'),
];
