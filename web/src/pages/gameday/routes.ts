import { page, type AppRoute } from '../../shell/app-route';
import { lazyPage } from '../../shell/lazy-page';

const HostConsole = lazyPage(() => import('./HostConsole'), 'HostConsole');
const BigBoard = lazyPage(() => import('./BigBoard'), 'BigBoard');

export const routes: AppRoute[] = [page('/games/:id/game-day', HostConsole, 'signed-in'), page('/games/:id/board', BigBoard, 'signed-in')];
