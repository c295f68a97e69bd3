import { spawn, type ChildProcess } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './server-process.ts';
import { command, exited, Tail, track } from '../../reliability/harness/processes.ts';

/**
 * A private PgBouncer (Debian's, 1.18) in transaction mode on a loopback port, in front of the
 * PostgreSQL on `pgPort`; every database name passes through (`* =`), trust authentication.
 * PgBouncer refuses to run as root, so as root it switches to `postgres` (its folder is handed over).
 */
export class PrivatePgBouncer {
  readonly port: number;
  readonly #dir: string;
  readonly #log = new Tail(16 * 1024);
  #child: ChildProcess | undefined;

  private constructor(port: number, pgPort: number, poolSize: number) {
    this.port = port;
    this.#dir = mkdtempSync(path.join(tmpdir(), 'rel-pgbouncer-'));
    const root = userInfo().uid === 0;
    writeFileSync(path.join(this.#dir, 'userlist.txt'), '"postgres" ""\n');
    writeFileSync(
      path.join(this.#dir, 'pgbouncer.ini'),
      [
        '[databases]',
        `* = host=127.0.0.1 port=${pgPort}`,
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${port}`,
        'unix_socket_dir =',
        'auth_type = trust',
        `auth_file = ${path.join(this.#dir, 'userlist.txt')}`,
        'pool_mode = transaction',
        'max_client_conn = 1000',
        `default_pool_size = ${poolSize}`,
        'ignore_startup_parameters = extra_float_digits,options',
        'server_reset_query =',
        'log_connections = 0',
        'log_disconnections = 0',
        ...(root ? ['user = postgres'] : []),
        '',
      ].join('\n'),
    );
    if (root) {
      const { uid, gid } = postgresUser();
      for (const file of ['', 'userlist.txt', 'pgbouncer.ini']) chownSync(path.join(this.#dir, file), uid, gid);
    }
  }

  static async start(options: { pgPort: number; poolSize?: number }): Promise<PrivatePgBouncer> {
    const bouncer = new PrivatePgBouncer(await freePort(), options.pgPort, options.poolSize ?? 20);
    await bouncer.spawn();
    return bouncer;
  }

  url(database: string) {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  async spawn() {
    const child = spawn('pgbouncer', [path.join(this.#dir, 'pgbouncer.ini')], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => this.#log.push(chunk));
    child.stderr.on('data', (chunk) => this.#log.push(chunk));
    this.#child = track(child);
    const started = Date.now();
    while (Date.now() - started < 10_000) {
      if (child.exitCode !== null) break;
      try {
        await command('pg_isready', ['-h', '127.0.0.1', '-p', String(this.port), '-q'], 2000);
        return;
      } catch {
        await sleep(50);
      }
    }
    throw new Error(`pgbouncer on ${this.port} not ready\n${this.#log}`);
  }

  /** kill -9, `downMs` away, and a new process on the same port: every client and server connection is cut. */
  async restart(downMs: number) {
    await this.stop();
    await sleep(downMs);
    await this.spawn();
  }

  async stop() {
    const child = this.#child;
    this.#child = undefined;
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited(child);
    }
  }

  output() {
    return this.#log.toString();
  }

  async close() {
    await this.stop();
    rmSync(this.#dir, { recursive: true, force: true });
  }
}

/** The uid and gid of the `postgres` user, for servers that refuse to run as root. */
export function postgresUser(): { uid: number; gid: number } {
  // /etc/passwd: name:x:uid:gid:…
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (uid === undefined || gid === undefined) throw new Error('pgbouncer runs as root only through the postgres user, and there is none');
  return { uid: Number(uid), gid: Number(gid) };
}
