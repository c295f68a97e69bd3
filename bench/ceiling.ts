import Fastify from 'fastify';
import { readFileSync } from 'node:fs';

/**
 * Scenario (a): a bare Fastify server answering, from memory, the very bytes and headers the
 * listing answered. What it reaches on this machine is the ceiling for any JSON endpoint here:
 * `node bench/ceiling.ts <response.json> <port>` prints "listening" once ready.
 */
const recorded = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as { body: string; headers: Record<string, string> };
const body = Buffer.from(recorded.body, 'base64');
const app = Fastify({ logger: false });
app.get('/api/v1/games', (_request, reply) => {
  reply.headers(recorded.headers).send(body);
});
await app.listen({ port: Number(process.argv[3]), host: '127.0.0.1' });
process.stdout.write('listening\n');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
