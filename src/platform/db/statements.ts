import type pg from 'pg';

type Query = pg.ClientBase['query'];

/**
 * Makes every statement on `client` unnamed. A transaction-mode pooler (PgBouncer before 1.21)
 * hands each transaction a different server connection, where a statement prepared under a name
 * on another one does not exist ("prepared statement … does not exist"). Dropping the name keeps
 * the extended protocol and parameters and only gives up the saved plan, so any named statement,
 * wherever written, falls back by itself.
 */
export function dropStatementNames(client: pg.ClientBase): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((first: unknown, ...rest: unknown[]) => {
    if (first && typeof first === 'object' && (first as { name?: unknown }).name !== undefined) {
      // A submittable (pg.Query, a cursor) is used as it is, so its name goes in place.
      if (typeof (first as { submit?: unknown }).submit === 'function') {
        (first as { name?: string }).name = undefined;
        return query(first, ...rest);
      }
      const { name: _dropped, ...unnamed } = first as { name?: string };
      return query(unnamed, ...rest);
    }
    return query(first, ...rest);
  }) as Query;
}
