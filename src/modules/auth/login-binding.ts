import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';

export const LOGIN_BINDING_COOKIE = 'login_binding';

/**
 * Ties a web sign-in to the browser that started it (login CSRF): the start sets a cookie holding
 * a keyed hash of the state, and the callback wants it back. The hash, not the state, so the
 * cookie alone cannot finish anyone's sign-in, and the key keeps it from being computed.
 */
export class LoginBinding {
  readonly #key: Buffer;

  constructor(secretSeed: Buffer) {
    this.#key = createHash('sha256').update('login-binding\0').update(secretSeed).digest();
  }

  of(state: string): string {
    return createHmac('sha256', this.#key).update(state).digest('base64url');
  }

  matches(state: string, cookie: string | undefined): boolean {
    if (!cookie) return false;
    const expected = Buffer.from(this.of(state));
    const given = Buffer.from(cookie);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

/** Lax so the provider's top-level redirect back carries it; only the callback path sees it. */
export function setLoginBindingCookie(reply: FastifyReply, value: string, options: { path: string; maxAge: number; secure: boolean }) {
  reply.setCookie(LOGIN_BINDING_COOKIE, value, { httpOnly: true, sameSite: 'lax', ...options });
}

export function clearLoginBindingCookie(reply: FastifyReply, options: { path: string; secure: boolean }) {
  reply.clearCookie(LOGIN_BINDING_COOKIE, { httpOnly: true, sameSite: 'lax', ...options });
}
