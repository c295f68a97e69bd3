/** True when the error (or a cause: Drizzle wraps driver errors) is a unique violation of `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint: name } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505' && (name === undefined || name === constraint)) return true;
  }
  return false;
}

/** Runs `write`; a unique violation of `constraint` becomes the caller's own error (its 409 and code). */
export async function onUniqueViolation<T>(constraint: string, toError: () => Error, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, constraint)) throw toError();
    throw error;
  }
}
