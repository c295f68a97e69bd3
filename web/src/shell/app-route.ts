import { createElement, type ComponentType, type ReactNode } from 'react';

/** A route of the app: each area lists its own (pages/<area>/routes.ts) and routes.ts joins them. */
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

/**
 * A route that shows a page, handing it the path's parameters as props of the same names; the types
 * refuse a page whose props the path does not supply.
 */
export function page<Path extends string>(path: Path, Page: ComponentType<Record<ParamNames<Path>, string>>, access?: AppRoute['access']): AppRoute {
  const render = ({ params }: RouteContext) => createElement(Page, params as Record<ParamNames<Path>, string>);
  return access ? { path, access, render } : { path, render };
}
