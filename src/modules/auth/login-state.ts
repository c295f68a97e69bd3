import { StoredRecords } from '../../platform/kv/index.ts';
import type { PendingLogin } from './providers/index.ts';

export type Platform = 'web' | 'mobile';

export interface LoginState {
  pending: PendingLogin;
  platform: Platform;
  /** Epoch ms; checked against the service clock, the store's TTL only cleans up. */
  createdAt: number;
  /** Mobile only: the app's S256 challenge; redeeming the one-time token needs its verifier. */
  codeChallenge?: string;
}

const key = (state: string) => `login:${state}`;

/** The server-side half of a sign-in: kept for LOGIN_STATE_TTL, taken exactly once. */
export class LoginStates extends StoredRecords {
  save(state: LoginState): Promise<void> {
    return this.store.set(key(state.pending.state), JSON.stringify(state), this.ttlSeconds);
  }

  /** Reads without consuming: the callback checks the browser binding before it uses a state up. */
  async peek(state: string): Promise<LoginState | undefined> {
    const value = await this.store.get(key(state));
    return value ? (JSON.parse(value) as LoginState) : undefined;
  }

  async take(state: string): Promise<LoginState | undefined> {
    const value = await this.store.take(key(state));
    return value ? (JSON.parse(value) as LoginState) : undefined;
  }
}
