/**
 * The app's routes, one list per area (pages/<area>/routes.ts), each page loaded on first visit so the
 * first screen downloads only what it shows. `access` says who may see it; the shell asks for sign-in.
 */
import type { AppRoute } from './shell/app-route';
import { routes as admin } from './pages/admin/routes';
import { routes as chat } from './pages/chat/routes';
import { routes as find } from './pages/find/routes';
import { routes as game } from './pages/game/routes';
import { routes as gameday } from './pages/gameday/routes';
import { routes as host } from './pages/host/routes';
import { routes as me } from './pages/me/routes';
import { routes as money } from './pages/money/routes';
import { routes as series } from './pages/series/routes';

export const ROUTES: AppRoute[] = [...find, ...gameday, ...game, ...chat, ...host, ...series, ...me, ...money, ...admin];
