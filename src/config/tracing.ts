import type { RawEnv } from './env.ts';
import { ConfigError, reader } from './reader.ts';

export const TRACE_SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;
export type TraceSamplerName = (typeof TRACE_SAMPLERS)[number];

/** OpenTelemetry traces, in the standard OTEL_* variables; absent when OTEL_EXPORTER_OTLP_ENDPOINT is unset. */
export interface TracingConfig {
  /** The OTLP/HTTP traces URL: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as given, else the endpoint + /v1/traces. */
  tracesUrl: string;
  serviceName: string;
  sampler: TraceSamplerName;
  /** The ratio of the traceidratio samplers, 0 to 1. */
  samplerRatio: number;
  /** OTEL_EXPORTER_OTLP_HEADERS (key=value,…): a collector's credentials, never logged. */
  headers: Record<string, string>;
}

function url(name: string, value: string): string {
  try {
    const parsed = new URL(value);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return value;
  } catch {
    // Refused below.
  }
  throw new ConfigError(name, 'must be an http:// or https:// URL');
}

function headers(value: string | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const pair of (value ?? '').split(',')) {
    if (pair.trim() === '') continue;
    const at = pair.indexOf('=');
    if (at <= 0) throw new ConfigError('OTEL_EXPORTER_OTLP_HEADERS', 'must be a comma-separated list of key=value');
    result[decodeURIComponent(pair.slice(0, at).trim())] = decodeURIComponent(pair.slice(at + 1).trim());
  }
  return result;
}

/**
 * Read apart from the rest of the configuration: the process entry needs it before anything
 * the tracer instruments (fastify, pg, ioredis) is loaded, and the rest loads them.
 */
export function loadTracingConfig(env: RawEnv): TracingConfig | undefined {
  const read = reader(env);
  const endpoint = read.raw('OTEL_EXPORTER_OTLP_ENDPOINT');
  if (endpoint === undefined) return undefined;
  const tracesEndpoint = read.raw('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT');
  const tracesUrl = read.attempt(
    () =>
      tracesEndpoint
        ? url('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', tracesEndpoint)
        : `${url('OTEL_EXPORTER_OTLP_ENDPOINT', endpoint).replace(/\/+$/, '')}/v1/traces`,
    '',
  );
  const sampler = read.oneOf('OTEL_TRACES_SAMPLER', 'parentbased_always_on', TRACE_SAMPLERS);
  const samplerRatio = read.attempt(() => {
    const value = read.raw('OTEL_TRACES_SAMPLER_ARG');
    if (value === undefined) return 1;
    const ratio = Number(value);
    if (!Number.isFinite(ratio) || ratio < 0 || ratio > 1) throw new ConfigError('OTEL_TRACES_SAMPLER_ARG', 'must be a number from 0 to 1');
    return ratio;
  }, 1);
  const collectorHeaders = read.attempt(() => headers(read.raw('OTEL_EXPORTER_OTLP_HEADERS')), {});
  const serviceName = read.string('OTEL_SERVICE_NAME', 'match-service');
  read.finish();
  return Object.freeze({ tracesUrl, serviceName, sampler, samplerRatio, headers: collectorHeaders });
}
