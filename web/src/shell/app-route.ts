import type { ReactNode } from 'react';

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
