/** Pages whose code loads on first visit (React.lazy), and a way to start that download early. */
import { isValidElement, lazy, type ComponentType, type ReactNode } from 'react';

/** Each lazily loaded page and how to start loading its code (preloadPage). */
const loaders = new WeakMap<object, () => Promise<unknown>>();

/** A page component by name from a module loaded on demand: lazyPage(() => import('./Find'), 'FindPage'). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- pages take their own props; the route passes them.
export function lazyPage<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(load: () => Promise<M>, name: K): M[K] {
  const page = lazy(async () => ({ default: (await load())[name] }));
  loaders.set(page, load);
  return page as unknown as M[K];
}

/**
 * Starts downloading the code of the page a route rendered, before the shell knows whether it may
 * show it: a signed-in page otherwise waits for GET /me and only then asks for its code, one more
 * round trip on a phone's network before anything of the page is drawn.
 */
export function preloadPage(node: ReactNode): void {
  if (!isValidElement(node) || typeof node.type !== 'object' || node.type === null) return;
  void loaders
    .get(node.type)?.()
    .catch(() => undefined);
}
