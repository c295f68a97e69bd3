import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { childEnv, freePort, waitHealthy } from '../../test/helpers/server-process.ts';
import { collectGarbage, type AfterCollection } from './inspector.ts';
import { exited, residentBytes, Tail, track } from './processes.ts';

const SERVER = path.join(import.meta.dirname, '..', '..', 'src', 'server.ts');

/**
 * One service instance: the real entry point (src/server.ts) as its own process on a fixed port,
 * so that a killed instance can be started again where the client expects it.
 */
export class ServiceInstance {
  readonly name: string;
  readonly port: number;
  readonly base: string;
  readonly #env: Record<string, string>;
  readonly #cwd: string;
  #child: ChildProcess | undefined;
  readonly #log = new Tail();
  readonly #inspectable: boolean;
  #inspector: string | undefined;
  starts = 0;

  private constructor(name: string, port: number, env: Record<string, string>, inspectable: boolean) {
    this.name = name;
    this.#inspectable = inspectable;
    this.port = port;
    this.base = `http://127.0.0.1:${port}`;
    this.#cwd = mkdtempSync(path.join(tmpdir(), `rel-${name}-`));
    this.#env = { ...env, PORT: String(port), HOST: '127.0.0.1', BASE_URL: this.base, DATA_DIR: path.join(this.#cwd, 'data') };
  }

  /** `inspectable`: with its inspector on a loopback port, for `collectGarbage()`. */
  static async start(name: string, env: Record<string, string>, withinMs?: number, inspectable = false): Promise<ServiceInstance> {
    const instance = new ServiceInstance(name, await freePort(), env, inspectable);
    await instance.start(withinMs);
    return instance;
  }

  get pid(): number | undefined {
    return this.#child?.pid;
  }

  get alive(): boolean {
    return this.#child !== undefined && this.#child.exitCode === null && this.#child.signalCode === null;
  }

  /** Starts the process and resolves once its health endpoint answers 200. */
  async start(withinMs = 60_000): Promise<number> {
    const args = this.#inspectable ? ['--inspect=127.0.0.1:0', SERVER] : [SERVER];
    const child = spawn(process.execPath, args, { env: childEnv(this.#env), cwd: this.#cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    this.#inspector = undefined;
    child.stdout.on('data', (chunk) => this.#log.push(chunk));
    child.stderr.on('data', (chunk) => {
      this.#log.push(chunk);
      this.#inspector ??= /Debugger listening on (ws:\/\/\S+)/.exec(String(chunk))?.[1];
    });
    this.#child = track(child);
    this.starts++;
    try {
      return await Promise.race([
        waitHealthy(this.base, withinMs),
        exited(child).then(() => {
          throw new Error(`${this.name} exited during start-up (${child.exitCode ?? child.signalCode})`);
        }),
      ]);
    } catch (error) {
      // A start that failed must not leave the process behind (its pipes would keep the test process alive).
      child.kill('SIGKILL');
      throw new Error(`${(error as Error).message}\n--- ${this.name} output ---\n${this.#log}`, { cause: error });
    }
  }

  /** `kill -9`: no shutdown hooks, in-flight requests and transactions are cut off. */
  async kill9(): Promise<void> {
    const child = this.#child;
    if (!child || !this.alive) return;
    child.kill('SIGKILL');
    await exited(child);
  }

  /** Graceful stop (SIGTERM), killed if it takes longer than 15 s. */
  async stop(): Promise<void> {
    const child = this.#child;
    if (!child || !this.alive) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited(child);
    clearTimeout(timer);
  }

  rss(): number | undefined {
    return this.pid === undefined || !this.alive ? undefined : residentBytes(this.pid);
  }

  /** A full garbage collection in the instance, then its resident memory and heap in use. */
  async collectGarbage(): Promise<AfterCollection & { rssBytes: number }> {
    if (!this.#inspector) throw new Error(`${this.name} was not started inspectable`);
    const after = await collectGarbage(this.#inspector);
    const rssBytes = this.rss();
    if (rssBytes === undefined) throw new Error(`${this.name} is not running`);
    return { rssBytes, ...after };
  }

  output(): string {
    return this.#log.toString();
  }

  async close(): Promise<void> {
    await this.stop();
    rmSync(this.#cwd, { recursive: true, force: true });
  }
}
