/**
 * The app's routes, one list per area (pages/<area>/routes.ts), each page loaded on first visit so the
 * first screen downloads only what it shows. `access` says who may see it; the shell asks for sign-in.
 */
import { lazy, type ComponentType, type ReactNode } from 'react';
import { routes as admin } from './pages/admin/routes';
import { routes as chat } from './pages/chat/routes';
import { routes as find } from './pages/find/routes';
import { routes as game } from './pages/game/routes';
import { routes as gameday } from './pages/gameday/routes';
import { routes as host } from './pages/host/routes';
import { routes as me } from './pages/me/routes';
import { routes as money } from './pages/money/routes';
import { routes as series } from './pages/series/routes';

export interface RouteContext {
  params: Record<string, string>;
  query: URLSearchParams;
}

export interface AppRoute {
  /** "/games/:id": segments match one to one. */
  path: string;
  access?: 'signed-in' | 'admin';
  render: (context: RouteContext) => ReactNode;
}

/** A page component by name from a module loaded on demand: lazyPage(() => import('./Find'), 'FindPage'). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- pages take their own props; the route passes them.
export function lazyPage<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(load: () => Promise<M>, name: K): M[K] {
  return lazy(async () => ({ default: (await load())[name] })) as unknown as M[K];
}

export const ROUTES: AppRoute[] = [...find, ...gameday, ...game, ...chat, ...host, ...series, ...me, ...money, ...admin];
