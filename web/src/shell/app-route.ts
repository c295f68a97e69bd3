import { createElement, type ComponentType, type ReactNode } from 'react';
import { lazyPage } from './lazy-page';

/** A route of the app: routes.ts lists them all, a group for each audience. */
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

/** The names of a path's parameters: "/games/:id/players/:userId" → "id" | "userId". */
type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** A page's props: each of its paths' parameters, "/games/:id" → { id: string }. */
type Params<Path extends string> = Path extends string ? Record<ParamNames<Path>, string> : never;

/**
 * The route of a page whose code loads on first visit: page('/games/:id', () => import('./pages/game/GamePage'), 'GamePage').
 * The page gets the path's parameters as props of the same names; the types refuse a page whose props a path does not
 * supply. A page at several paths is one component, so moving between them keeps it as it is.
 */
export function page<Path extends string, M extends Record<K, ComponentType<Params<Path>>>, K extends keyof M & string>(
  paths: Path | Path[],
  load: () => Promise<M>,
  name: K,
): AppRoute[] {
  const shown = lazyPage(load, name);
  return [paths].flat().map((path) => ({ path, render: ({ params }: RouteContext) => createElement(shown, params as Params<Path>) }));
}

const only =
  (access: AppRoute['access']) =>
  (routes: AppRoute[][]): AppRoute[] =>
    routes.flat().map((route) => ({ ...route, access }));

/** Pages for everyone, signed in or not. */
export const forAnyone = only(undefined);
/** Pages for a signed-in person; anyone else is asked to sign in first. */
export const forSignedIn = only('signed-in');
/** Pages for administrators: others signed in are told the page is not for them. */
export const forAdmins = only('admin');
