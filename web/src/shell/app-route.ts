import { createElement, type ComponentType, type ReactNode } from 'react';
import { lazyPage } from './lazy-page';

/** A route of the app: routes.ts lists them all. */
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

/** Who may see a page: anyone; a signed-in person (anyone else is asked to sign in first); administrators (others signed in are told the page is not for them). */
export type Audience = 'anyone' | 'signed-in' | 'admin';

/**
 * The route of a page whose code loads on first visit: page('/games/:id', 'anyone', () => import('./pages/game/GamePage'), 'GamePage').
 * The page gets the path's parameters as props of the same names; the types refuse a page whose props a path does not
 * supply. A page at several paths is one component, so moving between them keeps it as it is.
 */
export function page<Path extends string, M extends Record<K, ComponentType<Params<Path>>>, K extends keyof M & string>(
  paths: Path | Path[],
  audience: Audience,
  load: () => Promise<M>,
  name: K,
): AppRoute[] {
  const shown = lazyPage(load, name);
  const access = audience === 'anyone' ? undefined : audience;
  return [paths].flat().map((path) => ({ path, access, render: ({ params }: RouteContext) => createElement(shown, params as Params<Path>) }));
}
