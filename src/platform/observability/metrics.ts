import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export interface MetricsSources {
  pool: () => { total: number; idle: number; waiting: number };
  storeUp: () => Promise<boolean>;
}

/** Request counts and latency by route template and status, plus pool and store gauges. */
export function registerMetrics(app: FastifyInstance, sources: MetricsSources): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered', labelNames, registers: [registry] });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency',
    labelNames,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  for (const field of ['total', 'idle', 'waiting'] as const) {
    new Gauge({
      name: `db_pool_connections_${field}`,
      help: `Database pool connections (${field})`,
      registers: [registry],
      collect() {
        this.set(sources.pool()[field]);
      },
    });
  }
  new Gauge({
    name: 'kv_store_up',
    help: '1 when the key-value store answers',
    registers: [registry],
    async collect() {
      this.set((await sources.storeUp()) ? 1 : 0);
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      // The template, not the raw path, so ids do not explode the label set.
      route: request.routeOptions.url ?? 'unmatched',
      status_code: String(reply.statusCode),
    };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });
  return registry;
}
