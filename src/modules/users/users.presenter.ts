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

/** The caller's own profile (`GET /api/v1/me`). */
export function presentMe(row: UserRow) {
  return {
    userId: row.id,
    authProvider: row.authProvider,
    name: row.name,
    email: row.email,
    contactMethods: [],
    skillLevels: [],
    roles: row.roles,
    hasCompletedOnboarding: false,
    totalGamesJoined: 0,
    totalGamesHosted: 0,
    createdAt: row.createdAt.toISOString(),
  };
}
