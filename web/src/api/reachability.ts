/**
 * Whether the service answers: a request that never got an answer (the network or the service is
 * down) marks it unreachable, and the public health check tells when it is back.
 */
import { useSyncExternalStore } from 'react';
import { api, data } from './client';

let down = false;
const listeners = new Set<() => void>();
const set = (value: boolean) => {
  if (down === value) return;
  down = value;
  listeners.forEach((listener) => listener());
};

api.use({
  onError() {
    set(true);
    return undefined;
  },
});

/** True while the service has not answered since a request failed to reach it. */
export function useServiceDown(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => down,
  );
}

/** Asks the public health check; an answer means the service is back. */
export async function checkService(): Promise<boolean> {
  try {
    await data(api.GET('/api/v1/public/health'));
    set(false);
    return true;
  } catch {
    return false;
  }
}
