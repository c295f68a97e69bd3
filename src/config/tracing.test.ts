import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError } from './reader.ts';
import { loadTracingConfig } from './tracing.ts';

describe('tracing configuration', () => {
  it('is off without OTEL_EXPORTER_OTLP_ENDPOINT, whatever else is set', () => {
    assert.equal(loadTracingConfig({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces', OTEL_TRACES_SAMPLER: 'always_on' }), undefined);
  });

  it('reads the standard variables', () => {
    const config = loadTracingConfig({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/',
      OTEL_SERVICE_NAME: 'club-a',
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0.25',
      OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20abc,x-tenant=club',
    });
    assert.deepEqual(config, {
      tracesUrl: 'http://collector:4318/v1/traces',
      serviceName: 'club-a',
      sampler: 'parentbased_traceidratio',
      samplerRatio: 0.25,
      headers: { authorization: 'Bearer abc', 'x-tenant': 'club' },
    });
    assert.equal(
      loadTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://t.example/traces' })?.tracesUrl,
      'https://t.example/traces',
    );
  });

  it('names every bad variable', () => {
    assert.throws(
      () => loadTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318', OTEL_TRACES_SAMPLER: 'sometimes', OTEL_TRACES_SAMPLER_ARG: '2' }),
      (error: unknown) =>
        error instanceof ConfigError &&
        ['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_TRACES_SAMPLER', 'OTEL_TRACES_SAMPLER_ARG'].every((name) =>
          error.problems.some((problem) => problem.variable === name),
        ),
    );
  });
});
