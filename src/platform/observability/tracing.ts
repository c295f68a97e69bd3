/**
 * OpenTelemetry traces (docs/observability.md). Loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is
 * set, and before anything it instruments: the http, fastify, pg and ioredis instrumentations
 * patch those modules as they are loaded, so the process entry starts this first.
 */
import { SpanStatusCode, context, isSpanContextValid, trace } from '@opentelemetry/api';
import { register as registerImportHooks } from 'import-in-the-middle/register-hooks.mjs';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { FastifyInstrumentation } from '@opentelemetry/instrumentation-fastify';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { NodeSDK, tracing } from '@opentelemetry/sdk-node';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import type { TracingConfig } from '../../config/tracing.ts';
import type { SecretPath } from './logger.ts';
import { ScrubbingSpanProcessor } from './span-scrubber.ts';
import type { Spans } from './spans.ts';

export interface Tracing {
  spans: Spans;
  /** Sends what is still buffered and stops; the service calls it last when it shuts down. */
  shutdown(): Promise<void>;
}

function sampler(config: TracingConfig): tracing.Sampler {
  const ratio = new tracing.TraceIdRatioBasedSampler(config.samplerRatio);
  switch (config.sampler) {
    case 'always_on':
      return new tracing.AlwaysOnSampler();
    case 'always_off':
      return new tracing.AlwaysOffSampler();
    case 'traceidratio':
      return ratio;
    case 'parentbased_always_off':
      return new tracing.ParentBasedSampler({ root: new tracing.AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new tracing.ParentBasedSampler({ root: ratio });
    case 'parentbased_always_on':
      return new tracing.ParentBasedSampler({ root: new tracing.AlwaysOnSampler() });
  }
}

const tracer = () => trace.getTracer('match-service');

const spans: Spans = {
  run(name, attributes, work) {
    // A job or a push is its own trace, not part of whatever happened to be active when it was scheduled.
    return tracer().startActiveSpan(name, { attributes, root: true }, context.active(), async (span) => {
      try {
        return await work();
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR });
        span.setAttribute('error.type', (error as Error).name);
        throw error;
      } finally {
        span.end();
      }
    });
  },
  traceId() {
    const active = trace.getActiveSpan()?.spanContext();
    return active && isSpanContextValid(active) ? active.traceId : undefined;
  },
};

/** What the instrumentations patch; the service imports them as ES modules. */
const INSTRUMENTED = ['fastify', 'pg', 'pg-pool', 'ioredis', 'http', 'https', 'node:http', 'node:https'];

export function startTracing(config: TracingConfig, options: { version: string; secretPaths: readonly SecretPath[] }): Tracing {
  // The instrumentations see `require` by themselves; an `import` only through this in-thread hook
  // (import-in-the-middle, the SDK's own loader), limited to the modules they patch.
  registerImportHooks({ include: INSTRUMENTED });
  const exporter = new OTLPTraceExporter({ url: config.tracesUrl, headers: config.headers });
  const sdk = new NodeSDK({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: config.serviceName, [ATTR_SERVICE_VERSION]: options.version }),
    // The host and process detectors would export the machine's user, command line and host name.
    autoDetectResources: false,
    sampler: sampler(config),
    spanProcessors: [new ScrubbingSpanProcessor(new tracing.BatchSpanProcessor(exporter), options.secretPaths)],
    // Traces only: no metrics or log exporters from the SDK's own defaults.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({ headersToSpanAttributes: {} }),
      new FastifyInstrumentation(),
      // Statements are recorded with their $n placeholders, never their values; connects and the
      // migrations at start-up belong to no request.
      new PgInstrumentation({ enhancedDatabaseReporting: false, requireParentSpan: true }),
      // Keys can hold ids and token hashes: the command name only.
      new IORedisInstrumentation({ dbStatementSerializer: (command) => command, requireParentSpan: true }),
    ],
  });
  sdk.start();
  return { spans, shutdown: () => sdk.shutdown() };
}
