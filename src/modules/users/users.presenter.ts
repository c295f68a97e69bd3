import type { UserRow } from './users.repository.ts';

/** The account as operators see it (internal and admin endpoints). */
export function presentAccount(row: UserRow) {
  return {
    id: row.id,
    authProvider: row.authProvider,
    subject: row.providerSubject,
    name: row.name,
    email: row.email,
    roles: row.roles,
    createdAt: row.createdAt.toISOString(),
  };
}
