import type { KeyValueStore } from './store.ts';

/**
 * A module's records in the shared key-value store (login states, refresh tokens): each keeps its
 * own key scheme, and its records live `ttlSeconds` unless a write says otherwise.
 */
export abstract class StoredRecords {
  protected readonly store: KeyValueStore;
  protected readonly ttlSeconds: number;

  constructor(store: KeyValueStore, ttlSeconds: number) {
    this.store = store;
    this.ttlSeconds = ttlSeconds;
  }
}
