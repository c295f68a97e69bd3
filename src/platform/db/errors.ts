/** True when the error (or a cause: Drizzle wraps driver errors) is a unique violation of `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint: name } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505' && (name === undefined || name === constraint)) return true;
  }
  return false;
}
