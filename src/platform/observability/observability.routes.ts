import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Registry } from 'prom-client';
import { Envelope, envelope } from '../http/envelope.ts';
import { probe } from './health.ts';

export interface ObservabilityOptions {
  registry: Registry;
  checks: { db: () => Promise<void>; store: () => Promise<void> };
  info: Record<string, unknown>;
}

const Component = Type.Object({ status: Type.Union([Type.Literal('UP'), Type.Literal('DOWN')]) });
const Health = Type.Object({
  status: Type.Union([Type.Literal('UP'), Type.Literal('DOWN')]),
  components: Type.Object({ db: Component, store: Component }),
});
const Status = Type.Object({ status: Type.String() });

export async function observabilityRoutes(app: FastifyInstance, options: ObservabilityOptions) {
  // The full health and the readiness probe give the same answer under two paths.
  const health = (summary: string) => ({ schema: { tags: ['operations'], summary, response: { 200: Health, 503: Health } } });
  const answerHealth = async (_request: FastifyRequest, reply: FastifyReply) => {
    const [db, store] = await Promise.all([probe(options.checks.db), probe(options.checks.store)]);
    const status = db === 'UP' && store === 'UP' ? 'UP' : 'DOWN';
    return reply.code(status === 'UP' ? 200 : 503).send({ status, components: { db: { status: db }, store: { status: store } } });
  };

  app.get(
    '/api/v1/public/health',
    {
      schema: { tags: ['operations'], summary: 'Liveness for clients', response: { 200: Envelope(Status) } },
    },
    async (request) => envelope(request, { status: 'UP' }, 'Service is running'),
  );

  app.get('/actuator/health', health('Health with database and store components'), answerHealth);

  app.get(
    '/actuator/health/liveness',
    {
      schema: { tags: ['operations'], summary: 'The process is alive', response: { 200: Status } },
    },
    async () => ({ status: 'UP' }),
  );

  app.get('/actuator/health/readiness', health('Ready to take traffic'), answerHealth);

  app.get(
    '/actuator/info',
    {
      schema: { tags: ['operations'], summary: 'Build and runtime facts', response: { 200: Type.Record(Type.String(), Type.Unknown()) } },
    },
    async () => options.info,
  );

  app.get(
    '/actuator/prometheus',
    {
      schema: { tags: ['operations'], summary: 'Prometheus metrics', produces: ['text/plain'] },
    },
    async (_request, reply) => reply.type(options.registry.contentType).send(await options.registry.metrics()),
  );
}
