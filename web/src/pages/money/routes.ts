import { page, type AppRoute } from '../../shell/app-route';
import { lazyPage } from '../../shell/lazy-page';

const MoneyPage = lazyPage(() => import('./MoneyPage'), 'MoneyPage');

export const routes: AppRoute[] = [page('/me/money', MoneyPage, 'signed-in')];
