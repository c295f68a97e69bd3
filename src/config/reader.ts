/**
 * Reading the raw environment: small typed readers that name their variable when they refuse a value.
 * A refusal is recorded and the fallback stands in, so one pass finds every bad variable; `finish`
 * then throws one ConfigError listing them all (a fallback never reaches a running service).
 */
import type { RawEnv } from './env.ts';

export interface ConfigProblem {
  variable: string;
  reason: string;
}

/** Every bad variable found; the message is what the process prints, one line per variable. */
export class ConfigError extends Error {
  readonly problems: readonly ConfigProblem[];
  /** The first bad variable (the only one, most often). */
  readonly variable: string;
  constructor(variable: string, reason: string, more: readonly ConfigProblem[] = []) {
    const problems = [{ variable, reason }, ...more];
    super(
      problems.length === 1
        ? `Invalid configuration: ${variable} ${reason}`
        : `Invalid configuration (${problems.length} variables):\n${problems.map((problem) => `  ${problem.variable} ${problem.reason}`).join('\n')}`,
    );
    this.problems = problems;
    this.variable = variable;
  }
}

export type Reader = ReturnType<typeof reader>;

export function reader(env: RawEnv) {
  const problems: ConfigProblem[] = [];
  const refuse = (variable: string, reason: string) => {
    if (!problems.some((problem) => problem.variable === variable)) problems.push({ variable, reason });
  };
  /** Runs a check written to throw; what it refuses is recorded and `fallback` stands in. */
  function attempt<T>(check: () => T, fallback?: T): T {
    try {
      return check();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      for (const problem of error.problems) refuse(problem.variable, problem.reason);
      return fallback as T;
    }
  }
  const raw = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };
  return {
    raw,
    refuse,
    attempt,
    /** Throws the one error naming every bad variable, if any was found. */
    finish() {
      const [first, ...more] = problems;
      if (first) throw new ConfigError(first.variable, first.reason, more);
    },
    string: (name: string, fallback: string) => raw(name) ?? fallback,
    integer: (name: string, fallback: number, min: number, max: number): number => attempt(() => integerValue(name, raw(name), fallback, min, max), fallback),
    boolean: (name: string, fallback: boolean): boolean => attempt(() => booleanValue(name, raw(name), fallback), fallback),
    oneOf: <T extends string>(name: string, fallback: T, allowed: readonly T[]): T => attempt(() => oneOfValue(name, raw(name) ?? fallback, allowed), fallback),
    url: (name: string, fallback: string | undefined, protocols: string[]): string | undefined =>
      attempt(() => urlValue(name, raw(name) ?? fallback, protocols), fallback),
    list: (name: string, fallback: string) =>
      (raw(name) ?? fallback)
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    json: (name: string): string | undefined => attempt(() => jwksValue(name, raw(name))),
  };
}

function integerValue(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const parsed = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(parsed) || parsed < min || parsed > max) throw new ConfigError(name, `must be an integer from ${min} to ${max}`);
  return parsed;
}

function booleanValue(name: string, written: string | undefined, fallback: boolean): boolean {
  const value = written?.toLowerCase();
  if (value === undefined) return fallback;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new ConfigError(name, 'must be true or false');
}

function oneOfValue<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if (!allowed.includes(value as T)) throw new ConfigError(name, `must be one of ${allowed.join(', ')}`);
  return value as T;
}

function urlValue(name: string, value: string | undefined, protocols: string[]): string | undefined {
  if (value === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(name, 'must be an absolute URL');
  }
  if (!protocols.includes(parsed.protocol)) throw new ConfigError(name, `must use ${protocols.join(' or ')}`);
  return value;
}

function jwksValue(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    const parsed = JSON.parse(value) as { keys?: unknown };
    if (!Array.isArray(parsed.keys) || parsed.keys.length === 0) throw new Error('no keys');
  } catch {
    throw new ConfigError(name, 'must be a JSON Web Key Set with at least one key');
  }
  return value;
}
