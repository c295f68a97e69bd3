import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { INTERNAL_SECRET } from './test-app.ts';

export interface TestUser {
  id: string;
  accessToken: string;
  refreshToken: string;
  /** `Authorization` header for this user. */
  auth: { authorization: string };
}

/** Provisions a user through the internal API and mints tokens through the dev endpoint. */
export async function createUser(
  app: FastifyInstance,
  options: { provider?: 'national' | 'social'; subject?: string; name?: string; email?: string; admin?: boolean } = {},
): Promise<TestUser> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/internal/users',
    headers: { 'x-internal-secret': INTERNAL_SECRET },
    payload: {
      authProvider: options.provider ?? 'social',
      subject: options.subject ?? randomUUID(),
      ...(options.name ? { name: options.name } : {}),
      ...(options.email ? { email: options.email } : {}),
    },
  });
  assert.ok(created.statusCode === 201 || created.statusCode === 200, created.body);
  const id: string = created.json().data.id;
  if (options.admin) {
    const roles = await app.inject({
      method: 'PUT',
      url: `/api/v1/internal/users/${id}/roles`,
      headers: { 'x-internal-secret': INTERNAL_SECRET },
      payload: { roles: ['ADMIN'] },
    });
    assert.equal(roles.statusCode, 200, roles.body);
  }
  const tokens = await mintTokens(app, id);
  return { id, ...tokens, auth: { authorization: `Bearer ${tokens.accessToken}` } };
}

export async function mintTokens(app: FastifyInstance, userId: string): Promise<{ accessToken: string; refreshToken: string }> {
  const minted = await app.inject({ method: 'POST', url: '/api/v1/auth/dev/tokens', payload: { userId } });
  assert.equal(minted.statusCode, 200, minted.body);
  const { accessToken, refreshToken } = minted.json().data;
  return { accessToken, refreshToken };
}
