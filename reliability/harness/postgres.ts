import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { command } from './processes.ts';

/**
 * The machine's PostgreSQL cluster, controlled with pg_ctlcluster. RELIABILITY_PG_CLUSTER and
 * RELIABILITY_PG_PORT choose it (default `main` on 5432, what CI runs); RELIABILITY_PG_VERSION
 * defaults to the only directory under /etc/postgresql.
 */
export class PostgresCluster {
  readonly version: string;
  readonly cluster: string;
  readonly port: number;

  constructor() {
    this.version = process.env.RELIABILITY_PG_VERSION ?? readdirSync('/etc/postgresql').sort().at(-1)!;
    this.cluster = process.env.RELIABILITY_PG_CLUSTER ?? 'main';
    this.port = Number(process.env.RELIABILITY_PG_PORT ?? 5432);
  }

  get name() {
    return `${this.version}/${this.cluster}`;
  }

  url(database: string) {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  async #ctl(action: 'restart' | 'stop' | 'start') {
    await command('pg_ctlcluster', ['--skip-systemctl-redirect', this.version, this.cluster, action], 120_000);
  }

  /** `pg_ctlcluster … restart` (fast shutdown: every session is terminated), then waits until it accepts connections. */
  async restart() {
    await this.#ctl('restart');
    await this.waitReady(30_000);
  }

  async stop() {
    await this.#ctl('stop');
  }

  async start() {
    await this.#ctl('start');
    await this.waitReady(30_000);
  }

  async isReady(): Promise<boolean> {
    try {
      await command('pg_isready', ['-h', '127.0.0.1', '-p', String(this.port), '-q'], 5000);
      return true;
    } catch {
      return false;
    }
  }

  async waitReady(withinMs: number) {
    const started = Date.now();
    while (Date.now() - started < withinMs) {
      if (await this.isReady()) return;
      await sleep(100);
    }
    throw new Error(`PostgreSQL ${this.name} not ready within ${withinMs} ms`);
  }

  /** Leaves the cluster running whatever a failed test did to it. */
  async ensureRunning() {
    if (await this.isReady()) return;
    try {
      await this.start();
    } catch {
      await this.waitReady(30_000);
    }
  }

  /** A fresh database `rel_<random>` for one run. */
  async createDatabase(): Promise<{ name: string; url: string; drop(): Promise<void> }> {
    const name = `rel_${randomBytes(6).toString('hex')}`;
    await this.admin((client) => client.query(`CREATE DATABASE ${name}`));
    return {
      name,
      url: this.url(name),
      drop: async () => {
        await this.ensureRunning();
        await this.admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      },
    };
  }

  async admin<T>(work: (client: pg.Client) => Promise<T>, database = 'postgres'): Promise<T> {
    const client = new pg.Client({ connectionString: this.url(database), connectionTimeoutMillis: 5000 });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}
