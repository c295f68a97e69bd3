import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ByteMeter } from '../cache/cache-budget.ts';

export interface MetricsSources {
  pool: () => { total: number; idle: number; waiting: number };
  storeUp: () => Promise<boolean>;
  caches?: ByteMeter[];
}

/** Request counts and latency by route template and status, plus pool, store and cache gauges. */
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

  registerCacheGauges(registry, sources.caches ?? []);

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

/** Each in-process cache's bytes and budget (CACHE_MB's share), labelled by the cache's name. */
function registerCacheGauges(registry: Registry, meters: ByteMeter[]): void {
  const gauge = (name: string, help: string, read: (meter: ByteMeter) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['cache'],
      registers: [registry],
      collect() {
        for (const meter of meters) this.set({ cache: meter.name }, read(meter));
      },
    });
  gauge('cache_bytes', 'What an in-process cache holds, in bytes of its entries (keys and JSON)', (meter) => meter.bytes);
  gauge('cache_budget_bytes', "An in-process cache's share of CACHE_MB", (meter) => meter.maxBytes);
}
