import type { UserRow } from './users.repository.ts';

/** Stored, and in token claims, as `national` / `social`; bodies carry the uppercase enum. */
export const presentAuthProvider = (stored: string): 'NATIONAL' | 'SOCIAL' => (stored === 'national' ? 'NATIONAL' : 'SOCIAL');

/** The account as operators see it (internal and admin endpoints). */
export function presentAccount(row: UserRow) {
  return {
    id: row.id,
    authProvider: presentAuthProvider(row.authProvider),
    subject: row.providerSubject,
    name: row.name,
    email: row.email,
    roles: row.roles,
    createdAt: row.createdAt.toISOString(),
  };
}
