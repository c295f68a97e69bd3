import { appendFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { backends } from '../test/helpers/backends.ts';
import { createGame, createSport, gameBody, onboardedUser } from '../test/helpers/games.ts';
import { listen, openStream, STREAM, type SseClient } from '../test/helpers/sse.ts';
import { buildTestApp } from '../test/helpers/test-app.ts';
import { createUser, type TestUser } from '../test/helpers/users.ts';

/**
 * `npm run bench:chat [-- --no-write]`: one game with 40 members chatting (issue #39). Every member
 * holds the notification stream open over real HTTP; members take turns posting `MESSAGES` messages,
 * `PACE_MS` apart, and each message's delivery time is taken from just before its POST to its
 * `chat.message` event on each of the 40 streams. The service runs in this process (the test app on
 * PostgreSQL + Redis when TEST_DATABASE_URL and TEST_REDIS_URL are set, else the embedded backend),
 * so the clients' reading shares its event loop: the figures are an upper bound of the service's own.
 */
const ROOT = path.join(import.meta.dirname, '..');
const MEMBERS = 40;
const MESSAGES = 200;
const PACE_MS = 100;
const write = !process.argv.includes('--no-write');

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

async function run(backend: (typeof backends)[number]) {
  // The chat rate limit (10 a minute per person) would refuse the benchmark's pace; the streams' per-address limit its 40 clients.
  const t = await buildTestApp(backend, { RATE_LIMIT_CHAT: '100000', STREAMS_MAX_PER_ADDRESS: '1000' });
  try {
    const base = await listen(t.app);
    const sport = await createSport(t.app, await createUser(t.app, { admin: true }), { name: 'Badminton' });
    const host = await onboardedUser(t.app, 'Host');
    const game = await createGame(t.app, host, gameBody(sport, new Date(), 48, { slots: MEMBERS }));
    const members: TestUser[] = [host];
    for (let i = 1; i < MEMBERS; i++) {
      const player = await onboardedUser(t.app, `Player ${i}`);
      const joined = await t.app.inject({ method: 'POST', url: `/api/v1/games/${game.id}/participants`, headers: player.auth });
      if (joined.statusCode !== 201) throw new Error(joined.body);
      members.push(player);
    }
    const sentAt = new Map<string, number>();
    const early = new Map<string, number[]>();
    const latencies: number[] = [];
    let delivered = 0;
    const streams: SseClient[] = [];
    const reading: Array<Promise<void>> = [];
    for (const member of members) {
      const stream = await openStream(`${base}${STREAM}`, member.auth);
      if (stream.status !== 200) throw new Error(`stream refused: ${stream.status}`);
      streams.push(stream);
      reading.push(
        (async () => {
          for (let got = 0; got < MESSAGES;) {
            const event = await stream.next(30_000);
            if (event.event !== 'chat.message') continue;
            const at = performance.now();
            const id = (JSON.parse(event.data) as { message: { id: string } }).message.id;
            const sent = sentAt.get(id);
            // The event can beat the POST's answer (which names the id): kept until the answer.
            if (sent === undefined) early.set(id, [...(early.get(id) ?? []), at]);
            else latencies.push(at - sent);
            delivered++;
            got++;
          }
        })(),
      );
    }
    const started = performance.now();
    for (let i = 0; i < MESSAGES; i++) {
      const author = members[i % MEMBERS]!;
      const before = performance.now();
      const response = await fetch(`${base}/api/v1/games/${game.id}/chat/messages`, {
        method: 'POST',
        headers: { ...author.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ body: `message ${i}` }),
      });
      if (response.status !== 201) throw new Error(await response.text());
      const id = ((await response.json()) as { data: { id: string } }).data.id;
      sentAt.set(id, before);
      for (const at of early.get(id) ?? []) latencies.push(at - before);
      early.delete(id);
      const next = started + (i + 1) * PACE_MS - performance.now();
      if (next > 0) await new Promise((resolve) => setTimeout(resolve, next));
    }
    await Promise.all(reading);
    for (const stream of streams) stream.close();
    latencies.sort((a, b) => a - b);
    return {
      backend: backend.name,
      expected: MESSAGES * MEMBERS,
      delivered,
      median: quantile(latencies, 0.5),
      p95: quantile(latencies, 0.95),
      p99: quantile(latencies, 0.99),
      max: latencies.at(-1)!,
    };
  } finally {
    await t.close();
  }
}

const load = os.loadavg()[0]!;
const startedAt = new Date();
const results = [];
for (const backend of backends) {
  const result = await run(backend);
  process.stdout.write(
    `${result.backend}: ${result.delivered}/${result.expected} delivered; median ${result.median.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, max ${result.max.toFixed(1)} ms\n`,
  );
  results.push(result);
}
const ms = (value: number) => `${value.toFixed(1)} ms`;
const markdown = [
  '',
  `## Chat delivery (one game, ${MEMBERS} members) — ${startedAt.toISOString()}`,
  '',
  `\`npm run bench:chat\`: ${MEMBERS} members each hold the notification stream open over HTTP; they take turns posting ${MESSAGES} messages, one every ${PACE_MS} ms. Delivery is from just before a message's POST to its \`chat.message\` event on a member's stream, for every member (the author included). The service and the ${MEMBERS} clients share one Node process.`,
  `Node ${process.version} on ${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? 'unknown'}), one-minute load average ${load.toFixed(2)} at the start${load > 1 ? ': a machine shared with other work, so the figures are loaded ones' : ''}.`,
  '',
  '| Backend | Deliveries | Median | p95 | p99 | Max |',
  '|---|--:|--:|--:|--:|--:|',
  ...results.map(
    (r) =>
      `| ${r.backend} | ${r.delivered.toLocaleString('en')} of ${r.expected.toLocaleString('en')} | ${ms(r.median)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} |`,
  ),
  '',
  '',
].join('\n');
if (write) appendFileSync(path.join(ROOT, 'BENCHMARKS.md'), markdown);
process.stdout.write(markdown);
