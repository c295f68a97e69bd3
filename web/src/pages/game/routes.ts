import { page, type AppRoute } from '../../shell/app-route';
import { lazyPage } from '../../shell/lazy-page';

const GamePage = lazyPage(() => import('./GamePage'), 'GamePage');
const SharePage = lazyPage(() => import('./SharePage'), 'SharePage');

export const routes: AppRoute[] = [
  page('/games/:id', GamePage),
  // A share link, for anyone holding it: signed in or not, the game's page follows from here.
  page('/s/:code', SharePage),
];
