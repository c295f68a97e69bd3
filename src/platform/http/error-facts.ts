/**
 * Facts about errors that are safe to log: names, codes, messages and, where asked for, the stack's
 * frames; never SQL text or parameters (Drizzle's own message carries the query, so it is skipped,
 * and a stack is logged without its first line, which repeats the message).
 */
export interface ErrorFacts {
  type: string;
  code?: string;
  message?: string;
  /** Where it was thrown: for server failures (5xx) and failed jobs. */
  stack?: string;
  causes?: ErrorFacts[];
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'STORE_UNAVAILABLE',
  'DB_UNAVAILABLE',
]);

const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'Connection is closed',
  "Stream isn't writeable",
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Reached the max retries per request limit',
];

function chain(error: unknown): Error[] {
  const seen: Error[] = [];
  let current: unknown = error;
  while (current instanceof Error && seen.length < 8 && !seen.includes(current)) {
    seen.push(current);
    current = current.cause;
  }
  return seen;
}

function carriesQuery(error: Error): boolean {
  return error.name === 'DrizzleQueryError' || error.message.startsWith('Failed query');
}

export function describeError(error: unknown, options: { stack?: boolean } = {}): ErrorFacts {
  const [head, ...rest] = chain(error);
  if (!head) return { type: typeof error };
  const facts = (e: Error): ErrorFacts => {
    const code = (e as { code?: unknown }).code;
    return {
      type: e.name,
      ...(typeof code === 'string' ? { code } : {}),
      ...(carriesQuery(e) ? {} : { message: e.message.slice(0, 300) }),
    };
  };
  const stack = options.stack ? frames(head) : undefined;
  return { ...facts(head), ...(stack ? { stack } : {}), ...(rest.length ? { causes: rest.map(facts) } : {}) };
}

/** The stack's frames only: its first lines are the error's name and message, which may carry a query. */
function frames(error: Error): string | undefined {
  const lines = (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
  return lines.length ? lines.slice(0, 20).join('\n') : undefined;
}

/** True when the error says a database or store connection is down, not that the request was wrong. */
export function isUnavailable(error: unknown): boolean {
  return chain(error).some((e) => {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    return UNAVAILABLE_MESSAGES.some((fragment) => e.message.includes(fragment));
  });
}
