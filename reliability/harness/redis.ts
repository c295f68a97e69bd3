import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../../test/helpers/server-process.ts';
import { command, exited, Tail, track } from './processes.ts';

/**
 * A real redis-server of the harness's own, on a free port, so the Redis fault never touches the
 * machine's Redis. A restart behaves like a service manager restarting a stock Redis: SHUTDOWN
 * SAVE writes the data set, the process is gone for `downMs`, and the new one loads it again.
 */
export class PrivateRedis {
  readonly port: number;
  readonly url: string;
  readonly #dir: string;
  #child: ChildProcess | undefined;
  readonly #log = new Tail(16 * 1024);

  private constructor(port: number) {
    this.port = port;
    this.url = `redis://127.0.0.1:${port}`;
    this.#dir = mkdtempSync(path.join(tmpdir(), 'rel-redis-'));
  }

  static async start(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort());
    await redis.#spawn();
    return redis;
  }

  async #spawn() {
    const child = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        this.#dir,
        '--dbfilename',
        'dump.rdb',
        '--protected-mode',
        'no',
        '--loglevel',
        'warning',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout.on('data', (chunk) => this.#log.push(chunk));
    child.stderr.on('data', (chunk) => this.#log.push(chunk));
    this.#child = track(child);
    await this.waitReady(10_000);
  }

  async ping(): Promise<boolean> {
    try {
      return (await command('redis-cli', ['-p', String(this.port), 'ping'], 2000)).trim() === 'PONG';
    } catch {
      return false;
    }
  }

  async waitReady(withinMs: number) {
    const started = Date.now();
    while (Date.now() - started < withinMs) {
      if (await this.ping()) return;
      await sleep(50);
    }
    throw new Error(`private redis on ${this.port} not ready within ${withinMs} ms\n${this.#log}`);
  }

  /** Saves, stops, stays away for `downMs`, starts again on the same port with the saved data. */
  async restart(downMs: number): Promise<void> {
    const child = this.#child;
    try {
      await command('redis-cli', ['-p', String(this.port), 'shutdown', 'save'], 10_000);
    } catch {
      // redis-cli reports the dropped connection of a successful shutdown as an error on some versions
    }
    if (child) {
      const gone = await Promise.race([exited(child).then(() => true), sleep(5000).then(() => false)]);
      if (!gone) {
        child.kill('SIGKILL');
        await exited(child);
      }
    }
    await sleep(downMs);
    await this.#spawn();
  }

  async stop() {
    const child = this.#child;
    this.#child = undefined;
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited(child);
    }
    rmSync(this.#dir, { recursive: true, force: true });
  }
}
