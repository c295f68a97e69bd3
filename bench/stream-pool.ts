import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Command, Reply, Subscriber } from './stream-clients.ts';
import { mintTokens } from './service.ts';

/** The parent's side of bench/stream-clients.ts: client processes holding notification streams, for bench/streams.ts and bench/day.ts. */

/** The hard limit on open files: no process here may hold more sockets than that (`ulimit -n` only raises the soft one). */
export function fileLimit(): number {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const hard = line?.split(/\s{2,}/)[2];
  return hard === 'unlimited' || !hard ? Number.POSITIVE_INFINITY : Number(hard);
}

/** A stream-client process, with its soft file limit raised to the hard one by the shell that starts it. */
export class Clients {
  readonly #child: ChildProcess;
  readonly #pending = new Map<number, (reply: Reply) => void>();
  #next = 0;

  constructor() {
    const file = path.join(import.meta.dirname, 'stream-clients.ts');
    this.#child = spawn('/bin/sh', ['-c', 'ulimit -n "$(ulimit -Hn)" && exec "$0" "$@"', process.execPath, file], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.#child.on('message', ({ id, reply }: { id: number; reply: Reply }) => {
      this.#pending.get(id)?.(reply);
      this.#pending.delete(id);
    });
  }

  ask<T extends Reply['op']>(command: Command): Promise<Extract<Reply, { op: T }>> {
    const id = this.#next++;
    return new Promise((resolve) => {
      this.#pending.set(id, resolve as (reply: Reply) => void);
      this.#child.send({ id, command });
    });
  }

  kill(): void {
    if (this.#child.exitCode === null) this.#child.kill('SIGKILL');
  }
}

/** An access token for each user, minted 16 at a time. */
export async function mintAll(url: string, userIds: string[]): Promise<Subscriber[]> {
  const subscribers: Subscriber[] = new Array(userIds.length);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < userIds.length; i = next++) subscribers[i] = { userId: userIds[i]!, token: (await mintTokens(url, userIds[i]!)).accessToken };
  };
  await Promise.all(Array.from({ length: 16 }, lane));
  return subscribers;
}

/**
 * One stream per subscriber, from client processes of `perWorker` streams each; each process from
 * its own loopback source address 127.0.<net>.<10 + i>, so each has the whole ephemeral port range.
 */
export async function openStreams(url: string, subscribers: Subscriber[], perWorker: number, net: number) {
  const workers = Array.from({ length: Math.ceil(subscribers.length / perWorker) }, () => new Clients());
  const opened = await Promise.all(
    workers.map((w, i) =>
      w.ask<'opened'>({
        op: 'open',
        url,
        localAddress: `127.0.${net}.${10 + i}`,
        subscribers: subscribers.slice(i * perWorker, (i + 1) * perWorker),
        concurrency: 32,
      }),
    ),
  );
  return { workers, opened };
}
