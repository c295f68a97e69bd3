import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** The PostgreSQL array literal of `values`, each element quoted, so any text survives both drivers. */
export function arrayLiteral(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

/**
 * `= any($n::type[])`: one parameter however many values, so the statement's text (and its
 * prepared plan) stays the same. Drizzle's `inArray` writes `IN ($1, $2, …)`, a new statement for
 * every length. The array goes as one text parameter (drizzle would spread a JS array into a list).
 */
export function equalsAny(values: readonly string[], type: 'uuid' | 'text'): SQL {
  return sql`= any(${arrayLiteral(values)}::${sql.raw(type)}[])`;
}

/** An array parameter for a function argument or `unnest`, typed like `equalsAny`'s. */
export function arrayParam(values: readonly string[], type: 'uuid' | 'text'): SQL {
  return sql`${arrayLiteral(values)}::${sql.raw(type)}[]`;
}

/** `column = any($n::type[])`: the stable form of drizzle's `inArray(column, values)`. */
export function inAny(column: SQLWrapper, values: readonly string[], type: 'uuid' | 'text'): SQL {
  return sql`${column} ${equalsAny(values, type)}`;
}
