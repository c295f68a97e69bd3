import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import pg from 'pg';
import { postgresUser } from './pgbouncer.ts';
import { freePort } from './server-process.ts';

const run = promisify(execFile);
const BIN = '/usr/lib/postgresql/15/bin';

/** Debian's PostgreSQL 15 server binaries, which the private pair needs. */
export const replicaToolsInstalled = ['initdb', 'pg_ctl', 'pg_basebackup'].every((tool) => existsSync(path.join(BIN, tool)));

/**
 * A private PostgreSQL 15 primary and a streaming replica made from it with `pg_basebackup`, in a
 * temporary folder on two free loopback ports; trust authentication, fsync off. As root the
 * servers run as `postgres` (PostgreSQL refuses root), so the folder is handed over. Never touches
 * the machine's own cluster.
 */
export class PrivateReplicaPair {
  readonly primaryPort: number;
  readonly replicaPort: number;
  readonly #dir: string;
  readonly #owner: { uid: number; gid: number } | undefined;

  private constructor(primaryPort: number, replicaPort: number) {
    this.primaryPort = primaryPort;
    this.replicaPort = replicaPort;
    this.#dir = mkdtempSync(path.join(tmpdir(), 'replica-pair-'));
    this.#owner = userInfo().uid === 0 ? postgresUser() : undefined;
    if (this.#owner) chownSync(this.#dir, this.#owner.uid, this.#owner.gid);
  }

  static async start(): Promise<PrivateReplicaPair> {
    const pair = new PrivateReplicaPair(await freePort(), await freePort());
    try {
      await pair.#init();
    } catch (error) {
      await pair.close();
      throw error;
    }
    return pair;
  }

  async #init() {
    const primary = path.join(this.#dir, 'primary');
    await this.#as(path.join(BIN, 'initdb'), ['-D', primary, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
    // initdb's pg_hba.conf with --auth=trust already lets 127.0.0.1 in, replication included.
    appendFileSync(
      path.join(primary, 'postgresql.conf'),
      [
        "listen_addresses = '127.0.0.1'",
        'fsync = off',
        'synchronous_commit = off',
        'full_page_writes = off',
        'shared_buffers = 16MB',
        'max_connections = 60',
        '',
      ].join('\n'),
    );
    await this.#start(primary, this.primaryPort);
    const replica = path.join(this.#dir, 'replica');
    // -R writes standby.signal and primary_conninfo: the copy starts as a hot standby of the primary.
    await this.#as(path.join(BIN, 'pg_basebackup'), ['-h', '127.0.0.1', '-p', String(this.primaryPort), '-U', 'postgres', '-D', replica, '-R', '-X', 'stream']);
    await this.#start(replica, this.replicaPort);
  }

  async #start(dataDir: string, port: number) {
    await this.#as(path.join(BIN, 'pg_ctl'), [
      '-D',
      dataDir,
      '-l',
      path.join(this.#dir, `${port}.log`),
      '-o',
      `-p ${port} -k ${this.#dir}`,
      '-w',
      '-t',
      '60',
      'start',
    ]);
  }

  async #as(file: string, args: string[]) {
    try {
      await run(file, args, { timeout: 120_000, cwd: this.#dir, ...(this.#owner ?? {}) });
    } catch (error) {
      const logs = ['primary', 'replica']
        .map((name) => path.join(this.#dir, `${name === 'primary' ? this.primaryPort : this.replicaPort}.log`))
        .filter((log) => existsSync(log))
        .map((log) => readFileSync(log, 'utf8').slice(-2000));
      throw new Error(`${path.basename(file)} failed: ${(error as Error).message}\n${logs.join('\n')}`, { cause: error });
    }
  }

  primaryUrl(database = 'postgres') {
    return `postgres://postgres@127.0.0.1:${this.primaryPort}/${database}`;
  }

  replicaUrl(database = 'postgres') {
    return `postgres://postgres@127.0.0.1:${this.replicaPort}/${database}`;
  }

  /** A fresh database on the primary, once the replica has it too. */
  async createDatabase(): Promise<string> {
    const name = `r_${randomBytes(6).toString('hex')}`;
    await this.#sql(this.primaryUrl(), `CREATE DATABASE ${name}`);
    await this.caughtUp();
    return name;
  }

  /** Stops applying the primary's WAL on the replica: it keeps answering, from the data it had. */
  async pauseReplay() {
    await this.#sql(this.replicaUrl(), 'SELECT pg_wal_replay_pause()');
  }

  async resumeReplay() {
    await this.#sql(this.replicaUrl(), 'SELECT pg_wal_replay_resume()');
  }

  /** Waits until the replica has replayed everything the primary had written when called. */
  async caughtUp(withinMs = 30_000) {
    const [{ lsn } = {}] = await this.#sql(this.primaryUrl(), 'SELECT pg_current_wal_lsn()::text AS lsn');
    const started = Date.now();
    while (Date.now() - started < withinMs) {
      const [{ behind } = {}] = await this.#sql(this.replicaUrl(), `SELECT pg_last_wal_replay_lsn() < '${lsn}'::pg_lsn AS behind`);
      if (behind === false) return;
      await sleep(20);
    }
    throw new Error('the replica did not catch up');
  }

  async #sql(url: string, text: string): Promise<Array<Record<string, unknown>>> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(text)).rows;
    } finally {
      await client.end();
    }
  }

  /** Stops both servers at once (immediate: nothing to keep) and removes the folder. */
  async close() {
    for (const name of ['replica', 'primary']) {
      const dataDir = path.join(this.#dir, name);
      if (existsSync(path.join(dataDir, 'postmaster.pid'))) {
        await this.#as(path.join(BIN, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      }
    }
    rmSync(this.#dir, { recursive: true, force: true });
  }
}
