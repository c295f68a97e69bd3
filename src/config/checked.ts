import { ConfigError } from './reader.ts';

/**
 * `value` as written, checked now by a parser kept elsewhere: the parser's own `Rejection` becomes
 * a ConfigError naming the variable, anything else it throws is a bug and passes through.
 */
export function checkedWith(
  variable: string,
  value: string | undefined,
  parse: (value: string) => unknown,
  Rejection: abstract new (...args: never[]) => Error,
): string | undefined {
  if (value === undefined) return undefined;
  try {
    parse(value);
  } catch (error) {
    if (error instanceof Rejection) throw new ConfigError(variable, error.message);
    throw error;
  }
  return value;
}
