import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../../test/helpers/server-process.ts';
import { command, exited, Tail, track } from './processes.ts';

/**
 * One private redis-server (or redis-sentinel) process on a loopback port, in a folder of its own
 * under `root`, that can be killed and started again on the same port with the same files.
 */
export class RedisProcess {
  readonly port: number;
  readonly #dir: string;
  readonly #binary: string;
  readonly #args: string[];
  readonly #log = new Tail(16 * 1024);
  #child: ChildProcess | undefined;

  private constructor(root: string, port: number, binary: string, args: (dir: string) => string[]) {
    this.port = port;
    this.#dir = path.join(root, String(port));
    mkdirSync(this.#dir, { recursive: true });
    this.#binary = binary;
    this.#args = args(this.#dir);
  }

  static async start(root: string, binary: 'redis-server' | 'redis-sentinel', args: (dir: string, port: number) => string[]) {
    const port = await freePort();
    const node = new RedisProcess(root, port, binary, (dir) => args(dir, port));
    await node.spawn();
    return node;
  }

  get address() {
    return `127.0.0.1:${this.port}`;
  }

  async spawn() {
    const child = spawn(this.#binary, this.#args, { cwd: this.#dir, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => this.#log.push(chunk));
    child.stderr.on('data', (chunk) => this.#log.push(chunk));
    this.#child = track(child);
    const started = Date.now();
    while (Date.now() - started < 10_000) {
      if ((await this.cli('ping').catch(() => '')).trim() === 'PONG') return;
      await sleep(50);
    }
    throw new Error(`${this.#binary} on ${this.port} not ready\n${this.#log}`);
  }

  cli(...args: string[]): Promise<string> {
    return command('redis-cli', ['-p', String(this.port), ...args], 5000);
  }

  /** Saves its data set and stops, as a service manager stops a stock Redis. */
  async shutdown() {
    await this.cli('shutdown', 'save').catch(() => undefined);
    await this.#wait();
  }

  async kill9() {
    this.#child?.kill('SIGKILL');
    await this.#wait();
  }

  async #wait() {
    const child = this.#child;
    if (!child) return;
    const gone = await Promise.race([exited(child).then(() => true), sleep(5000).then(() => false)]);
    if (!gone) {
      child.kill('SIGKILL');
      await exited(child);
    }
  }

  output() {
    return this.#log.toString();
  }
}

const SERVER_ARGS = (dir: string, port: number) => [
  '--port',
  String(port),
  '--bind',
  '127.0.0.1',
  '--protected-mode',
  'no',
  '--save',
  '',
  '--appendonly',
  'no',
  '--dir',
  dir,
  '--loglevel',
  'warning',
];

/** A 3-master Redis Cluster without replicas (`redis-cli --cluster create`). */
export class PrivateRedisCluster {
  readonly masters: RedisProcess[];
  readonly #root: string;

  private constructor(root: string, masters: RedisProcess[]) {
    this.#root = root;
    this.masters = masters;
  }

  get url() {
    return `redis-cluster://${this.masters.map((m) => m.address).join(',')}`;
  }

  static async start(count = 3): Promise<PrivateRedisCluster> {
    const root = mkdtempSync(path.join(tmpdir(), 'rel-redis-cluster-'));
    const masters: RedisProcess[] = [];
    const cluster = new PrivateRedisCluster(root, masters);
    try {
      for (let i = 0; i < count; i++) {
        masters.push(
          await RedisProcess.start(root, 'redis-server', (dir, port) => [
            ...SERVER_ARGS(dir, port),
            '--cluster-enabled',
            'yes',
            '--cluster-config-file',
            'nodes.conf',
            '--cluster-node-timeout',
            '2000',
          ]),
        );
      }
      await command('redis-cli', ['--cluster', 'create', ...masters.map((m) => m.address), '--cluster-replicas', '0', '--cluster-yes'], 30_000);
      await cluster.waitHealthy(20_000);
      return cluster;
    } catch (error) {
      await cluster.stop();
      throw error;
    }
  }

  /** Every master answers with `cluster_state:ok`. */
  async waitHealthy(withinMs: number) {
    const started = Date.now();
    while (Date.now() - started < withinMs) {
      const states = await Promise.all(this.masters.map((m) => m.cli('cluster', 'info').catch(() => '')));
      if (states.every((info) => info.includes('cluster_state:ok'))) return;
      await sleep(100);
    }
    throw new Error('redis cluster not healthy in time');
  }

  /** Saves and stops one master for `downMs`, then starts it again with its data and node table. */
  async restartMaster(index: number, downMs: number) {
    const master = this.masters[index]!;
    await master.shutdown();
    await sleep(downMs);
    await master.spawn();
    await this.waitHealthy(30_000);
  }

  async stop() {
    for (const master of this.masters) await master.kill9();
    rmSync(this.#root, { recursive: true, force: true });
  }
}

/** A primary, one replica and three Sentinels (quorum 2) watching them as `mymaster`. */
export class PrivateRedisSentinel {
  readonly masterName = 'mymaster';
  readonly servers: RedisProcess[];
  readonly sentinels: RedisProcess[];
  readonly #root: string;

  private constructor(root: string, servers: RedisProcess[], sentinels: RedisProcess[]) {
    this.#root = root;
    this.servers = servers;
    this.sentinels = sentinels;
  }

  get url() {
    return `redis-sentinel://${this.sentinels.map((s) => s.address).join(',')}/${this.masterName}`;
  }

  static async start(): Promise<PrivateRedisSentinel> {
    const root = mkdtempSync(path.join(tmpdir(), 'rel-redis-sentinel-'));
    const set = new PrivateRedisSentinel(root, [], []);
    try {
      const primary = await RedisProcess.start(root, 'redis-server', SERVER_ARGS);
      set.servers.push(primary);
      set.servers.push(
        await RedisProcess.start(root, 'redis-server', (dir, port) => [...SERVER_ARGS(dir, port), '--replicaof', '127.0.0.1', String(primary.port)]),
      );
      for (let i = 0; i < 3; i++) {
        set.sentinels.push(
          await RedisProcess.start(root, 'redis-sentinel', (dir, port) => {
            const file = path.join(dir, 'sentinel.conf');
            writeFileSync(
              file,
              [
                `port ${port}`,
                'bind 127.0.0.1',
                'protected-mode no',
                `dir ${dir}`,
                `sentinel monitor mymaster 127.0.0.1 ${primary.port} 2`,
                'sentinel down-after-milliseconds mymaster 1000',
                'sentinel failover-timeout mymaster 10000',
                'sentinel parallel-syncs mymaster 1',
                '',
              ].join('\n'),
            );
            return [file];
          }),
        );
      }
      await set.waitReplicated(20_000);
      return set;
    } catch (error) {
      await set.stop();
      throw error;
    }
  }

  /** The primary's port as the Sentinels report it. */
  async primaryPort(): Promise<number> {
    const answer = await this.sentinels[0]!.cli('sentinel', 'get-master-addr-by-name', this.masterName);
    return Number(answer.trim().split('\n')[1]);
  }

  /** The primary the Sentinels name has a connected replica, and every Sentinel knows both. */
  async waitReplicated(withinMs: number) {
    const started = Date.now();
    while (Date.now() - started < withinMs) {
      const port = await this.primaryPort().catch(() => 0);
      const primary = this.servers.find((s) => s.port === port);
      const info = primary ? await primary.cli('info', 'replication').catch(() => '') : '';
      const sentinelsAgree = await Promise.all(this.sentinels.map((s) => s.cli('sentinel', 'get-master-addr-by-name', this.masterName).catch(() => '')));
      if (/role:master/.test(info) && /connected_slaves:1/.test(info) && /state=online/.test(info) && sentinelsAgree.every((a) => a.includes(String(port))))
        return;
      await sleep(200);
    }
    throw new Error('redis sentinel set not replicated in time');
  }

  /**
   * kill -9 of the primary: the Sentinels promote the replica; the old primary comes back after
   * `downMs` (with the data it had saved, none) and is turned into the new primary's replica.
   * Resolves once a new primary has a replica again, and answers the ports before and after.
   */
  async failover(downMs: number): Promise<{ from: number; to: number }> {
    const from = await this.primaryPort();
    const victim = this.servers.find((s) => s.port === from)!;
    await victim.kill9();
    const started = Date.now();
    let to = from;
    while (to === from && Date.now() - started < 30_000) {
      await sleep(100);
      to = await this.primaryPort().catch(() => from);
    }
    if (to === from) throw new Error('sentinels did not fail over within 30 s');
    await sleep(Math.max(0, downMs - (Date.now() - started)));
    await victim.spawn();
    await this.waitReplicated(60_000);
    return { from, to };
  }

  async stop() {
    for (const process of [...this.sentinels, ...this.servers]) await process.kill9();
    rmSync(this.#root, { recursive: true, force: true });
  }
}
