import { page, type AppRoute } from '../../shell/app-route';
import { lazyPage } from '../../shell/lazy-page';

const FindPage = lazyPage(() => import('./Find'), 'FindPage');

export const routes: AppRoute[] = [page('/', FindPage)];
