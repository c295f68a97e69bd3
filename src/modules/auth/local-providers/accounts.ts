import { createHash } from 'node:crypto';
import type { Account } from 'oidc-provider';

export interface TestUser {
  username: string;
  name: string;
}

export const TEST_USERS: readonly TestUser[] = [
  { username: 'alice', name: 'Alice Tan' },
  { username: 'bob', name: 'Bob Lim' },
  { username: 'chitra', name: 'Chitra Nair' },
  // The sample players of `npm start`'s sample games.
  { username: 'dan', name: 'Dan Koh' },
  { username: 'ela', name: 'Ela Rahman' },
  { username: 'farid', name: 'Farid Ismail' },
  { username: 'grace', name: 'Grace Ong' },
  { username: 'hana', name: 'Hana Sato' },
  { username: 'ivan', name: 'Ivan Petrov' },
  { username: 'jun', name: 'Jun Wei' },
  { username: 'kumar', name: 'Kumar Pillai' },
];

export const USERNAME_PATTERN = /^[a-z0-9._-]{1,64}$/;

export function normaliseUsername(value: string): string | undefined {
  const username = value.trim().toLowerCase();
  return USERNAME_PATTERN.test(username) ? username : undefined;
}

/**
 * Derived, not stored, so the same person gets the same `sub` on every sign-in and across
 * restarts; salted by provider so the two providers do not share identifiers.
 */
export function subjectFor(provider: string, username: string): string {
  return createHash('sha256').update(`${provider}:${username}`).digest('base64url').slice(0, 24);
}

interface Profile {
  name: string;
  email: string;
  connection?: string;
}

/** Remembers who signed in so the provider can answer for a subject at the token and userinfo endpoints. */
export class AccountBook {
  readonly #provider: string;
  readonly #profiles = new Map<string, Profile>();

  constructor(provider: string) {
    this.#provider = provider;
  }

  signIn(username: string, connection?: string): string {
    const sub = subjectFor(this.#provider, username);
    const known = TEST_USERS.find((user) => user.username === username);
    this.#profiles.set(sub, {
      name: known?.name ?? username,
      email: `${username}@${this.#provider}.example.test`,
      ...(connection === undefined ? {} : { connection }),
    });
    return sub;
  }

  find(sub: string): Account | undefined {
    const profile = this.#profiles.get(sub);
    if (!profile) return undefined;
    return {
      accountId: sub,
      // oidc-provider filters these by the granted scopes and the claims configuration.
      claims: () => ({ sub, name: profile.name, email: profile.email, email_verified: true, connection: profile.connection }),
    };
  }
}
